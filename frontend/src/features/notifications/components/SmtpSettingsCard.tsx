import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DnsOutlinedIcon from '#icons/DnsOutlined';
import { useTranslation } from 'react-i18next';
import { emailConnectionBody } from '#shared/schemas';
import { useToast } from '../../../components/toast/use-toast';
import { FormTextField } from '../../../lib/forms/fields';
import { mappedSchema } from '../../../lib/forms/schema-resolver';
import { applyServerErrors } from '../../../lib/forms/server-errors';
import { useSchemaForm } from '../../../lib/forms/use-schema-form';
import { testEmailConnection, type SmtpSettings } from '../api/test-email-connection';
import { useResultToast } from '../hooks/use-result-toast';
import { PanelCard } from '../../../components/ui/PanelCard';

/** SPEC point 9: the SMTP port defaults to 587. */
export const DEFAULT_SMTP_PORT = 587;
const STORAGE_KEY = 'rentalops.smtpSettings';

/** The form's values; the port as typed. */
type SmtpForm = Omit<SmtpSettings, 'smtpPort'> & { smtpPort: string };
type StoredSettings = Omit<SmtpForm, 'smtpPass'>;
const SMTP_FIELDS = ['smtpHost', 'smtpPort', 'smtpUser', 'smtpPass', 'emailFrom'] as const;

/** The server's emailConnectionBody on the form; an empty port is the default one. */
const smtpForm = mappedSchema(emailConnectionBody, (values: SmtpForm) => ({ ...values, smtpPort: values.smtpPort.trim() === '' ? undefined : values.smtpPort }));

function readStored(companyId: string): StoredSettings | undefined {
  try {
    const all = JSON.parse(window.localStorage.getItem(STORAGE_KEY) ?? '{}') as Record<string, StoredSettings>;
    return all[companyId];
  } catch {
    return undefined;
  }
}

function store(companyId: string, settings: StoredSettings): void {
  try {
    const all = JSON.parse(window.localStorage.getItem(STORAGE_KEY) ?? '{}') as Record<string, StoredSettings>;
    window.localStorage.setItem(STORAGE_KEY, JSON.stringify({ ...all, [companyId]: settings }));
  } catch {
    // storage disabled: the form keeps its values for this visit only
  }
}

export interface SmtpSettingsCardProps {
  companyId: string;
}

/**
 * The SMTP form (local only, SPEC point 2): Testar Conexão posts its values for a real SMTP
 * handshake (or, empty, checks the product's SES configuration); Salvar Configurações keeps them in
 * this browser, without the password: there is no server-side store for them.
 */
export function SmtpSettingsCard({ companyId }: SmtpSettingsCardProps) {
  const { t } = useTranslation();
  const { toast } = useToast();
  const { showResult, showRequestFailure } = useResultToast();
  const form = useSchemaForm(smtpForm, {
    defaultValues: {
      smtpHost: '',
      smtpPort: String(DEFAULT_SMTP_PORT),
      smtpUser: '',
      emailFrom: '',
      ...readStored(companyId),
      smtpPass: '',
    },
  });
  const testing = form.formState.isSubmitting;

  const test = form.handleSubmit(async ({ smtpPort }) => {
    const settings = form.getValues();
    try {
      const result = await testEmailConnection(companyId, { ...settings, smtpHost: settings.smtpHost.trim(), smtpPort });
      showResult(result, { ok: t('notifications.toast.connectionOk'), failed: t('notifications.toast.connectionFailed') });
    } catch (error) {
      if (!applyServerErrors(form, error, { fields: SMTP_FIELDS })) showRequestFailure(error, t('notifications.toast.connectionRequestFailed'));
    }
  });

  function save() {
    const { smtpPass: _password, ...kept } = form.getValues();
    store(companyId, kept);
    toast({ title: t('notifications.toast.smtpSaved'), description: t('notifications.toast.smtpSavedDescription'), severity: 'success' });
  }

  return (
    <PanelCard icon={<DnsOutlinedIcon />} title={t('notifications.email.smtpTitle')} description={t('notifications.email.smtpDescription')}>
      <Box component="form" onSubmit={test} noValidate>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '3fr 1fr' } }}>
          <FormTextField form={form} name="smtpHost" label={t('notifications.email.smtpHost')} placeholder={t('notifications.email.smtpHostPlaceholder')} />
          <FormTextField form={form} name="smtpPort" label={t('notifications.email.smtpPort')} type="number" slotProps={{ htmlInput: { min: 1, max: 65535 } }} />
        </Box>
        <Box sx={{ display: 'grid', gap: 2, mt: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          <FormTextField form={form} name="smtpUser" label={t('notifications.email.smtpUser')} type="email" autoComplete="username" />
          <FormTextField form={form} name="smtpPass" label={t('notifications.email.smtpPass')} type="password" autoComplete="current-password" />
        </Box>
        <FormTextField form={form} name="emailFrom" sx={{ mt: 2 }} fullWidth label={t('notifications.email.emailFrom')} type="email" />
        <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end', flexWrap: 'wrap', mt: 2.5 }}>
          <Button type="submit" variant="outlined" disabled={testing}>
            {testing ? t('notifications.email.testing') : t('notifications.email.testConnection')}
          </Button>
          <Button type="button" variant="contained" onClick={save}>
            {t('notifications.email.save')}
          </Button>
        </Box>
      </Box>
    </PanelCard>
  );
}
