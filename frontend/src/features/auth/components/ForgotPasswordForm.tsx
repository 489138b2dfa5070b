import { useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { forgotPasswordBody } from '#shared/schemas';
import { useRequestPasswordReset } from '../api/forgot-password';

export interface ForgotPasswordFormProps {
  /** Called after the request, whatever the answer: the screen never tells whether an account exists. */
  onSent: (email: string) => void;
}

/** The e-mail whose password should be reset. */
export function ForgotPasswordForm({ onSent }: ForgotPasswordFormProps) {
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>();
  const { trigger, isMutating } = useRequestPasswordReset();

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isMutating) return;
    const parsed = forgotPasswordBody.safeParse({ email });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    try {
      await trigger(parsed.data.email);
    } catch {
      // Same neutral answer on failure: a different one would reveal something about the address.
    }
    onSent(parsed.data.email);
  };

  return (
    <Box component="form" noValidate onSubmit={submit}>
      <Stack spacing={2.5}>
        <TextField
          name="email"
          type="email"
          label={t('auth.fields.email')}
          placeholder={t('auth.fields.emailPlaceholder')}
          value={email}
          onChange={(event) => {
            setEmail(event.target.value);
            setError(undefined);
          }}
          error={Boolean(error)}
          helperText={error ? t(error) : undefined}
          autoComplete="email"
          required
          fullWidth
          autoFocus
        />
        <Button
          type="submit"
          variant="contained"
          size="large"
          fullWidth
          disabled={isMutating}
          startIcon={isMutating ? <CircularProgress size={18} color="inherit" /> : undefined}
        >
          {isMutating ? t('auth.forgotPassword.submitting') : t('auth.forgotPassword.submit')}
        </Button>
      </Stack>
    </Box>
  );
}
