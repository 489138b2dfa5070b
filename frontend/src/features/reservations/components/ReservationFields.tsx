// The reservation form's fields: guest, the stay's days (with the company's hours and the nights),
// and where the booking came from.
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { INTEGRATION_SOURCES, MAX_STAY_NIGHTS } from '#shared/schemas';
import { FormDateField, FormSelect, FormTextField } from '../../../lib/forms/fields';
import type { CompanySettings } from '../api/types';
import { formatHour, sourceName } from '../utils/format';
import { nightsOf, type ReservationForm } from '../utils/reservation-form';

interface ReservationFieldsProps {
  form: ReservationForm;
  settings: CompanySettings | undefined;
  /** A source written before the list was fixed: it stays selectable. */
  legacySource: string | null;
  autoFocus: boolean;
  /** Any change clears a message about the whole form. */
  onChange: () => void;
}

export function ReservationFields({ form, settings, legacySource, autoFocus, onChange }: ReservationFieldsProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage;
  const [checkinDate, checkoutDate] = form.watch(['checkinDate', 'checkoutDate']);
  const nights = nightsOf({ checkinDate, checkoutDate });
  const hours = settings
    ? { checkin: formatHour(settings.checkinHour, language), checkout: formatHour(settings.checkoutHour, language) }
    : undefined;
  return (
    <>
      <FormTextField
        form={form}
        name="guestName"
        onValueChange={onChange}
        label={t('reservations.fields.guestName')}
        required
        autoFocus={autoFocus}
        fullWidth
        slotProps={{ htmlInput: { maxLength: 200 } }}
      />
      <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <FormDateField
          form={form}
          name="checkinDate"
          onValueChange={onChange}
          label={t('reservations.fields.checkin')}
          helperText={hours ? t('reservations.dialog.checkinHint', { time: hours.checkin }) : ' '}
          required
          fullWidth
        />
        <FormDateField
          form={form}
          name="checkoutDate"
          onValueChange={onChange}
          label={t('reservations.fields.checkout')}
          helperText={hours ? t('reservations.dialog.checkoutHint', { time: hours.checkout }) : ' '}
          required
          fullWidth
          slotProps={{ htmlInput: { min: checkinDate || undefined } }}
        />
      </Box>
      {nights !== undefined && nights >= 1 && nights <= MAX_STAY_NIGHTS && (
        <Typography variant="body2" sx={{ color: 'text.secondary' }} data-testid="reservation-nights">
          {t('reservations.nights', { count: nights })}
        </Typography>
      )}
      <FormSelect form={form} name="integrationSource" onValueChange={onChange} label={t('reservations.fields.source')} fullWidth>
        {INTEGRATION_SOURCES.map((source) => (
          <MenuItem key={source} value={source}>
            {sourceName(t, source)}
          </MenuItem>
        ))}
        <MenuItem value="">{t('reservations.sources.none')}</MenuItem>
        {legacySource && <MenuItem value={legacySource}>{legacySource}</MenuItem>}
      </FormSelect>
    </>
  );
}
