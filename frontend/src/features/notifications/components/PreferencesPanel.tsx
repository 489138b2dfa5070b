import { useEffect, useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import TuneRoundedIcon from '#icons/TuneRounded';
import { useTranslation } from 'react-i18next';
import { NOTIFICATION_LANGUAGES, type NotificationLanguage } from '#shared/enums';
import { useToast } from '../../../components/toast/use-toast';
import { isApiError } from '../../../lib/api-client';
import { useNotificationPreferences } from '../api/get-notification-preferences';
import { updateNotificationPreferences, type PreferenceSwitch } from '../api/update-notification-preferences';
import { PanelCard } from '../../../components/ui/PanelCard';
import { SettingSwitch } from './SettingSwitch';

export interface PreferencesPanelProps {
  companyId: string;
  userId: string;
}

// SPEC's four switches, then the ones the reservations, calendar-sync and team alerts added.
const EVENT_SWITCHES = ['taskAssigned', 'taskCompleted', 'propertyIssues', 'reservationReminders', 'reservationChanges', 'calendarSync', 'teamChanges'] as const;

/** The server's message for the phone number, when a save was refused because of it. */
function phoneError(error: unknown): string | undefined {
  if (!isApiError(error) || error.status !== 400) return undefined;
  const errors = (error.body as { errors?: Record<string, string> } | undefined)?.errors;
  return errors?.phoneNumber;
}

/**
 * Configurações: phone number (E.164 with the country-code hint), SMS and e-mail switches, the
 * notification language and the event switches. Every change saves at once (SPEC point 7:
 * the changed field, companyId, userId for switches, and always the phone number and language).
 */
export function PreferencesPanel({ companyId, userId }: PreferencesPanelProps) {
  const { t } = useTranslation();
  const { toast } = useToast();
  const { preferences, error, isLoading } = useNotificationPreferences(companyId);
  const [phone, setPhone] = useState('');
  const [phoneMessage, setPhoneMessage] = useState<string>();

  const savedPhone = preferences?.phoneNumber ?? '';
  useEffect(() => {
    setPhone(savedPhone);
    setPhoneMessage(undefined);
  }, [savedPhone, companyId]);

  if (isLoading) return <Skeleton variant="rounded" height={520} aria-label={t('common.loading')} />;
  if (error || !preferences) return <Alert severity="error">{t('notifications.loadError')}</Alert>;

  const language = preferences.language;

  async function save(change: { field?: PreferenceSwitch; value?: boolean; language?: NotificationLanguage }) {
    try {
      await updateNotificationPreferences({
        companyId,
        ...(change.field ? { userId, [change.field]: change.value } : {}),
        phoneNumber: phone.trim() || null,
        language: change.language ?? language,
      });
      setPhoneMessage(undefined);
      toast({ title: t('notifications.toast.preferencesSaved'), severity: 'success' });
    } catch (failure) {
      const message = phoneError(failure);
      setPhoneMessage(message);
      toast({
        title: t('notifications.toast.error'),
        description: message ? `${t('notifications.toast.preferencesFailed')} ${message}` : t('notifications.toast.preferencesFailed'),
        variant: 'destructive',
      });
    }
  }

  const savePhone = (event?: FormEvent) => {
    event?.preventDefault();
    if (phone.trim() === savedPhone) return;
    void save({});
  };

  const toggle = (field: PreferenceSwitch) => (value: boolean) => void save({ field, value });

  return (
    <PanelCard
      icon={<TuneRoundedIcon />}
      title={t('notifications.settings.title')}
      description={t('notifications.settings.description')}
    >
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))' } }}>
        <Box component="form" onSubmit={savePhone} noValidate>
          <TextField
            fullWidth
            label={t('notifications.settings.phone')}
            placeholder={t('notifications.settings.phonePlaceholder')}
            value={phone}
            onChange={(event) => setPhone(event.target.value)}
            onBlur={() => savePhone()}
            error={Boolean(phoneMessage)}
            helperText={phoneMessage ?? t('notifications.settings.phoneHint')}
            slotProps={{ htmlInput: { type: 'tel', inputMode: 'tel', autoComplete: 'tel', maxLength: 40 } }}
          />
        </Box>
        <TextField
          select
          fullWidth
          label={t('notifications.settings.language')}
          value={language}
          onChange={(event) => void save({ language: event.target.value as NotificationLanguage })}
        >
          {NOTIFICATION_LANGUAGES.map((code) => (
            <MenuItem key={code} value={code}>
              {t(`common.languages.${code}`)}
            </MenuItem>
          ))}
        </TextField>
      </Box>

      <Typography variant="overline" component="h3" sx={{ display: 'block', color: 'text.secondary', mt: 3 }}>
        {t('notifications.settings.channels')}
      </Typography>
      <SettingSwitch
        label={t('notifications.settings.smsEnabled')}
        hint={t('notifications.settings.smsEnabledHint')}
        checked={preferences.smsEnabled}
        onChange={toggle('smsEnabled')}
      />
      <SettingSwitch
        label={t('notifications.settings.emailEnabled')}
        hint={t('notifications.settings.emailEnabledHint')}
        checked={preferences.emailEnabled}
        onChange={toggle('emailEnabled')}
      />

      <Divider sx={{ my: 2 }} />
      <Typography variant="overline" component="h3" sx={{ display: 'block', color: 'text.secondary' }}>
        {t('notifications.settings.events')}
      </Typography>
      {EVENT_SWITCHES.map((field) => (
        <SettingSwitch
          key={field}
          label={t(`notifications.settings.${field}`)}
          hint={t(`notifications.settings.${field}Hint`)}
          checked={preferences[field]}
          onChange={toggle(field)}
        />
      ))}
    </PanelCard>
  );
}
