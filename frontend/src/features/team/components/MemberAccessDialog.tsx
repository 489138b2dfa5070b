import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { memberAccessBody } from '#shared/schemas';
import { useToast } from '../../../components/toast/use-toast';
import { errorMessage } from '../../../lib/api-client';
import { useSchemaForm } from '../../../lib/forms/use-schema-form';
// The groups are made under Properties (issue 41); Team only chooses among them.
import { usePropertyGroups } from '../../properties/api/property-groups';
import type { TeamMember } from '../api/get-team';
import { changeMemberAccess } from '../api/team-mutations';

export interface MemberAccessDialogProps {
  member: TeamMember;
  name: string;
  onClose: () => void;
}

/** Team › a member › Access: the property groups they see (none chosen: every property). */
export function MemberAccessDialog({ member, name, onClose }: MemberAccessDialogProps) {
  const { t } = useTranslation();
  const { toast } = useToast();
  const { groups, isLoading, error } = usePropertyGroups();
  const form = useSchemaForm(memberAccessBody, { defaultValues: { propertyGroupIds: member.propertyGroupIds ?? [] } });
  const chosen = form.watch('propertyGroupIds') ?? [];
  const toggle = (id: string, on: boolean) =>
    form.setValue('propertyGroupIds', on ? [...chosen, id] : chosen.filter((candidate) => candidate !== id), { shouldDirty: true });

  const submit = form.handleSubmit(async (body) => {
    try {
      await changeMemberAccess(member.id, body.propertyGroupIds ?? []);
      toast({ title: t('team.access.saved', { name }), severity: 'success' });
      onClose();
    } catch (failure) {
      form.setError('root', { message: errorMessage(failure, t('team.access.failed')) });
    }
  });

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="member-access-title">
      <form onSubmit={submit} noValidate>
        <DialogTitle id="member-access-title">{t('team.access.title', { name })}</DialogTitle>
        <DialogContent>
          <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1 }}>
            {chosen.length ? t('team.access.scoped') : t('team.access.everyProperty')}
          </Typography>
          {error && <Alert severity="error">{errorMessage(error, t('team.access.failed'))}</Alert>}
          {!isLoading && !error && groups.length === 0 && <Alert severity="info">{t('team.access.noGroups')}</Alert>}
          <FormGroup aria-label={t('team.access.groups')}>
            {groups.map((group) => (
              <FormControlLabel
                key={group.id}
                label={group.name}
                control={<Checkbox size="small" checked={chosen.includes(group.id)} onChange={(event) => toggle(group.id, event.target.checked)} />}
              />
            ))}
          </FormGroup>
          {form.formState.errors.root?.message && (
            <Alert severity="error" role="alert" sx={{ mt: 1 }}>
              {form.formState.errors.root.message}
            </Alert>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={form.formState.isSubmitting}>
            {t('team.access.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
