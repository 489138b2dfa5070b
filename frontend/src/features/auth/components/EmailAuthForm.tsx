import { useEffect, useRef, useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import type { FieldErrors } from 'react-hook-form';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { LoginBody, RegisterBody } from '#shared/schemas';
import { useToast } from '../../../components/toast/use-toast';
import { paths } from '../../../config/paths';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { applyServerErrors } from '../../../lib/forms/server-errors';
import { useSchemaForm } from '../../../lib/forms/use-schema-form';
import { useLoginWithEmail } from '../api/login-with-email';
import { useRegister } from '../api/register';
import { useResendConfirmation } from '../api/resend-confirmation';
import { twoFactorStepOf } from '../api/two-factor';
import { readRememberedEmail, readSelectedPlan, rememberEmail } from '../lib/browser-storage';
import { AUTH_FIELDS, REGISTER_RULES, authFormSchema, registerRuleOf, type AuthFormValues, type AuthMode } from '../lib/auth-form';
import { AuthCard } from './AuthCard';
import { EmailAuthFields } from './EmailAuthFields';
import { OtherSignInOptions } from './OtherSignInOptions';
import { TotpSignInCard } from './TotpSignInCard';

/** SPEC point 9: after a successful registration the screen switches to login mode after 1 s. */
export const REGISTER_TO_LOGIN_DELAY_MS = 1000;

const EMPTY = { firstName: '', lastName: '', email: '', password: '', confirmPassword: '' };

export interface EmailAuthFormProps {
  initialMode?: AuthMode;
}

/** /auth: e-mail/password sign-in and registration, the external sign-in and the social buttons. */
export function EmailAuthForm({ initialMode = 'login' }: EmailAuthFormProps) {
  const { t } = useTranslation();
  const { toast } = useToast();
  const [mode, setMode] = useState<AuthMode>(initialMode);
  const [schema, setSchema] = useState(() => authFormSchema(initialMode));
  const form = useSchemaForm(schema, {
    defaultValues: { ...EMPTY, email: readRememberedEmail(), remember: readRememberedEmail() !== '' },
    // Every issue of a field, so a refused registration is reported by the first rule it breaks.
    criteriaMode: 'all',
  });
  const [notice, setNotice] = useState<{ message: string; email: string } | null>(null);
  const [switching, setSwitching] = useState(false);
  /** The address a sign-in was refused for because it is not confirmed yet (offers a new link). */
  const [unconfirmed, setUnconfirmed] = useState<{ email: string; resent?: string } | null>(null);
  /** The password was right and the member has two-factor on: the code step is shown. */
  const [totpStep, setTotpStep] = useState(false);
  const resend = useResendConfirmation();
  const switchTimer = useRef<number | undefined>(undefined);
  const login = useLoginWithEmail();
  const registration = useRegister();
  const busy = login.isMutating || registration.isMutating || switching;
  const isRegister = mode === 'register';

  useEffect(() => () => window.clearTimeout(switchTimer.current), []);

  const toMode = (next: AuthMode) => {
    setMode(next);
    setSchema(authFormSchema(next));
  };

  const switchMode = (next: AuthMode) => {
    if (next === mode || busy) return;
    toMode(next);
    form.clearErrors();
    setNotice(null);
    setUnconfirmed(null);
  };

  /** Marks the fields a 400 names (the toast says why). */
  const markServerFields = (error: unknown) => applyServerErrors(form, error, { fields: AUTH_FIELDS });

  const submitLogin = async (body: LoginBody) => {
    setUnconfirmed(null);
    try {
      const response = await login.trigger(body);
      rememberEmail(form.getValues('remember') ? body.email : null);
      toast({
        title: t('auth.emailLogin.toast.successTitle'),
        description: response?.message || t('auth.emailLogin.toast.loginSuccessFallback'),
        severity: 'success',
      });
      // A full navigation: the app starts again with the new session cookie.
      window.location.assign(paths.home);
    } catch (error) {
      const step = error instanceof ApiError ? twoFactorStepOf(error.body) : undefined;
      if (step === 'totp_required') return setTotpStep(true);
      // The company requires two-factor and this member has not set it up yet.
      if (step === 'totp_enrol') return window.location.assign(paths.twoFactor);
      if (error instanceof ApiError && (error.body as { code?: string } | undefined)?.code === 'email-not-confirmed') {
        setUnconfirmed({ email: body.email });
      }
      markServerFields(error);
      toast({
        title: t('auth.emailLogin.toast.loginErrorTitle'),
        description: errorMessage(error, t('auth.emailLogin.toast.loginErrorFallback')),
        variant: 'destructive',
      });
    }
  };

  const resendConfirmation = async () => {
    if (!unconfirmed) return;
    try {
      const response = await resend.trigger(unconfirmed.email);
      setUnconfirmed({ email: unconfirmed.email, resent: response?.message || t('auth.emailLogin.confirmationResent') });
    } catch (error) {
      toast({ title: t('auth.emailLogin.toast.loginErrorTitle'), description: errorMessage(error, t('auth.emailLogin.toast.loginErrorFallback')), variant: 'destructive' });
    }
  };

  const submitRegister = async (body: RegisterBody) => {
    // The common-password list is large: loaded only when someone registers (the server checks it too).
    const weak = (await import('#shared/password-strength')).commonPasswordIssue(body.password);
    if (weak) {
      form.setError('password', { type: 'server', message: t(weak) });
      toast({ title: t('auth.emailLogin.toast.registerErrorTitle'), description: t(weak), variant: 'destructive' });
      return;
    }
    try {
      const response = await registration.trigger({ ...body, plan: readSelectedPlan() });
      const message = response?.message || t('auth.emailLogin.toast.registerSuccessFallback');
      toast({ title: t('auth.emailLogin.toast.successTitle'), description: message, severity: 'success' });
      const email = body.email;
      setNotice({ message, email });
      setSwitching(true);
      switchTimer.current = window.setTimeout(() => {
        toMode('login');
        form.reset({ ...EMPTY, email, remember: form.getValues('remember') });
        setSwitching(false);
      }, REGISTER_TO_LOGIN_DELAY_MS);
    } catch (error) {
      markServerFields(error);
      toast({
        title: t('auth.emailLogin.toast.registerErrorTitle'),
        description: errorMessage(error, t('auth.emailLogin.toast.registerErrorFallback')),
        variant: 'destructive',
      });
    }
  };

  /** A refused form: the fields are marked, and one toast names the first rule broken. */
  const refuse = (errors: FieldErrors<AuthFormValues>) => {
    if (!isRegister) {
      toast({ title: t('auth.emailLogin.toast.requiredTitle'), description: t('auth.emailPasswordRequired'), severity: 'warning' });
      return;
    }
    const { rule, fields } = registerRuleOf(errors);
    form.clearErrors();
    for (const field of fields) form.setError(field, { type: 'rule', message: rule });
    toast({ title: t(REGISTER_RULES[rule].title), description: t(REGISTER_RULES[rule].description), severity: 'warning' });
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    void form.handleSubmit((body) => (isRegister ? submitRegister(body as RegisterBody) : submitLogin(body as LoginBody)), refuse)(event);
  };

  const submitLabel = isRegister
    ? registration.isMutating
      ? t('auth.emailLogin.submittingRegister')
      : t('auth.emailLogin.submitRegister')
    : login.isMutating
      ? t('auth.emailLogin.submittingLogin')
      : t('auth.emailLogin.submitLogin');

  if (totpStep) return <TotpSignInCard onBack={() => setTotpStep(false)} />;

  return (
    <AuthCard
      title={isRegister ? t('auth.emailLogin.registerTitle') : t('auth.emailLogin.title')}
      subtitle={isRegister ? t('auth.emailLogin.registerSubtitle') : t('auth.emailLogin.loginSubtitle')}
      footer={
        <Link component={RouterLink} to={paths.register} variant="body2" sx={{ fontWeight: 600 }}>
          {t('auth.links.seePlans')}
        </Link>
      }
    >
      <Stack spacing={2.5}>
        <ToggleButtonGroup
          value={mode}
          exclusive
          fullWidth
          size="small"
          color="primary"
          aria-label={t('auth.emailLogin.modeLabel')}
          onChange={(_event, next: AuthMode | null) => next && switchMode(next)}
          sx={{ '& .MuiToggleButton-root': { py: 1, fontWeight: 600, textTransform: 'none' } }}
        >
          <ToggleButton value="login">{t('auth.emailLogin.modeLogin')}</ToggleButton>
          <ToggleButton value="register">{t('auth.emailLogin.modeRegister')}</ToggleButton>
        </ToggleButtonGroup>

        {notice && (
          <Alert severity="success" role="status" onClose={() => setNotice(null)} data-testid="register-success">
            <AlertTitle>{notice.message}</AlertTitle>
            {t('auth.emailLogin.registeredHint', { email: notice.email })}
          </Alert>
        )}

        {unconfirmed && !isRegister && (
          <Alert
            severity={unconfirmed.resent ? 'success' : 'info'}
            role="status"
            data-testid="unconfirmed-email"
            action={
              unconfirmed.resent ? undefined : (
                <Button color="inherit" size="small" disabled={resend.isMutating} onClick={resendConfirmation}>
                  {t('auth.emailLogin.resendConfirmation')}
                </Button>
              )
            }
          >
            {unconfirmed.resent ?? t('auth.emailLogin.unconfirmedHint', { email: unconfirmed.email })}
          </Alert>
        )}

        {/* noValidate: the rules of SPEC point 5 answer with their own toasts, not the browser's bubbles. */}
        <Box component="form" noValidate onSubmit={submit}>
          <Stack spacing={2}>
            <EmailAuthFields form={form} isRegister={isRegister} />
            <Button
              type="submit"
              variant="contained"
              size="large"
              fullWidth
              disabled={busy}
              startIcon={login.isMutating || registration.isMutating ? <CircularProgress size={18} color="inherit" /> : undefined}
            >
              {submitLabel}
            </Button>
          </Stack>
        </Box>

        <OtherSignInOptions isRegister={isRegister} onSwitch={() => switchMode(isRegister ? 'login' : 'register')} />
      </Stack>
    </AuthCard>
  );
}
