import Button from '@mui/material/Button';
import ErrorOutlineRoundedIcon from '#icons/ErrorOutlineRounded';
import HourglassBottomRoundedIcon from '#icons/HourglassBottomRounded';
import MarkEmailReadOutlinedIcon from '#icons/MarkEmailReadOutlined';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { PublicLayout } from '../../../components/layout/PublicLayout';
import { paths, loginUrl } from '../../../config/paths';
import { StatusPanel } from '../components/StatusPanel';
import { useConfirmEmail } from '../hooks/use-confirm-email';

/** /confirm-email?token=… (SPEC "E-mail confirmation page"): confirms on arrival, then shows the outcome. */
export default function ConfirmEmailPage() {
  const { t, i18n } = useTranslation();
  const [searchParams] = useSearchParams();
  const state = useConfirmEmail(searchParams.get('token'));

  const backToLogin = (
    <Button component={RouterLink} to={paths.auth} size="large" fullWidth>
      {t('auth.links.backToLogin')}
    </Button>
  );

  return (
    <PublicLayout maxWidth="sm">
      {state.status === 'loading' && (
        <StatusPanel
          state="loading"
          icon="loading"
          tone="primary"
          title={t('auth.confirmEmail.loadingTitle')}
          description={t('auth.confirmEmail.loadingText')}
        />
      )}
      {state.status === 'success' && (
        <StatusPanel
          state="success"
          icon={MarkEmailReadOutlinedIcon}
          tone="success"
          title={t(state.already ? 'auth.confirmEmail.alreadyTitle' : 'auth.confirmEmail.successTitle')}
          description={t(state.already ? 'auth.confirmEmail.alreadyText' : 'auth.confirmEmail.successText')}
          actions={
            <>
              {/* SPEC: "Fazer Login" starts the external sign-in; e-mail accounts use the second button. */}
              <Button href={loginUrl(i18n.language)} variant="contained" size="large" fullWidth>
                {t('auth.confirmEmail.login')}
              </Button>
              <Button component={RouterLink} to={paths.auth} variant="outlined" size="large" fullWidth>
                {t('auth.links.loginWithEmail')}
              </Button>
            </>
          }
        />
      )}
      {state.status === 'expired' && (
        <StatusPanel
          state="expired"
          icon={HourglassBottomRoundedIcon}
          tone="warning"
          title={t('auth.confirmEmail.expiredTitle')}
          description={t('auth.confirmEmail.expiredText')}
          actions={
            <>
              <Button component={RouterLink} to={paths.register} variant="contained" size="large" fullWidth>
                {t('auth.confirmEmail.requestNew')}
              </Button>
              {backToLogin}
            </>
          }
        />
      )}
      {state.status === 'error' && (
        <StatusPanel
          state="error"
          icon={ErrorOutlineRoundedIcon}
          tone="error"
          title={t('auth.confirmEmail.errorTitle')}
          description={state.missingToken ? t('auth.confirmEmail.missingToken') : (state.message ?? t('auth.confirmEmail.errorText'))}
          actions={
            <>
              <Button onClick={() => window.location.reload()} variant="contained" size="large" fullWidth>
                {t('auth.confirmEmail.retry')}
              </Button>
              {backToLogin}
            </>
          }
        />
      )}
    </PublicLayout>
  );
}
