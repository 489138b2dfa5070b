import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { resetPasswordForm } from '#shared/schemas';
import { useToast } from '../../../components/toast/use-toast';
import { useResetPassword } from '../api/reset-password';
import { FormTextField } from '../../../lib/forms/fields';
import { serverFieldErrors } from '../../../lib/forms/server-errors';
import { useSchemaForm } from '../../../lib/forms/use-schema-form';
import { linkFailure } from '../lib/api-errors';
import { PasswordField } from './PasswordField';
import { PasswordRequirements } from './PasswordRequirements';

export interface ResetPasswordFormProps {
  token: string;
  onSuccess: () => void;
  /** The link is expired or unknown (SPEC point 4: the invalid state). */
  onInvalidLink: () => void;
  /** Texts of the invitation's first password instead of the reset's (the same form and call). */
  wording?: 'reset' | 'invite';
}

/** New password + confirmation, validated with the server's own rules before sending. */
export function ResetPasswordForm({ token, onSuccess, onInvalidLink, wording = 'reset' }: ResetPasswordFormProps) {
  const invite = wording === 'invite';
  const { t } = useTranslation();
  const { toast } = useToast();
  const form = useSchemaForm(resetPasswordForm, { defaultValues: { password: '', confirmPassword: '' } });
  const { trigger, isMutating } = useResetPassword();
  // Messages appear on the first submit; after that they follow the typing (both fields: they are compared).
  const followTyping = () => {
    if (form.formState.isSubmitted) void form.trigger();
  };

  const submit = form.handleSubmit(async (values) => {
    // The common-password list is large: loaded on submit only (the server checks it too).
    const weak = (await import('#shared/password-strength')).commonPasswordIssue(values.password);
    if (weak) {
      form.setError('password', { type: 'server', message: t(weak) });
      return;
    }
    try {
      const response = await trigger({ token, newPassword: values.password });
      toast({
        title: t(invite ? 'auth.invite.toastSuccess' : 'auth.resetPassword.toast.successTitle'),
        description: invite ? undefined : response?.message,
        severity: 'success',
      });
      onSuccess();
    } catch (error) {
      toast({
        title: t('auth.resetPassword.toast.errorTitle'),
        description: t('auth.resetPassword.toast.errorDescription'),
        variant: 'destructive',
      });
      if (linkFailure(error) !== 'other') {
        onInvalidLink();
        return;
      }
      const { newPassword } = serverFieldErrors(error);
      if (newPassword) form.setError('password', { type: 'server', message: newPassword });
    }
  });

  return (
    <Box component="form" noValidate onSubmit={(event) => (isMutating ? event.preventDefault() : void submit(event))}>
      <Stack spacing={2.5}>
        <FormTextField
          form={form}
          name="password"
          as={PasswordField}
          onValueChange={followTyping}
          label={t(invite ? 'auth.invite.password' : 'auth.resetPassword.newPassword')}
          autoComplete="new-password"
          required
          fullWidth
          autoFocus
        />
        <PasswordRequirements password={form.watch('password')} />
        <FormTextField
          form={form}
          name="confirmPassword"
          as={PasswordField}
          onValueChange={followTyping}
          label={t(invite ? 'auth.invite.confirmPassword' : 'auth.resetPassword.confirmPassword')}
          autoComplete="new-password"
          required
          fullWidth
        />
        <Button
          type="submit"
          variant="contained"
          size="large"
          fullWidth
          disabled={isMutating}
          startIcon={isMutating ? <CircularProgress size={18} color="inherit" /> : undefined}
        >
          {isMutating
            ? t(invite ? 'auth.invite.submitting' : 'auth.resetPassword.submitting')
            : t(invite ? 'auth.invite.submit' : 'auth.resetPassword.submit')}
        </Button>
      </Stack>
    </Box>
  );
}
