import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import SmsOutlinedIcon from '#icons/SmsOutlined';
import { useTranslation } from 'react-i18next';
import { useNotificationPreferences } from '../api/get-notification-preferences';
import { sendTestNotification } from '../api/send-test-notification';
import { useResultToast } from '../hooks/use-result-toast';
import { PanelCard } from '../../../components/ui/PanelCard';

export interface TestSmsCardProps {
  companyId: string;
}

/** Teste: an SMS to the saved number; enabled only with SMS on and a number saved (SPEC point 5). */
export function TestSmsCard({ companyId }: TestSmsCardProps) {
  const { t } = useTranslation();
  const { showResult, showRequestFailure } = useResultToast();
  const { preferences, error, isLoading } = useNotificationPreferences(companyId);
  const [sending, setSending] = useState(false);

  if (isLoading) return <Skeleton variant="rounded" height={180} aria-label={t('common.loading')} />;
  if (error || !preferences) return <Alert severity="error">{t('notifications.loadError')}</Alert>;

  const ready = preferences.smsEnabled && Boolean(preferences.phoneNumber);

  async function send() {
    setSending(true);
    try {
      const result = await sendTestNotification(companyId);
      showResult(result, { ok: t('notifications.toast.testSent'), failed: t('notifications.toast.testFailed') });
    } catch (failure) {
      showRequestFailure(failure, t('notifications.toast.testRequestFailed'));
    } finally {
      setSending(false);
    }
  }

  return (
    <PanelCard icon={<SmsOutlinedIcon />} title={t('notifications.test.title')} description={t('notifications.test.description')}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <Typography variant="body2" sx={{ flex: 1, minWidth: 220, color: ready ? 'text.primary' : 'text.secondary' }}>
          {ready ? t('notifications.test.target', { phone: preferences.phoneNumber }) : t('notifications.test.needsSms')}
        </Typography>
        <Button variant="contained" startIcon={<SmsOutlinedIcon />} disabled={!ready || sending} onClick={() => void send()}>
          {sending ? t('notifications.test.sending') : t('notifications.test.send')}
        </Button>
      </Box>
    </PanelCard>
  );
}
