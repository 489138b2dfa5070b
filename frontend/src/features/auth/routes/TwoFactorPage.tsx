import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import SecurityIcon from '#icons/Security';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { PublicLayout } from '../../../components/layout/PublicLayout';
import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/api-client';
import { setupTwoFactor, verifyTwoFactor, type TotpSecret } from '../api/two-factor';
import { AuthCard } from '../components/AuthCard';
import { TotpCodeForm } from '../components/TotpCodeForm';
import { TotpSecretPanel } from '../components/TotpSecretPanel';

/**
 * /two-factor — enrolment in two-factor authentication, reached when the company requires it and the
 * member has not set it up (after the e-mail/password or the Hosted UI sign-in): the secret for the
 * authenticator app, then a first code, which signs the member in.
 */
export default function TwoFactorPage() {
  const { t } = useTranslation();
  const [secret, setSecret] = useState<TotpSecret | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    setupTwoFactor()
      .then((answer) => live && setSecret(answer))
      .catch((error: unknown) => live && setFailure(errorMessage(error, t('auth.totpSessionExpired'))));
    return () => {
      live = false;
    };
  }, [t]);

  const verify = async (code: string) => {
    await verifyTwoFactor(code);
    // A full navigation: the app starts again with the new session cookie.
    window.location.assign(paths.home);
  };

  return (
    <PublicLayout maxWidth="sm">
      <AuthCard title={t('auth.twoFactor.enrolTitle')} subtitle={t('auth.totpEnrolRequired')} icon={SecurityIcon}>
        {failure ? (
          <Stack spacing={2}>
            <Alert severity="warning">{failure}</Alert>
            <Button component={RouterLink} to={paths.auth} variant="contained">
              {t('auth.links.backToLogin')}
            </Button>
          </Stack>
        ) : secret ? (
          <Stack spacing={3}>
            <TotpSecretPanel secret={secret} />
            <TotpCodeForm submitLabel={t('auth.twoFactor.enrolSubmit')} onSubmit={verify} />
          </Stack>
        ) : (
          <Stack sx={{ py: 3, alignItems: 'center' }}>
            <CircularProgress aria-label={t('auth.twoFactor.loading')} />
          </Stack>
        )}
      </AuthCard>
    </PublicLayout>
  );
}
