import { useEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import LoginRoundedIcon from '@mui/icons-material/LoginRounded';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { loginBody, registerBody } from '#shared/schemas';
import { useToast } from '../../../components/toast/use-toast';
import { paths, serverUrls } from '../../../config/paths';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { useLoginWithEmail } from '../api/login-with-email';
import { useRegister } from '../api/register';
import { useResendConfirmation } from '../api/resend-confirmation';
import { readRememberedEmail, rememberEmail } from '../lib/browser-storage';
import { fieldErrorsOf } from '../lib/api-errors';
import { AuthCard } from './AuthCard';
import { PasswordField } from './PasswordField';
import { SocialLoginButtons } from './SocialLoginButtons';

export type AuthMode = 'login' | 'register';

/** SPEC point 9: after a successful registration the screen switches to login mode after 1 s. */
export const REGISTER_TO_LOGIN_DELAY_MS = 1000;

interface FormValues {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  confirmPassword: string;
}

type Field = keyof FormValues;

const EMPTY: FormValues = { firstName: '', lastName: '', email: '', password: '', confirmPassword: '' };

/**
 * The rules of SPEC point 5 in the order the screen reports them (the server checks the same order),
 * each with its toast. The descriptions of the first two are the shared validation messages.
 */
const REGISTER_RULES = {
  'auth.allFieldsRequired': { title: 'auth.emailLogin.toast.requiredTitle', description: 'auth.allFieldsRequired' },
  'auth.passwordsDontMatch': { title: 'auth.emailLogin.toast.mismatchTitle', description: 'auth.emailLogin.toast.mismatchDescription' },
  'auth.passwordTooShort': { title: 'auth.emailLogin.toast.tooShortTitle', description: 'auth.emailLogin.toast.tooShortDescription' },
  'validation.email': { title: 'auth.emailLogin.toast.invalidEmailTitle', description: 'auth.emailLogin.toast.invalidEmailDescription' },
  'validation.tooLong': { title: 'auth.emailLogin.toast.tooLongTitle', description: 'auth.emailLogin.toast.tooLongDescription' },
} as const;

type RegisterRule = keyof typeof REGISTER_RULES;

export interface EmailAuthFormProps {
  initialMode?: AuthMode;
}

/** /auth: e-mail/password sign-in and registration, the external sign-in and the social buttons. */
export function EmailAuthForm({ initialMode = 'login' }: EmailAuthFormProps) {
  const { t } = useTranslation();
  const { toast } = useToast();
  const [mode, setMode] = useState<AuthMode>(initialMode);
  const [values, setValues] = useState<FormValues>(() => ({ ...EMPTY, email: readRememberedEmail() }));
  const [remember, setRemember] = useState(() => readRememberedEmail() !== '');
  const [invalid, setInvalid] = useState<Partial<Record<Field, boolean>>>({});
  const [notice, setNotice] = useState<{ message: string; email: string } | null>(null);
  const [switching, setSwitching] = useState(false);
  /** The address a sign-in was refused for because it is not confirmed yet (offers a new link). */
  const [unconfirmed, setUnconfirmed] = useState<{ email: string; resent?: string } | null>(null);
  const resend = useResendConfirmation();
  const switchTimer = useRef<number | undefined>(undefined);
  const login = useLoginWithEmail();
  const registration = useRegister();
  const busy = login.isMutating || registration.isMutating || switching;
  const isRegister = mode === 'register';

  useEffect(() => () => window.clearTimeout(switchTimer.current), []);

  const change = (field: Field) => (event: ChangeEvent<HTMLInputElement>) => {
    const { value } = event.target;
    setValues((current) => ({ ...current, [field]: value }));
    setInvalid((current) => ({ ...current, [field]: false }));
  };

  const markInvalid = (fields: Iterable<string>) => {
    const next: Partial<Record<Field, boolean>> = {};
    for (const field of fields) if (field in EMPTY) next[field as Field] = true;
    setInvalid(next);
  };

  const switchMode = (next: AuthMode) => {
    if (next === mode || busy) return;
    setMode(next);
    setInvalid({});
    setNotice(null);
    setUnconfirmed(null);
  };

  const submitLogin = async () => {
    const parsed = loginBody.safeParse({ email: values.email, password: values.password });
    if (!parsed.success) {
      markInvalid(parsed.error.issues.map((issue) => String(issue.path[0])));
      toast({ title: t('auth.emailLogin.toast.requiredTitle'), description: t('auth.emailPasswordRequired'), severity: 'warning' });
      return;
    }
    setUnconfirmed(null);
    try {
      const response = await login.trigger(parsed.data);
      rememberEmail(remember ? parsed.data.email : null);
      toast({
        title: t('auth.emailLogin.toast.successTitle'),
        description: response?.message || t('auth.emailLogin.toast.loginSuccessFallback'),
        severity: 'success',
      });
      // A full navigation: the app starts again with the new session cookie.
      window.location.assign(paths.home);
    } catch (error) {
      if (error instanceof ApiError && (error.body as { code?: string } | undefined)?.code === 'email-not-confirmed') {
        setUnconfirmed({ email: parsed.data.email });
      }
      markInvalid(Object.keys(fieldErrorsOf(error)));
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

  const submitRegister = async () => {
    const parsed = registerBody.safeParse(values);
    if (!parsed.success) {
      const messages = parsed.error.issues.map((issue) => issue.message);
      const rule = (Object.keys(REGISTER_RULES) as RegisterRule[]).find((key) => messages.includes(key)) ?? 'auth.allFieldsRequired';
      markInvalid(parsed.error.issues.filter((issue) => issue.message === rule).map((issue) => String(issue.path[0])));
      toast({ title: t(REGISTER_RULES[rule].title), description: t(REGISTER_RULES[rule].description), severity: 'warning' });
      return;
    }
    try {
      const response = await registration.trigger(parsed.data);
      const message = response?.message || t('auth.emailLogin.toast.registerSuccessFallback');
      toast({ title: t('auth.emailLogin.toast.successTitle'), description: message, severity: 'success' });
      const email = parsed.data.email;
      setNotice({ message, email });
      setSwitching(true);
      switchTimer.current = window.setTimeout(() => {
        setMode('login');
        setValues({ ...EMPTY, email });
        setInvalid({});
        setSwitching(false);
      }, REGISTER_TO_LOGIN_DELAY_MS);
    } catch (error) {
      markInvalid(Object.keys(fieldErrorsOf(error)));
      toast({
        title: t('auth.emailLogin.toast.registerErrorTitle'),
        description: errorMessage(error, t('auth.emailLogin.toast.registerErrorFallback')),
        variant: 'destructive',
      });
    }
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    void (isRegister ? submitRegister() : submitLogin());
  };

  const submitLabel = isRegister
    ? registration.isMutating
      ? t('auth.emailLogin.submittingRegister')
      : t('auth.emailLogin.submitRegister')
    : login.isMutating
      ? t('auth.emailLogin.submittingLogin')
      : t('auth.emailLogin.submitLogin');

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
            {isRegister && (
              <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2 }}>
                <TextField
                  name="firstName"
                  label={t('auth.fields.firstName')}
                  value={values.firstName}
                  onChange={change('firstName')}
                  error={invalid.firstName}
                  autoComplete="given-name"
                  required
                  fullWidth
                />
                <TextField
                  name="lastName"
                  label={t('auth.fields.lastName')}
                  value={values.lastName}
                  onChange={change('lastName')}
                  error={invalid.lastName}
                  autoComplete="family-name"
                  required
                  fullWidth
                />
              </Box>
            )}
            <TextField
              name="email"
              type="email"
              label={t('auth.fields.email')}
              placeholder={t('auth.fields.emailPlaceholder')}
              value={values.email}
              onChange={change('email')}
              error={invalid.email}
              autoComplete={isRegister ? 'email' : 'username'}
              required
              fullWidth
            />
            <PasswordField
              name="password"
              label={t('auth.fields.password')}
              value={values.password}
              onChange={change('password')}
              error={invalid.password}
              helperText={isRegister ? t('auth.emailLogin.passwordHint') : undefined}
              autoComplete={isRegister ? 'new-password' : 'current-password'}
              required
              fullWidth
            />
            {isRegister ? (
              <PasswordField
                name="confirmPassword"
                label={t('auth.fields.confirmPassword')}
                value={values.confirmPassword}
                onChange={change('confirmPassword')}
                error={invalid.confirmPassword}
                autoComplete="new-password"
                required
                fullWidth
              />
            ) : (
              <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', columnGap: 2, mt: '8px !important' }}>
                <FormControlLabel
                  control={<Checkbox name="remember" checked={remember} onChange={(event) => setRemember(event.target.checked)} size="small" />}
                  label={<Typography variant="body2">{t('auth.emailLogin.rememberMe')}</Typography>}
                />
                <Button component={RouterLink} to={paths.forgotPassword} size="small" sx={{ px: 1 }}>
                  {t('auth.emailLogin.forgotPassword')}
                </Button>
              </Box>
            )}
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

        <Divider sx={{ color: 'text.secondary', typography: 'caption' }}>{t('auth.emailLogin.otherOptions')}</Divider>

        {/* A full navigation: the server starts the OAuth flow. */}
        <Button
          href={serverUrls.login}
          variant="outlined"
          size="large"
          fullWidth
          startIcon={<LoginRoundedIcon />}
          sx={{ borderColor: 'divider', color: 'text.primary' }}
        >
          {t('auth.emailLogin.providerLogin')}
        </Button>
        <SocialLoginButtons />

        <Typography variant="body2" sx={{ textAlign: 'center', color: 'text.secondary', pt: 0.5 }}>
          {isRegister ? t('auth.emailLogin.haveAccount') : t('auth.emailLogin.noAccount')}{' '}
          <Link
            component="button"
            type="button"
            variant="body2"
            onClick={() => switchMode(isRegister ? 'login' : 'register')}
            sx={{ fontWeight: 600, verticalAlign: 'baseline' }}
          >
            {isRegister ? t('auth.emailLogin.signIn') : t('auth.emailLogin.createOne')}
          </Link>
        </Typography>
      </Stack>
    </AuthCard>
  );
}
