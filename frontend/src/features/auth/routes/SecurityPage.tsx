import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/ui/PageHeader';
import { useCurrentUser } from '../api/get-current-user';
import { TwoFactorSettings } from '../components/TwoFactorSettings';

/** /account/security: the member's own sign-in security (two-factor authentication). */
export default function SecurityPage() {
  const { t } = useTranslation();
  const { user, refresh } = useCurrentUser();
  const enabled = Boolean(user?.twoFactorEnabled);
  return (
    <Box>
      <PageHeader title={t('auth.twoFactor.settingsTitle')} subtitle={t('auth.twoFactor.settingsSubtitle')} />
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, maxWidth: 560 }}>
        <TwoFactorSettings enabled={enabled} onEnabled={() => void refresh()} />
      </Paper>
    </Box>
  );
}
