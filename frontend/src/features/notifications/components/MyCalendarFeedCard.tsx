import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import AutorenewRoundedIcon from '#icons/AutorenewRounded';
import EventAvailableRoundedIcon from '#icons/EventAvailableRounded';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/api-client';
import { useToast } from '../../../components/toast/use-toast';
import { CopyableUrl } from '../../../components/ui/CopyableUrl';
// The same once-more confirmation the property page's feeds use.
import { ConfirmDialog } from '../../reservations/components/ConfirmDialog';
import { regenerateMyCalendarFeed, useMyCalendarFeed } from '../api/my-calendar-feed';

/**
 * The member's tasks as a calendar on their phone: the feed URL to subscribe to (Google Calendar,
 * Apple Calendar, Outlook), copy, and a new URL that stops the old one (a lost phone, a shared link).
 */
export function MyCalendarFeedCard() {
  const { t } = useTranslation();
  const { toast } = useToast();
  const { data, error } = useMyCalendarFeed();
  const [confirming, setConfirming] = useState(false);
  const [pending, setPending] = useState(false);
  const url = data?.url ?? null;

  const regenerate = async () => {
    setPending(true);
    try {
      await regenerateMyCalendarFeed();
      toast({ title: t(url ? 'myNotifications.calendarFeed.regenerated' : 'myNotifications.calendarFeed.created'), severity: 'success' });
      setConfirming(false);
    } catch (failure) {
      toast({ title: t('myNotifications.calendarFeed.failed'), description: errorMessage(failure, '') || undefined, variant: 'destructive' });
    } finally {
      setPending(false);
    }
  };

  return (
    <Paper variant="outlined" component="section" aria-labelledby="calendar-feed-title" sx={{ p: { xs: 2, sm: 3 }, mt: 3, display: 'grid', gap: 1.5 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <EventAvailableRoundedIcon fontSize="small" color="action" />
        <Typography id="calendar-feed-title" variant="h6" component="h2">
          {t('myNotifications.calendarFeed.title')}
        </Typography>
      </Box>
      <Typography variant="body2" color="text.secondary">
        {t('myNotifications.calendarFeed.description')}
      </Typography>
      {error ? (
        <Alert severity="error">{t('myNotifications.calendarFeed.loadError')}</Alert>
      ) : !data ? (
        <Skeleton variant="rounded" height={40} aria-label={t('myNotifications.loading')} />
      ) : (
        <>
          {url && (
            <CopyableUrl
              url={url}
              label={t('myNotifications.calendarFeed.urlLabel')}
              copyLabel={t('myNotifications.calendarFeed.copy')}
              copiedLabel={t('myNotifications.calendarFeed.copied')}
              onCopyFailed={() => toast({ title: t('myNotifications.calendarFeed.copyFailed'), variant: 'destructive' })}
            />
          )}
          <Box>
            <Button size="small" variant={url ? 'text' : 'contained'} startIcon={<AutorenewRoundedIcon />} disabled={pending} onClick={() => (url ? setConfirming(true) : regenerate())}>
              {t(url ? 'myNotifications.calendarFeed.regenerate' : 'myNotifications.calendarFeed.create')}
            </Button>
          </Box>
        </>
      )}
      <ConfirmDialog
        open={confirming}
        title={t('myNotifications.calendarFeed.regenerateTitle')}
        confirmLabel={t('myNotifications.calendarFeed.regenerate')}
        pending={pending}
        onConfirm={regenerate}
        onClose={() => setConfirming(false)}
      >
        {t('myNotifications.calendarFeed.regenerateConfirm')}
      </ConfirmDialog>
    </Paper>
  );
}
