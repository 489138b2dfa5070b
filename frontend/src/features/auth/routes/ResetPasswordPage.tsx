import { useState } from 'react';
import Button from '@mui/material/Button';
import LinkOffRoundedIcon from '#icons/LinkOffRounded';
import GroupAddRoundedIcon from '#icons/GroupAddRounded';
import LockResetRoundedIcon from '#icons/LockResetRounded';
import TaskAltRoundedIcon from '#icons/TaskAltRounded';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { PublicLayout } from '../../../components/layout/PublicLayout';
import { paths, loginUrl } from '../../../config/paths';
import { AuthCard } from '../components/AuthCard';
import { ResetPasswordForm } from '../components/ResetPasswordForm';
import { StatusPanel } from '../components/StatusPanel';

type ResetState = 'form' | 'success' | 'invalid';

/**
 * /reset-password?token=… (SPEC "Reset-password page"): form, success, invalid (no token, or refused
 * link). `&invite=1` is the team invitation's link: the same flow, worded as choosing a first
 * password and joining the company; its success leads to the e-mail sign-in.
 */
export default function ResetPasswordPage() {
  const { t, i18n } = useTranslation();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  const invite = searchParams.get('invite') === '1';
  const [state, setState] = useState<ResetState>('form');

  let content;
  if (invite && (!token || state === 'invalid')) {
    content = (
      <StatusPanel
        state="invalid"
        icon={LinkOffRoundedIcon}
        tone="error"
        title={t('auth.invite.invalidTitle')}
        description={t('auth.invite.invalidText')}
        actions={
          <>
            <Button component={RouterLink} to={paths.auth} variant="contained" size="large" fullWidth>
              {t('auth.links.backToLogin')}
            </Button>
            <Button component={RouterLink} to={paths.forgotPassword} size="large" fullWidth>
              {t('auth.invite.forgotPassword')}
            </Button>
          </>
        }
      />
    );
  } else if (invite && state === 'success') {
    content = (
      <StatusPanel
        state="success"
        icon={TaskAltRoundedIcon}
        tone="success"
        title={t('auth.invite.successTitle')}
        description={t('auth.invite.successText')}
        actions={
          <>
            <Button component={RouterLink} to={paths.auth} variant="contained" size="large" fullWidth>
              {t('auth.links.loginWithEmail')}
            </Button>
            <Button href={loginUrl(i18n.language)} variant="outlined" size="large" fullWidth>
              {t('auth.resetPassword.login')}
            </Button>
          </>
        }
      />
    );
  } else if (invite && token) {
    content = (
      <AuthCard icon={GroupAddRoundedIcon} title={t('auth.invite.title')} subtitle={t('auth.invite.subtitle')}>
        <ResetPasswordForm token={token} wording="invite" onSuccess={() => setState('success')} onInvalidLink={() => setState('invalid')} />
      </AuthCard>
    );
  } else if (!token || state === 'invalid') {
    content = (
      <StatusPanel
        state="invalid"
        icon={LinkOffRoundedIcon}
        tone="error"
        title={t('auth.resetPassword.invalidTitle')}
        description={t('auth.resetPassword.invalidText')}
        actions={
          <>
            <Button component={RouterLink} to={paths.forgotPassword} variant="contained" size="large" fullWidth>
              {t('auth.resetPassword.requestNew')}
            </Button>
            <Button component={RouterLink} to={paths.auth} size="large" fullWidth>
              {t('auth.links.backToLogin')}
            </Button>
          </>
        }
      />
    );
  } else if (state === 'success') {
    content = (
      <StatusPanel
        state="success"
        icon={TaskAltRoundedIcon}
        tone="success"
        title={t('auth.resetPassword.successTitle')}
        description={t('auth.resetPassword.successText')}
        actions={
          <>
            {/* SPEC: "Fazer Login" starts the external sign-in; e-mail accounts use the second button. */}
            <Button href={loginUrl(i18n.language)} variant="contained" size="large" fullWidth>
              {t('auth.resetPassword.login')}
            </Button>
            <Button component={RouterLink} to={paths.auth} variant="outlined" size="large" fullWidth>
              {t('auth.links.loginWithEmail')}
            </Button>
          </>
        }
      />
    );
  } else {
    content = (
      <AuthCard icon={LockResetRoundedIcon} title={t('auth.resetPassword.title')} subtitle={t('auth.resetPassword.subtitle')}>
        <ResetPasswordForm token={token} onSuccess={() => setState('success')} onInvalidLink={() => setState('invalid')} />
      </AuthCard>
    );
  }

  return <PublicLayout maxWidth="sm">{content}</PublicLayout>;
}
