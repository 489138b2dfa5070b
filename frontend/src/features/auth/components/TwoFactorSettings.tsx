// A member's own two-factor setting (/account/security): on, or the way to turn it on (the password
// again, then the secret and a first code). Turning it off is not offered: when the company requires
// it, it stays on; otherwise an administrator resets it in Cognito.
import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../components/toast/use-toast';
import { errorMessage } from '../../../lib/api-client';
import { startTwoFactor, verifyTwoFactor, type TotpSecret } from '../api/two-factor';
import { TotpCodeForm } from './TotpCodeForm';
import { TotpSecretPanel } from './TotpSecretPanel';

export function TwoFactorSettings({ enabled, onEnabled }: { enabled: boolean; onEnabled: () => void }) {
  const { t } = useTranslation();
  const { toast } = useToast();
  const [password, setPassword] = useState('');
  const [secret, setSecret] = useState<TotpSecret | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  if (enabled) return <Alert severity="success">{t('auth.totpEnabled')}</Alert>;

  const start = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      setSecret(await startTwoFactor(password));
      setPassword('');
    } catch (failure) {
      setError(errorMessage(failure, t('auth.invalidCredentials')));
    } finally {
      setBusy(false);
    }
  };

  const verify = async (code: string) => {
    const answer = await verifyTwoFactor(code);
    toast({ title: answer?.message || t('auth.totpEnabled'), severity: 'success' });
    onEnabled();
  };

  if (secret) {
    return (
      <Stack spacing={3}>
        <TotpSecretPanel secret={secret} />
        <TotpCodeForm submitLabel={t('auth.twoFactor.enrolSubmit')} onSubmit={verify} />
      </Stack>
    );
  }
  return (
    <Stack component="form" spacing={2} onSubmit={start} noValidate>
      <Typography variant="body2">{t('auth.twoFactor.settingsIntro')}</Typography>
      <TextField
        name="password"
        type="password"
        label={t('auth.fields.password')}
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        autoComplete="current-password"
        error={Boolean(error)}
        helperText={error ?? undefined}
        fullWidth
      />
      <Button type="submit" variant="contained" disabled={busy || !password}>
        {t('auth.twoFactor.turnOn')}
      </Button>
    </Stack>
  );
}
