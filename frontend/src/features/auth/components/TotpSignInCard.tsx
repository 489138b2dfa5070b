// The second step of an e-mail/password sign-in when the member has two-factor on: the code from
// the authenticator app. The step itself lives on the server (httpOnly cookie, a few minutes).
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import SecurityIcon from '#icons/Security';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../config/paths';
import { loginWithTotp } from '../api/two-factor';
import { AuthCard } from './AuthCard';
import { TotpCodeForm } from './TotpCodeForm';

export function TotpSignInCard({ onBack }: { onBack: () => void }) {
  const { t } = useTranslation();
  const submit = async (code: string) => {
    await loginWithTotp(code);
    // A full navigation: the app starts again with the new session cookie.
    window.location.assign(paths.home);
  };
  return (
    <AuthCard title={t('auth.twoFactor.signInTitle')} subtitle={t('auth.totpRequired')} icon={SecurityIcon}>
      <Stack spacing={2}>
        <TotpCodeForm submitLabel={t('auth.twoFactor.signInSubmit')} onSubmit={submit} />
        <Button onClick={onBack} size="small">
          {t('auth.links.backToLogin')}
        </Button>
      </Stack>
    </AuthCard>
  );
}
