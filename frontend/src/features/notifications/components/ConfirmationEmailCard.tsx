import { useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import MarkEmailReadOutlinedIcon from '@mui/icons-material/MarkEmailReadOutlined';
import { useTranslation } from 'react-i18next';
import { sendConfirmationEmail } from '../api/send-confirmation-email';
import { useResultToast } from '../hooks/use-result-toast';
import { PanelCard } from './PanelCard';

export interface ConfirmationEmailCardProps {
  companyId: string;
}

/** The test confirmation e-mail: disabled while the address is empty; a success clears it. */
export function ConfirmationEmailCard({ companyId }: ConfirmationEmailCardProps) {
  const { t } = useTranslation();
  const { showResult, showRequestFailure } = useResultToast();
  const [email, setEmail] = useState('');
  const [sending, setSending] = useState(false);

  async function send(event: FormEvent) {
    event.preventDefault();
    if (!email.trim()) return;
    setSending(true);
    try {
      const result = await sendConfirmationEmail(companyId, email.trim());
      showResult(result, { ok: t('notifications.toast.emailSent'), failed: t('notifications.toast.emailFailed') });
      if (result.success) setEmail('');
    } catch (error) {
      showRequestFailure(error, t('notifications.toast.emailRequestFailed'));
    } finally {
      setSending(false);
    }
  }

  return (
    <PanelCard
      icon={<MarkEmailReadOutlinedIcon />}
      title={t('notifications.email.confirmationTitle')}
      description={t('notifications.email.confirmationDescription')}
    >
      <Box component="form" onSubmit={send} noValidate sx={{ display: 'flex', gap: 1.5, flexDirection: { xs: 'column', sm: 'row' }, alignItems: { sm: 'flex-start' } }}>
        <TextField
          fullWidth
          type="email"
          label={t('notifications.email.confirmationEmail')}
          placeholder={t('notifications.email.confirmationPlaceholder')}
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
        <Button type="submit" variant="contained" disabled={!email.trim() || sending} sx={{ flexShrink: 0, height: 56 }}>
          {sending ? t('notifications.email.sending') : t('notifications.email.sendConfirmation')}
        </Button>
      </Box>
    </PanelCard>
  );
}
