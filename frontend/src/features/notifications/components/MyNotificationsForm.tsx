import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { NOTIFICATION_LANGUAGES } from '#shared/enums';
import { memberNotificationPreferencesBody } from '#shared/schemas';
import { useToast } from '../../../components/toast/use-toast';
import { FormSelect, FormSwitch, FormTextField } from '../../../lib/forms/fields';
import { applyServerErrors } from '../../../lib/forms/server-errors';
import { useSchemaForm } from '../../../lib/forms/use-schema-form';
import { saveMyNotificationPreferences, type MyNotificationPreferences } from '../api/my-notification-preferences';

const HOURS = Array.from({ length: 24 }, (_, hour) => hour);

export interface MyNotificationsFormProps {
  preferences: MyNotificationPreferences;
  /** The evening digest of tomorrow's tasks (default true; an owner has no tasks: their value is kept as it is). */
  digest?: boolean;
}

/**
 * "My notifications", for every member: e-mail and/or SMS (with their phone number) for the notices
 * about their own tasks, the language of those notices, and the evening digest of tomorrow's tasks
 * with its hour. Validated with the server's schema; a server field error lands on its field.
 */
export function MyNotificationsForm({ preferences, digest: withDigest = true }: MyNotificationsFormProps) {
  const { t } = useTranslation();
  const { toast } = useToast();
  const form = useSchemaForm(memberNotificationPreferencesBody, { defaultValues: { ...preferences, phone: preferences.phone ?? '' } });
  const digest = form.watch('digest');
  const pending = form.formState.isSubmitting;

  const submit = form.handleSubmit(async (body) => {
    try {
      const saved = await saveMyNotificationPreferences(body);
      form.reset({ ...saved, phone: saved.phone ?? '' });
      toast({ title: t('myNotifications.saved'), severity: 'success' });
    } catch (error) {
      if (!applyServerErrors(form, error)) toast({ title: t('myNotifications.saveFailed'), variant: 'destructive' });
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label={t('myNotifications.title')}>
      <Stack spacing={2} sx={{ maxWidth: 560 }}>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
          {t('myNotifications.channels')}
        </Typography>
        <FormSwitch form={form} name="email" label={t('myNotifications.email')} helperText={t('myNotifications.emailHint')} />
        <FormSwitch form={form} name="sms" label={t('myNotifications.sms')} />
        <FormTextField
          form={form}
          name="phone"
          type="tel"
          label={t('myNotifications.phone')}
          helperText={t('myNotifications.phoneHint')}
          autoComplete="tel"
          fullWidth
          slotProps={{ htmlInput: { maxLength: 40, inputMode: 'tel' } }}
        />
        <FormSelect form={form} name="language" label={t('myNotifications.language')} fullWidth>
          {NOTIFICATION_LANGUAGES.map((language) => (
            <MenuItem key={language} value={language}>
              {t(`myNotifications.languages.${language}`)}
            </MenuItem>
          ))}
        </FormSelect>
        {withDigest ? (
          <>
            <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, pt: 1 }}>
              {t('myNotifications.digestTitle')}
            </Typography>
            <FormSwitch form={form} name="digest" label={t('myNotifications.digest')} helperText={t('myNotifications.digestHint')} />
            <FormSelect form={form} name="digestHour" label={t('myNotifications.digestHour')} disabled={!digest} parse={Number} fullWidth>
              {HOURS.map((hour) => (
                <MenuItem key={hour} value={hour}>
                  {`${String(hour).padStart(2, '0')}:00`}
                </MenuItem>
              ))}
            </FormSelect>
          </>
        ) : null}
        <div>
          <Button type="submit" variant="contained" disabled={pending} sx={{ minHeight: 48 }}>
            {pending ? t('myNotifications.saving') : t('myNotifications.save')}
          </Button>
        </div>
      </Stack>
    </form>
  );
}
