import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { companySettingsBody, MAX_SHIFT_LATE_AFTER_MINUTES } from '#shared/schemas';
import { useToast } from '../../../components/toast/use-toast';
import { errorMessage, isApiError } from '../../../lib/api-client';
import { FormSelect, FormTextField } from '../../../lib/forms/fields';
import { mappedSchema } from '../../../lib/forms/schema-resolver';
import { applyServerErrors } from '../../../lib/forms/server-errors';
import { useSchemaForm } from '../../../lib/forms/use-schema-form';
// The company's settings (one item for operations and team) are read and written by the reservations
// feature's API module, which the properties screen's turnover switch uses too.
import { updateCompanySettings, useCompanySettings } from '../../reservations/api/company-settings';
import type { CompanySettings } from '../../reservations/api/types';
import type { TeamMember } from '../api/get-team';
import { memberName, roleLabel } from './member-display';
import { TaskDurationFields, taskDurationValues, taskDurationsBody, type TaskDurationValues } from '../../dispatch/components/TaskDurationFields';

const UNASSIGNED = '';
type SettingsValues = { shiftLateAfterMinutes: string; turnoverAssigneeId: string } & TaskDurationValues;
const FIELDS = ['shiftLateAfterMinutes', 'turnoverAssigneeId', 'taskDurations.cleaning', 'taskDurations.maintenance', 'taskDurations.laundry'] as const;

/** The minutes as typed (empty is no number), "Nobody" as null. */
const settingsForm = mappedSchema(companySettingsBody, (values: SettingsValues) => ({
  shiftLateAfterMinutes: values.shiftLateAfterMinutes.trim() === '' ? Number.NaN : Number(values.shiftLateAfterMinutes),
  turnoverAssigneeId: values.turnoverAssigneeId || null,
  taskDurations: taskDurationsBody(values.taskDurations),
}));

export interface TeamSettingsDialogProps {
  open: boolean;
  onClose: () => void;
  companyId: string | undefined;
  /** The members who have joined (turnovers can go to them). */
  members: TeamMember[];
  /** CEO and managers change the settings; anyone else reads them. */
  canEdit: boolean;
}

/** Team settings: how late a shift start may be and still count as present, and who gets the turnovers. */
export function TeamSettingsDialog({ open, onClose, companyId, members, canEdit }: TeamSettingsDialogProps) {
  const { t } = useTranslation();
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const { settings, error } = useCompanySettings(open ? companyId : undefined);
  let body;
  if (error) {
    body = (
      <DialogContent>
        <Alert severity="error">{errorMessage(error, t('team.settings.loadFailed'))}</Alert>
      </DialogContent>
    );
  } else if (!settings) {
    body = (
      <DialogContent aria-busy>
        <Skeleton height={56} />
        <Skeleton height={56} />
      </DialogContent>
    );
  } else {
    body = <SettingsForm settings={settings} companyId={companyId!} members={members} canEdit={canEdit} onDone={onClose} />;
  }
  return (
    <Dialog open={open} onClose={onClose} fullScreen={fullScreen} fullWidth maxWidth="sm" aria-labelledby="team-settings-title">
      <DialogTitle id="team-settings-title">{t('team.settings.title')}</DialogTitle>
      {/* Mounted only while open, so each opening starts from the saved settings. */}
      {open && body}
      {open && !settings && (
        <DialogActions sx={{ px: 3, pb: 2.5 }}>
          <Button onClick={onClose} color="inherit">
            {t('common.close')}
          </Button>
        </DialogActions>
      )}
    </Dialog>
  );
}

interface SettingsFormProps {
  settings: CompanySettings;
  companyId: string;
  members: TeamMember[];
  canEdit: boolean;
  onDone: () => void;
}

