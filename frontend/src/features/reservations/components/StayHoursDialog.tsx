import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../components/toast/use-toast';
import { errorMessage } from '../../../lib/api-client';
import { companySettingsBody } from '#shared/schemas';
import { FormSelect } from '../../../lib/forms/fields';
import { applyServerErrors } from '../../../lib/forms/server-errors';
import { useSchemaForm } from '../../../lib/forms/use-schema-form';
import { updateCompanySettings } from '../api/company-settings';
import type { CompanySettings } from '../api/types';
import { formatHour } from '../utils/format';
import { zoneName } from '../../../lib/zone-name';

type Field = 'checkinHour' | 'checkoutHour';
const FIELDS: Field[] = ['checkinHour', 'checkoutHour'];
const HOURS = Array.from({ length: 24 }, (_, hour) => hour);
const ALERT_HOURS = Array.from({ length: 24 }, (_, hour) => hour + 1);

export interface StayHoursDialogProps {
  companyId: string;
  settings: CompanySettings;
  /** The company's time zone, named so nobody reads the hours as their own. */
  timeZone: string | undefined;
  onClose: () => void;
}

/**
 * The company's standard check-in and check-out hours (its time zone): a booking made by days checks
 * in and out at them, and a turnover is due at check-out. Later bookings follow; earlier ones keep
 * their times. Check-out stays earlier in the day than check-in, so a same-day turnover fits.
 */
export function StayHoursDialog({ companyId, settings, timeZone, onClose }: StayHoursDialogProps) {
  const { t, i18n } = useTranslation();
  const { toast } = useToast();
  const language = i18n.resolvedLanguage;
  const form = useSchemaForm(companySettingsBody, {
    defaultValues: { checkinHour: settings.checkinHour, checkoutHour: settings.checkoutHour, readinessAlertHours: settings.readinessAlertHours ?? 3 },
  });
  const pending = form.formState.isSubmitting;
  const failure = form.formState.errors.root?.message;

  const submit = form.handleSubmit(async ({ checkinHour, checkoutHour, readinessAlertHours }) => {
    if (checkoutHour === undefined || checkinHour === undefined) return;
    if (checkoutHour >= checkinHour) {
      // The server's own rule and message (shared/messages.ts), checked here before the round trip.
      form.setError('checkoutHour', { message: 'settings.checkoutNotBeforeCheckin' });
      return;
    }
    try {
      await updateCompanySettings(companyId, { checkinHour, checkoutHour, readinessAlertHours });
      toast({ title: t('reservations.hours.saved'), severity: 'success' });
      onClose();
    } catch (error) {
      if (!applyServerErrors(form, error, { fields: [...FIELDS, 'readinessAlertHours'] })) form.setError('root', { message: errorMessage(error, t('reservations.hours.saveFailed')) });
    }
  });

  const hourField = (field: Field) => (
    <FormSelect
      form={form}
      name={field}
      parse={Number}
      // Either hour changing settles the rule between them: both messages go.
      onValueChange={() => form.clearErrors(FIELDS)}
      label={t(`reservations.hours.${field}`)}
      helperText=" "
      fullWidth
    >
      {HOURS.map((hour) => (
        <MenuItem key={hour} value={hour}>
          {formatHour(hour, language)}
        </MenuItem>
      ))}
    </FormSelect>
  );

  return (
    <Dialog open onClose={pending ? undefined : onClose} fullWidth maxWidth="xs" aria-labelledby="stay-hours-title">
      <DialogTitle id="stay-hours-title">{t('reservations.hours.title')}</DialogTitle>
      <form onSubmit={submit} noValidate>
        <DialogContent sx={{ pt: 0.5 }}>
          <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
            {t('reservations.hours.description', { zone: timeZone ? zoneName(t, timeZone) : '' })}
          </Typography>
          {failure && (
            <Alert severity="error" sx={{ mb: 2 }} role="alert">
              {failure}
            </Alert>
          )}
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: '1fr 1fr', pt: 1 }}>
            {hourField('checkinHour')}
            {hourField('checkoutHour')}
          </Box>
          {/* Issue 40: how long before a check-in a home not ready alerts the office (once). */}
          <FormSelect
            form={form}
            name="readinessAlertHours"
            parse={Number}
            label={t('reservations.hours.readinessAlertHours')}
            helperText={t('reservations.hours.readinessAlertHelp')}
            fullWidth
            sx={{ mt: 1 }}
          >
            {ALERT_HOURS.map((hours) => (
              <MenuItem key={hours} value={hours}>
                {t('reservations.hours.hoursBefore', { count: hours })}
              </MenuItem>
            ))}
          </FormSelect>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2.5 }}>
          <Button onClick={onClose} disabled={pending} color="inherit">
            {t('common.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={pending} startIcon={pending ? <CircularProgress size={16} color="inherit" /> : undefined}>
            {t('common.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
