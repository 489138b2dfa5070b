// A stay's private guest link (issue 40 point 4), on the stay's dialog for the CEO and managers: the
// link to copy, its printable QR code for the welcome book, the sentence to paste into the channel's
// message (pt, en, es), when the guests said they left, and a new link (the old one stops at once).
import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import AutorenewRoundedIcon from '#icons/AutorenewRounded';
import DirectionsWalkRoundedIcon from '#icons/DirectionsWalkRounded';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/api-client';
import { formatInstant } from '../../../lib/zoned-format';
import { useToast } from '../../../components/toast/use-toast';
import { CopyableUrl } from '../../../components/ui/CopyableUrl';
import { rotateGuestLink, useGuestLink } from '../api/guest-link';
import { ConfirmDialog } from './ConfirmDialog';
import { GuestLinkQr } from './GuestLinkQr';

type MessageLanguage = 'pt' | 'en' | 'es';

export function GuestLinkSection({ reservationId }: { reservationId: string }) {
  const { t, i18n } = useTranslation();
  const { toast } = useToast();
  const [open, setOpen] = useState(false);
  const { link, error, loading } = useGuestLink(reservationId, open);
  const current = (i18n.resolvedLanguage ?? 'en').slice(0, 2);
  const [language, setLanguage] = useState<MessageLanguage>(current === 'pt' || current === 'es' ? current : 'en');
  const [confirming, setConfirming] = useState(false);
  const [pending, setPending] = useState(false);
  const copyFailed = () => toast({ title: t('reservations.guestLink.copyFailed'), variant: 'destructive' });

  const rotate = async () => {
    setPending(true);
    try {
      await rotateGuestLink(reservationId);
      toast({ title: t('reservations.guestLink.rotated'), severity: 'success' });
      setConfirming(false);
    } catch (failure) {
      toast({ title: t('reservations.guestLink.failed'), description: errorMessage(failure, '') || undefined, variant: 'destructive' });
    } finally {
      setPending(false);
    }
  };

  const copyMessage = async (text: string) => {
    try {
      await navigator.clipboard.writeText(text);
      toast({ title: t('reservations.guestLink.messageCopied'), severity: 'success' });
    } catch {
      copyFailed();
    }
  };

  return (
    <Box data-testid="guest-link-section">
      <Button size="small" startIcon={<DirectionsWalkRoundedIcon />} onClick={() => setOpen((value) => !value)} aria-expanded={open} aria-controls={`guest-link-${reservationId}`}>
        {t('reservations.guestLink.toggle')}
      </Button>
      <Collapse in={open} unmountOnExit>
        <Box id={`guest-link-${reservationId}`} sx={{ display: 'grid', gap: 1.5, pt: 1.5 }}>
          <Typography variant="body2" color="text.secondary">
            {t('reservations.guestLink.description')}
          </Typography>
          {error && <Alert severity="error">{errorMessage(error, t('reservations.guestLink.failed'))}</Alert>}
          {loading && !link && <Typography variant="body2">{t('reservations.guestLink.loading')}</Typography>}
          {link && (
            <>
              {link.leftAt && (
                <Alert severity="success" data-testid="guest-link-left">
                  {t('reservations.guestLink.left', { time: formatInstant(link.leftAt, i18n.resolvedLanguage ?? 'en', 'dateTime') })}
                </Alert>
              )}
              <CopyableUrl url={link.url} label={t('reservations.guestLink.urlLabel')} copyLabel={t('reservations.guestLink.copy')} copiedLabel={t('reservations.guestLink.copied')} onCopyFailed={copyFailed} />
              <GuestLinkQr url={link.url} propertyName={link.propertyName} />
              <Box sx={{ display: 'grid', gap: 1 }}>
                <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
                  <Typography variant="subtitle2" component="h3" id={`guest-message-${reservationId}`}>
                    {t('reservations.guestLink.messageTitle')}
                  </Typography>
                  <ToggleButtonGroup size="small" exclusive value={language} onChange={(_, value: MessageLanguage | null) => value && setLanguage(value)} aria-label={t('reservations.guestLink.messageLanguage')}>
                    <ToggleButton value="pt">PT</ToggleButton>
                    <ToggleButton value="en">EN</ToggleButton>
                    <ToggleButton value="es">ES</ToggleButton>
                  </ToggleButtonGroup>
                </Box>
                <TextField
                  value={link.messages[language]}
                  multiline
                  minRows={2}
                  size="small"
                  slotProps={{ htmlInput: { readOnly: true, 'aria-labelledby': `guest-message-${reservationId}`, 'data-testid': 'guest-link-message' } }}
                  onFocus={(event) => event.target.select()}
                />
                <Box>
                  <Button size="small" variant="outlined" onClick={() => copyMessage(link.messages[language])}>
                    {t('reservations.guestLink.copyMessage')}
                  </Button>
                </Box>
              </Box>
              <Box>
                <Button size="small" color="inherit" startIcon={<AutorenewRoundedIcon />} onClick={() => setConfirming(true)} disabled={pending}>
                  {t('reservations.guestLink.rotate')}
                </Button>
              </Box>
            </>
          )}
        </Box>
      </Collapse>
      <ConfirmDialog open={confirming} title={t('reservations.guestLink.rotateTitle')} confirmLabel={t('reservations.guestLink.rotate')} pending={pending} onConfirm={rotate} onClose={() => setConfirming(false)}>
        {t('reservations.guestLink.rotateConfirm')}
      </ConfirmDialog>
    </Box>
  );
}