function SettingsForm({ settings, companyId, members, canEdit, onDone }: SettingsFormProps) {
  const { t } = useTranslation();
  const { toast } = useToast();
  const form = useSchemaForm(settingsForm, {
    defaultValues: {
      shiftLateAfterMinutes: String(settings.shiftLateAfterMinutes),
      // A saved assignee who has since left is shown as unassigned (the server no longer obeys it).
      turnoverAssigneeId: members.some((member) => member.id === settings.turnoverAssigneeId) ? settings.turnoverAssigneeId! : UNASSIGNED,
      taskDurations: taskDurationValues(settings.taskDurations),
    },
  });
  const pending = form.formState.isSubmitting;
  const failure = form.formState.errors.root?.message;
  const [lateAfter, assignee] = form.watch(['shiftLateAfterMinutes', 'turnoverAssigneeId']);
  const minutes = Number(lateAfter);

  const submit = form.handleSubmit(async (body) => {
    try {
      await updateCompanySettings(companyId, body);
      toast({ title: t('team.settings.saved'), severity: 'success' });
      onDone();
    } catch (error) {
      if (applyServerErrors(form, error, { fields: FIELDS })) return;
      if (isApiError(error) && error.status === 403) form.setError('root', { message: t('team.settings.managersOnly') });
      else form.setError('root', { message: errorMessage(error, t('team.settings.saveFailed')) });
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <DialogContent sx={{ pt: 0.5 }}>
        <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
          {t('team.settings.description')}
        </Typography>
        {!canEdit && (
          <Alert severity="info" sx={{ mb: 2 }}>
            {t('team.settings.managersOnly')}
          </Alert>
        )}
        {failure && (
          <Alert severity="error" sx={{ mb: 2 }} role="alert">
            {failure}
          </Alert>
        )}
        <Stack spacing={3}>
          <section aria-labelledby="team-settings-shifts">
            <Typography id="team-settings-shifts" variant="subtitle2" component="h3" sx={{ mb: 1.5 }}>
              {t('team.settings.shiftsTitle')}
            </Typography>
            <FormTextField
              form={form}
              name="shiftLateAfterMinutes"
              label={t('team.settings.lateAfter')}
              type="number"
              helperText={Number.isInteger(minutes) && lateAfter.trim() !== '' ? t('team.settings.lateAfterHint', { count: minutes }) : ' '}
              disabled={!canEdit}
              fullWidth
              slotProps={{ htmlInput: { min: 0, max: MAX_SHIFT_LATE_AFTER_MINUTES, step: 1, inputMode: 'numeric' } }}
            />
          </section>
          <section aria-labelledby="team-settings-turnovers">
            <Typography id="team-settings-turnovers" variant="subtitle2" component="h3" sx={{ mb: 1.5 }}>
              {t('team.settings.turnoversTitle')}
            </Typography>
            <FormSelect
              form={form}
              name="turnoverAssigneeId"
              label={t('team.settings.assignee')}
              helperText={t(assignee ? 'team.settings.assigneeHint' : 'team.settings.unassignedHint')}
              disabled={!canEdit}
              fullWidth
              // "Nobody" is a choice like the others: shown as such, not as an empty field.
              slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
            >
              <MenuItem value={UNASSIGNED}>{t('team.settings.unassigned')}</MenuItem>
              {members.map((member) => (
                <MenuItem key={member.id} value={member.id}>
                  {memberName(member)} · {roleLabel(t, member)}
                </MenuItem>
              ))}
            </FormSelect>
            {!settings.autoTurnovers && (
              <Alert severity="warning" sx={{ mt: 1.5 }} data-testid="turnovers-off">
                {t('team.settings.turnoversOff')}
              </Alert>
            )}
          </section>
          <TaskDurationFields form={form} disabled={!canEdit} />
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Button onClick={onDone} disabled={pending} color="inherit">
          {t(canEdit ? 'common.cancel' : 'common.close')}
        </Button>
        {canEdit && (
          <Button type="submit" variant="contained" disabled={pending} startIcon={pending ? <CircularProgress size={16} color="inherit" /> : undefined}>
            {pending ? t('team.settings.saving') : t('team.settings.save')}
          </Button>
        )}
      </DialogActions>
    </form>
  );
}
