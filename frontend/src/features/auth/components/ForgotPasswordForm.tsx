import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { forgotPasswordBody } from '#shared/schemas';
import { FormTextField } from '../../../lib/forms/fields';
import { useSchemaForm } from '../../../lib/forms/use-schema-form';
import { useRequestPasswordReset } from '../api/forgot-password';

export interface ForgotPasswordFormProps {
  /** Called after the request, whatever the answer: the screen never tells whether an account exists. */
  onSent: (email: string) => void;
}

/** The e-mail whose password should be reset. */
export function ForgotPasswordForm({ onSent }: ForgotPasswordFormProps) {
  const { t } = useTranslation();
  const form = useSchemaForm(forgotPasswordBody, { defaultValues: { email: '' } });
  const { trigger, isMutating } = useRequestPasswordReset();

  const submit = form.handleSubmit(async ({ email }) => {
    try {
      await trigger(email);
    } catch {
      // Same neutral answer on failure: a different one would reveal something about the address.
    }
    onSent(email);
  });

  return (
    <Box component="form" noValidate onSubmit={(event) => (isMutating ? event.preventDefault() : void submit(event))}>
      <Stack spacing={2.5}>
        <FormTextField
          form={form}
          name="email"
          type="email"
          label={t('auth.fields.email')}
          placeholder={t('auth.fields.emailPlaceholder')}
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
