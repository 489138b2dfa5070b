import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { Role } from '#shared/enums';
import { inviteMemberBody, type InviteMemberBody } from '#shared/schemas';
import { useToast } from '../../../components/toast/use-toast';
import { errorMessage, isApiError } from '../../../lib/api-client';
import { FormSelect, FormTextField } from '../../../lib/forms/fields';
import { mappedSchema } from '../../../lib/forms/schema-resolver';
import { applyServerErrors } from '../../../lib/forms/server-errors';
import { useSchemaForm } from '../../../lib/forms/use-schema-form';
import { inviteMember } from '../api/team-mutations';
import type { TeamMember } from '../api/get-team';
import { OwnerPropertiesField } from './OwnerPropertiesField';
import { ROLE_KEYS, ROLE_OPTIONS } from './role-options';

const FIELDS: readonly (keyof InviteMemberBody)[] = ['email', 'firstName', 'lastName', 'role', 'propertyIds'];
/** The roles one may invite: the members', and owners (issue 41: owned properties, a read-only portal). */
const INVITE_ROLES: readonly Role[] = [...ROLE_OPTIONS, 'owner'];

/** The invitation as the form holds it: properties (chosen for an owner) are sent, and checked, only for an owner. */
const inviteForm = mappedSchema(inviteMemberBody, (values: InviteMemberBody) => ({ ...values, propertyIds: values.role === 'owner' ? values.propertyIds : undefined }));

export interface InviteMemberDialogProps {
  open: boolean;
  onClose: () => void;
  /** Everyone of the company (members and pending invitees), to catch a duplicate before sending. */
  team: TeamMember[];
  /** Invite an owner only (the "Invite owner" action; owners take no seat of the plan, so also at its user limit). */
  ownerOnly?: boolean;
}

/** "Invite member" (CEO): name, e-mail and role; the invitee gets an e-mail to set a password. */
export function InviteMemberDialog({ open, onClose, team, ownerOnly = false }: InviteMemberDialogProps) {
  const { t } = useTranslation();
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  return (
    <Dialog open={open} onClose={onClose} fullScreen={fullScreen} fullWidth maxWidth="sm" aria-labelledby="invite-member-title">
      <DialogTitle id="invite-member-title">{t(ownerOnly ? 'team.owners.inviteTitle' : 'team.invite.title')}</DialogTitle>
      {/* Mounted only while open, so each opening starts empty. */}
      {open && <InviteForm team={team} onDone={onClose} ownerOnly={ownerOnly} />}
    </Dialog>
  );
}

function InviteForm({ team, onDone, ownerOnly }: { team: TeamMember[]; onDone: () => void; ownerOnly: boolean }) {
  const { t } = useTranslation();
  const { toast } = useToast();
  const form = useSchemaForm(inviteForm, { defaultValues: { email: '', firstName: '', lastName: '', role: ownerOnly ? 'owner' : 'staff' } });
  const pending = form.formState.isSubmitting;
  // A refusal of the whole invitation; type 'limit' is the plan's user limit: offer the upgrade.
  const refusal = form.formState.errors.root;
  const role = form.watch('role');

  /** Someone of this company already has the address: say who, without a round trip. */
  function duplicateOf(email: string): string | undefined {
    const found = team.find((member) => member.email.toLowerCase() === email.trim().toLowerCase());
    if (!found) return undefined;
    return found.invitationPending ? t('team.invite.alreadyInvited') : t('team.invite.alreadyMember');
  }

  const submit = form.handleSubmit(async (body) => {
    const duplicate = duplicateOf(body.email);
    if (duplicate) {
      form.setError('email', { message: duplicate });
      return;
    }
    // An owner is invited with the properties they own (at least one); nobody else has any.
    const owner = body.role === 'owner';
    if (owner && !body.propertyIds?.length) {
      form.setError('propertyIds', { message: 'owners.propertyIdsRequired' });
      return;
    }
    try {
      const invited = await inviteMember(body);
      toast({ title: t('team.invite.sent'), description: t('team.invite.sentText', { email: invited.email }), severity: 'success' });
      onDone();
    } catch (error) {
      if (isApiError(error) && error.status === 400) {
        applyServerErrors(form, error, { fields: FIELDS });
      } else if (isApiError(error) && error.status === 409) {
        // Already on the team, already invited, or another company's account: about the e-mail.
        form.setError('email', { message: errorMessage(error, t('team.invite.alreadyMember')) });
      } else {
        // 403: the plan's user limit (SPEC's wording, with the plan and its limit) or a role that may not invite.
        const limit = isApiError(error) && error.status === 403;
        form.setError('root', { type: limit ? 'limit' : 'refused', message: errorMessage(error, t('team.invite.failed')) });
      }
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <DialogContent sx={{ pt: 0.5 }}>
        <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
          {t('team.invite.description')}
        </Typography>
        {refusal?.message && (
          <Alert severity={refusal.type === 'limit' ? 'warning' : 'error'} sx={{ mb: 2 }} data-testid="invite-refusal" role="alert">
            {refusal.message}
            {refusal.type === 'limit' && (
              <>
                {' '}
                <Link component={RouterLink} to="/pricing" color="inherit" underline="always" sx={{ fontWeight: 600 }}>
                  {t('team.seats.upgrade')}
                </Link>
              </>
            )}
          </Alert>
        )}
        <Stack spacing={2.5}>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
            <FormTextField
              form={form}
              name="firstName"
              label={t('team.invite.firstName')}
              required
              autoFocus
              fullWidth
              autoComplete="off"
              slotProps={{ htmlInput: { maxLength: 100 } }}
            />
            <FormTextField
              form={form}
              name="lastName"
              label={t('team.invite.lastName')}
              required
              fullWidth
              autoComplete="off"
              slotProps={{ htmlInput: { maxLength: 100 } }}
            />
          </Box>
          <FormTextField
            form={form}
            name="email"
            label={t('team.invite.email')}
            placeholder={t('team.invite.emailPlaceholder')}
            type="email"
            required
            fullWidth
            autoComplete="off"
            slotProps={{ htmlInput: { maxLength: 254 } }}
          />
          <FormSelect
            form={form}
            name="role"
            label={t('team.invite.role')}
            helperText={t(`team.roleHints.${ROLE_KEYS[role as Role]}`)}
            required
            fullWidth
          >
            {(ownerOnly ? (['owner'] as const) : INVITE_ROLES).map((role) => (
              <MenuItem key={role} value={role}>
                {t(`team.roles.${ROLE_KEYS[role]}`)}
              </MenuItem>
            ))}
          </FormSelect>
          {role === 'owner' && <OwnerPropertiesField form={form} name="propertyIds" />}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Button onClick={onDone} disabled={pending} color="inherit">
          {t('common.cancel')}
        </Button>
        <Button type="submit" variant="contained" disabled={pending} startIcon={pending ? <CircularProgress size={16} color="inherit" /> : undefined}>
          {pending ? t('team.invite.sending') : t('team.invite.submit')}
        </Button>
      </DialogActions>
    </form>
  );
}
