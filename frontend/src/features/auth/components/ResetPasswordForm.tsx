import { useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { resetPasswordForm } from '#shared/schemas';
import { useToast } from '../../../components/toast/use-toast';
import { useResetPassword } from '../api/reset-password';
import { fieldErrorsOf, linkFailure } from '../lib/api-errors';
import { PasswordField } from './PasswordField';
import { PasswordRequirements } from './PasswordRequirements';

interface Values {
  password: string;
  confirmPassword: string;
}

type Errors = Partial<Record<keyof Values, string>>;

/** Message keys of the shared `resetPasswordForm` schema, the first per field. */
function validate(values: Values): Errors {
  const parsed = resetPasswordForm.safeParse(values);
  const errors: Errors = {};
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] as keyof Values;
      errors[field] ??= issue.message;
    }
  }
  return errors;
}

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
  const [values, setValues] = useState<Values>({ password: '', confirmPassword: '' });
  const [errors, setErrors] = useState<Errors>({});
  const [serverErrors, setServerErrors] = useState<Errors>({});
  const [attempted, setAttempted] = useState(false);
  const { trigger, isMutating } = useResetPassword();

  const change = (field: keyof Values) => (value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    setServerErrors({});
    // Messages appear on the first submit; after that they follow the typing.
    if (attempted) setErrors(validate(next));
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isMutating) return;
    setAttempted(true);
    const found = validate(values);
    setErrors(found);
    if (Object.keys(found).length) return;
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
      const fields = fieldErrorsOf(error);
      if (fields.newPassword) setServerErrors({ password: fields.newPassword });
    }
  };

  const message = (field: keyof Values) => serverErrors[field] ?? (errors[field] ? t(errors[field] as string) : undefined);

  return (
    <Box component="form" noValidate onSubmit={submit}>
      <Stack spacing={2.5}>
        <PasswordField
          name="password"
          label={t(invite ? 'auth.invite.password' : 'auth.resetPassword.newPassword')}
          value={values.password}
          onChange={(event) => change('password')(event.target.value)}
          error={Boolean(message('password'))}
          helperText={message('password')}
          autoComplete="new-password"
          required
          fullWidth
          autoFocus
        />
        <PasswordRequirements password={values.password} />
        <PasswordField
          name="confirmPassword"
          label={t(invite ? 'auth.invite.confirmPassword' : 'auth.resetPassword.confirmPassword')}
          value={values.confirmPassword}
          onChange={(event) => change('confirmPassword')(event.target.value)}
          error={Boolean(message('confirmPassword'))}
          helperText={message('confirmPassword')}
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
