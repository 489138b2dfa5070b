import { useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import DnsOutlinedIcon from '@mui/icons-material/DnsOutlined';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../components/toast/use-toast';
import { testEmailConnection, type SmtpSettings } from '../api/test-email-connection';
import { useResultToast } from '../hooks/use-result-toast';
import { PanelCard } from './PanelCard';

/** SPEC point 9: the SMTP port defaults to 587. */
export const DEFAULT_SMTP_PORT = 587;
const STORAGE_KEY = 'rentalops.smtpSettings';

/** The form's values; the port as typed. */
type SmtpForm = Omit<SmtpSettings, 'smtpPort'> & { smtpPort: string };
type StoredSettings = Omit<SmtpForm, 'smtpPass'>;

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
  const [settings, setSettings] = useState<SmtpForm>(() => ({
    smtpHost: '',
    smtpPort: String(DEFAULT_SMTP_PORT),
    smtpUser: '',
    emailFrom: '',
    ...readStored(companyId),
    smtpPass: '',
  }));
  const [testing, setTesting] = useState(false);

  const field = (name: keyof SmtpForm) => ({
    value: settings[name],
    onChange: (event: { target: { value: string } }) => setSettings((current) => ({ ...current, [name]: event.target.value })),
  });

  async function test(event: FormEvent) {
    event.preventDefault();
    setTesting(true);
    try {
      const result = await testEmailConnection(companyId, { ...settings, smtpHost: settings.smtpHost.trim(), smtpPort: Number(settings.smtpPort) || DEFAULT_SMTP_PORT });
      showResult(result, { ok: t('notifications.toast.connectionOk'), failed: t('notifications.toast.connectionFailed') });
    } catch (error) {
      showRequestFailure(error, t('notifications.toast.connectionRequestFailed'));
    } finally {
      setTesting(false);
    }
  }

  function save() {
    const { smtpPass: _password, ...kept } = settings;
    store(companyId, kept);
    toast({ title: t('notifications.toast.smtpSaved'), description: t('notifications.toast.smtpSavedDescription'), severity: 'success' });
  }

  return (
    <PanelCard icon={<DnsOutlinedIcon />} title={t('notifications.email.smtpTitle')} description={t('notifications.email.smtpDescription')}>
      <Box component="form" onSubmit={test} noValidate>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '3fr 1fr' } }}>
          <TextField label={t('notifications.email.smtpHost')} placeholder={t('notifications.email.smtpHostPlaceholder')} {...field('smtpHost')} />
          <TextField label={t('notifications.email.smtpPort')} type="number" {...field('smtpPort')} slotProps={{ htmlInput: { min: 1, max: 65535 } }} />
        </Box>
        <Box sx={{ display: 'grid', gap: 2, mt: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          <TextField label={t('notifications.email.smtpUser')} type="email" autoComplete="username" {...field('smtpUser')} />
          <TextField label={t('notifications.email.smtpPass')} type="password" autoComplete="current-password" {...field('smtpPass')} />
        </Box>
        <TextField sx={{ mt: 2 }} fullWidth label={t('notifications.email.emailFrom')} type="email" {...field('emailFrom')} />
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
