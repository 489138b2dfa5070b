// Below the /auth form: the external sign-in, the social buttons, and the switch between signing in
// and creating an account.
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import LoginRoundedIcon from '#icons/LoginRounded';
import { useTranslation } from 'react-i18next';
import { loginUrl } from '../../../config/paths';
import { SocialLoginButtons } from './SocialLoginButtons';

export function OtherSignInOptions({ isRegister, onSwitch }: { isRegister: boolean; onSwitch: () => void }) {
  const { t, i18n } = useTranslation();
  return (
    <>
      <Divider sx={{ color: 'text.secondary', typography: 'caption' }}>{t('auth.emailLogin.otherOptions')}</Divider>

      {/* A full navigation: the server starts the OAuth flow. */}
      <Button
        href={loginUrl(i18n.language)}
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
          onClick={onSwitch}
          sx={{ fontWeight: 600, verticalAlign: 'baseline' }}
        >
          {isRegister ? t('auth.emailLogin.signIn') : t('auth.emailLogin.createOne')}
        </Link>
      </Typography>
    </>
  );
}
