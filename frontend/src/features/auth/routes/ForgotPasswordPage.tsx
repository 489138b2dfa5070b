import { useState } from 'react';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import ArrowBackRoundedIcon from '#icons/ArrowBackRounded';
import KeyRoundedIcon from '#icons/KeyRounded';
import MarkEmailUnreadOutlinedIcon from '#icons/MarkEmailUnreadOutlined';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { PublicLayout } from '../../../components/layout/PublicLayout';
import { paths } from '../../../config/paths';
import { AuthCard } from '../components/AuthCard';
import { ForgotPasswordForm } from '../components/ForgotPasswordForm';
import { StatusPanel } from '../components/StatusPanel';

/** /forgot-password: asks for a reset link, then shows the same neutral answer whatever the server says. */
export default function ForgotPasswordPage() {
  const { t } = useTranslation();
  const [sentTo, setSentTo] = useState<string | null>(null);

  return (
    <PublicLayout maxWidth="sm">
      {sentTo === null ? (
        <AuthCard
          icon={KeyRoundedIcon}
          title={t('auth.forgotPassword.title')}
          subtitle={t('auth.forgotPassword.subtitle')}
          footer={
            <Link component={RouterLink} to={paths.auth} variant="body2" sx={{ fontWeight: 600, display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
              <ArrowBackRoundedIcon sx={{ fontSize: 16 }} aria-hidden />
              {t('auth.links.backToLogin')}
            </Link>
          }
        >
          <ForgotPasswordForm onSent={setSentTo} />
        </AuthCard>
      ) : (
        <StatusPanel
          state="sent"
          icon={MarkEmailUnreadOutlinedIcon}
          tone="primary"
          title={t('auth.forgotPassword.sentTitle')}
          description={
            <>
              {t('auth.forgotPassword.sentText', { email: sentTo })}
              <br />
              <br />
              {t('auth.forgotPassword.sentHint')}
            </>
          }
          actions={
            <>
              <Button component={RouterLink} to={paths.auth} variant="contained" size="large" fullWidth>
                {t('auth.links.backToLogin')}
              </Button>
              <Button onClick={() => setSentTo(null)} size="large" fullWidth>
                {t('auth.forgotPassword.tryAgain')}
              </Button>
            </>
          }
        />
      )}
    </PublicLayout>
  );
}
