// The 6-digit code of an authenticator app (two-factor sign-in and enrolment). The server checks
// the code; this form only trims what was typed and shows the server's message when it refuses.
import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/api-client';

export interface TotpCodeFormProps {
  submitLabel: string;
  /** Sends the code; a rejection shows its message under the field. */
  onSubmit: (code: string) => Promise<void>;
}

export function TotpCodeForm({ submitLabel, onSubmit }: TotpCodeFormProps) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const digits = code.replace(/\s+/g, '');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!/^\d{6}$/.test(digits)) {
      setError(t('auth.totpCodeFormat'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await onSubmit(digits);
    } catch (failure) {
      setError(errorMessage(failure, t('auth.totpInvalid')));
      setCode('');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack component="form" spacing={2} onSubmit={submit} noValidate>
      <TextField
        name="code"
        label={t('auth.twoFactor.codeLabel')}
        value={code}
        onChange={(event) => setCode(event.target.value.slice(0, 8))}
        error={Boolean(error)}
        autoComplete="one-time-code"
        autoFocus
        fullWidth
        slotProps={{ htmlInput: { inputMode: 'numeric', pattern: '[0-9 ]*', 'aria-describedby': error ? 'totp-error' : undefined } }}
      />
      {error && (
        <Alert id="totp-error" severity="error" role="alert">
          {error}
        </Alert>
      )}
      <Button type="submit" variant="contained" size="large" disabled={busy} startIcon={busy ? <CircularProgress size={18} color="inherit" /> : undefined}>
        {submitLabel}
      </Button>
    </Stack>
  );
}
