import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import SendRoundedIcon from '@mui/icons-material/SendRounded';
import CampaignOutlinedIcon from '@mui/icons-material/CampaignOutlined';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../components/toast/use-toast';
import { useNotificationPreferences } from '../api/get-notification-preferences';
import { sendNotification } from '../api/send-notification';
import { useResultToast } from '../hooks/use-result-toast';
import { PanelCard } from './PanelCard';

export interface ManualSendCardProps {
  companyId: string;
}

/**
 * Envio Manual: subject and a 4-row message; the button is enabled only with a message and SMS on
 * (SPEC point 2). A success clears the fields; the history is re-read either way.
 */
export function ManualSendCard({ companyId }: ManualSendCardProps) {
  const { t } = useTranslation();
  const { toast } = useToast();
  const { showRequestFailure } = useResultToast();
  const { preferences } = useNotificationPreferences(companyId);
  const [subject, setSubject] = useState('');
  const [message, setMessage] = useState('');
  const [sending, setSending] = useState(false);
  const smsEnabled = preferences?.smsEnabled ?? false;

  async function send(event: FormEvent) {
    event.preventDefault();
    if (!message.trim() || !smsEnabled) return;
    setSending(true);
    try {
      const result = await sendNotification({ companyId, subject: subject.trim(), message: message.trim() });
      if (result.success) {
        toast({ title: t('notifications.toast.sent'), description: result.message, severity: 'success' });
        setSubject('');
        setMessage('');
      } else {
        toast({ title: t('notifications.toast.sendFailed'), description: result.message, variant: 'destructive' });
      }
    } catch (error) {
      showRequestFailure(error, t('notifications.toast.sendFailed'));
    } finally {
      setSending(false);
    }
  }

  return (
    <PanelCard icon={<CampaignOutlinedIcon />} title={t('notifications.manual.title')} description={t('notifications.manual.description')}>
      <Box component="form" onSubmit={send} noValidate sx={{ display: 'grid', gap: 2 }}>
        {preferences && !smsEnabled && <Alert severity="info">{t('notifications.manual.needsSms')}</Alert>}
        <TextField label={t('notifications.manual.subject')} value={subject} onChange={(event) => setSubject(event.target.value)} slotProps={{ htmlInput: { maxLength: 200 } }} />
        <TextField
          label={t('notifications.manual.message')}
          value={message}
          onChange={(event) => setMessage(event.target.value)}
          multiline
          rows={4}
          slotProps={{ htmlInput: { maxLength: 1000 } }}
        />
        <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
          <Button type="submit" variant="contained" startIcon={<SendRoundedIcon />} disabled={!message.trim() || !smsEnabled || sending}>
            {sending ? t('notifications.manual.sending') : t('notifications.manual.send')}
          </Button>
        </Box>
      </Box>
    </PanelCard>
  );
}
