import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../components/toast/use-toast';
import { errorMessage } from '../../../lib/api-client';
import { confirmFeed } from '../api/feeds';
import type { CalendarFeed } from '../api/types';

/**
 * A feed held on its first read because its calendar does not look like a booking calendar
 * (meetings, holidays…): what was found, and "Import anyway" for a manager who knows it is the
 * property's bookings (then the page syncs it at once).
 */
export function HeldFeedNotice({ feed, onConfirmed }: { feed: CalendarFeed; onConfirmed?: () => void | Promise<void> }) {
  const { t } = useTranslation();
  const { toast } = useToast();
  const [busy, setBusy] = useState(false);
  if (!feed.awaitingConfirmation || !feed.notBookingCalendar) return null;
  const confirm = async () => {
    setBusy(true);
    try {
      await confirmFeed(feed.propertyId, feed.id);
      await onConfirmed?.();
    } catch (failure) {
      toast({ title: t('reservations.feeds.confirmFailed'), description: errorMessage(failure, ''), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Alert
      severity="warning"
      data-testid="feed-not-bookings"
      sx={{ py: 0, px: 1, '& .MuiAlert-icon': { py: 0.75 }, '& .MuiAlert-message': { minWidth: 0, overflowWrap: 'anywhere' } }}
      action={
        <Button color="inherit" size="small" onClick={confirm} disabled={busy} data-testid="feed-confirm">
          {t('reservations.feeds.confirmImport')}
        </Button>
      }
    >
      {feed.notBookingCalendar}
    </Alert>
  );
}
