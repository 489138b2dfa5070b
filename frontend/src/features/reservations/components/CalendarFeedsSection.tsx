import { useEffect, useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddLinkRoundedIcon from '#icons/AddLinkRounded';
import DeleteOutlineRoundedIcon from '#icons/DeleteOutlineRounded';
import EditOutlinedIcon from '#icons/EditOutlined';
import SyncRoundedIcon from '#icons/SyncRounded';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { errorMessage } from '../../../lib/api-client';
import { useToast } from '../../../components/toast/use-toast';
import { deleteFeed, syncFeeds, useCalendarFeeds } from '../api/feeds';
import { openDoubleBookingsOf, useOpenDoubleBookings } from '../api/get-double-bookings';
import { useRefreshPropertyViews } from '../api/refresh';
import { useFollowSync } from '../hooks/use-follow-sync';
import type { CalendarFeed, SyncResponse } from '../api/types';
import { sourceName } from '../utils/format';
import { ConfirmDialog } from './ConfirmDialog';
import { FeedDialog } from './FeedDialog';
import { FeedStatus } from './FeedStatus';

export interface CalendarFeedsSectionProps {
  propertyId: string;
}

/** One line for a "Sync now": what each feed brought, or why it failed. */
function syncSummary(t: TFunction, response: SyncResponse): { text: string; failed: boolean; doubleBooked: number } {
  let created = 0;
  let updated = 0;
  let flagged = 0;
  let doubleBooked = 0;
  let held = 0;
  const failures: string[] = [];
  for (const result of response.results) {
    if (result.outcome === 'ok') {
      created += result.summary.created;
      updated += result.summary.updated + result.summary.restored;
      flagged += result.summary.flagged;
      doubleBooked += result.summary.doubleBooked ?? 0;
      if (result.summary.notBookingCalendar) held += 1;
    } else if (result.outcome === 'failed') failures.push(result.error.message);
    else if (result.outcome === 'busy') failures.push(t('calendar.syncInProgress'));
    else if (result.outcome === 'waiting') failures.push(result.message);
  }
  const parts = [t('reservations.feeds.syncCounts', { created, updated, flagged })];
  if (doubleBooked) parts.push(t('reservations.feeds.doubleBooked', { count: doubleBooked }));
  // A calendar held as not a booking calendar imported nothing: said, not passed off as "0 new".
  if (held) parts.push(t('reservations.feeds.heldCalendars', { count: held }));
  if (failures.length) parts.push(failures.join(' · '));
  return { text: parts.join(' '), failed: failures.length > 0, doubleBooked };
}

/**
 * The property's iCal feeds (CEO and managers): channel, link, last sync and its result, with add,
 * edit, remove and "Sync now" (every feed of the property, at once).
 */
export function CalendarFeedsSection({ propertyId }: CalendarFeedsSectionProps) {
  const { t } = useTranslation();
  const { toast } = useToast();
  // The feeds are read every few seconds while an import goes on (useFollowSync decides; one render late).
  const [pollMs, setPollMs] = useState(0);
  const { feeds, isLoading, error } = useCalendarFeeds(propertyId, true, pollMs);
  const refreshViews = useRefreshPropertyViews();
  const doubleBookings = useOpenDoubleBookings(feeds.length > 0);
  const { follow, following, refreshInterval } = useFollowSync(feeds, () => {
    void refreshViews(propertyId);
    toast({ title: t('reservations.feeds.synced'), severity: 'success' });
  });
  useEffect(() => setPollMs(refreshInterval), [refreshInterval]);
  const [dialog, setDialog] = useState<{ open: boolean; feed?: CalendarFeed }>({ open: false });
  const [removing, setRemoving] = useState<CalendarFeed | null>(null);
  const [pending, setPending] = useState<'sync' | 'remove' | null>(null);

  const syncNow = async () => {
    setPending('sync');
    try {
      const response = await syncFeeds(propertyId);
      await refreshViews(propertyId);
      // Long imports go on after the answer: the feeds show their progress, the views refresh at the end.
      const queued = follow(response);
      const { text, failed, doubleBooked } = syncSummary(t, response);
      // A double booking is an emergency: the toast says so as loudly as a failure.
      if (failed || doubleBooked) toast({ title: t(failed ? 'reservations.feeds.syncFailed' : 'reservations.feeds.syncedDoubleBooked'), description: text, variant: 'destructive' });
      else if (queued) toast({ title: t('reservations.feeds.syncStarted'), description: t('reservations.feeds.syncStartedHint'), severity: 'info' });
      else toast({ title: t('reservations.feeds.synced'), description: text, severity: 'success' });
    } catch (failure) {
      toast({ title: t('reservations.feeds.syncFailed'), description: errorMessage(failure, ''), variant: 'destructive' });
    } finally {
      setPending(null);
    }
  };

  const remove = async () => {
    if (!removing) return;
    setPending('remove');
    try {
      await deleteFeed(propertyId, removing.id);
      await refreshViews(propertyId);
      toast({ title: t('reservations.feeds.removed'), severity: 'success' });
      setRemoving(null);
    } catch (failure) {
      toast({ title: t('reservations.feeds.removeFailed'), description: errorMessage(failure, ''), variant: 'destructive' });
    } finally {
      setPending(null);
    }
  };

  let body: ReactNode;
  if (isLoading) {
    body = (
      <Box sx={{ p: 2 }}>
        <Skeleton height={56} />
      </Box>
    );
  } else if (error) {
    body = (
      <Alert severity="error" sx={{ m: 2 }}>
        {t('reservations.feeds.loadError')}
      </Alert>
    );
  } else {
    body = (
      <>
        <Typography variant="body2" sx={{ px: 2.5, pt: 2, color: 'text.secondary' }}>
          {t('reservations.feeds.intro')}
        </Typography>
        {feeds.length === 0 ? (
          <Typography variant="body2" sx={{ px: 2.5, pt: 2, color: 'text.secondary' }} data-testid="feeds-empty">
            {t('reservations.feeds.empty')}
          </Typography>
        ) : (
          <Box component="ul" sx={{ listStyle: 'none', m: 0, mt: 1, p: 0, borderTop: 1, borderColor: 'divider' }} aria-label={t('reservations.feeds.title')}>
            {feeds.map((feed) => (
              <Box component="li" key={feed.id} data-testid="calendar-feed" sx={{ px: 2.5, py: 1.5, borderBottom: 1, borderColor: 'divider', display: 'grid', gap: 0.75 }}>
                <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0 }}>
                  <Typography variant="subtitle2" component="p" sx={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
                    {feed.name || sourceName(t, feed.source)}
                  </Typography>
                  <Chip size="small" variant="outlined" label={sourceName(t, feed.source)} />
                  {!feed.enabled && <Chip size="small" label={t('reservations.feeds.paused')} />}
                  {feed.syncing && <Chip size="small" color="info" variant="outlined" label={t('reservations.feeds.syncingNow')} />}
                  <Tooltip title={t('reservations.feeds.edit')}>
                    <IconButton size="small" onClick={() => setDialog({ open: true, feed })} aria-label={t('reservations.feeds.editLabel', { name: feed.name || sourceName(t, feed.source) })}>
                      <EditOutlinedIcon fontSize="small" />
                    </IconButton>
                  </Tooltip>
                  <Tooltip title={t('reservations.feeds.remove')}>
                    <IconButton size="small" onClick={() => setRemoving(feed)} aria-label={t('reservations.feeds.removeLabel', { name: feed.name || sourceName(t, feed.source) })}>
                      <DeleteOutlineRoundedIcon fontSize="small" />
                    </IconButton>
                  </Tooltip>
                </Box>
                <Typography
                  variant="caption"
                  component="p"
                  title={feed.url}
                  sx={{ fontFamily: 'monospace', color: 'text.secondary', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
                  data-testid="feed-url"
                >
                  {feed.url}
                </Typography>
                <FeedStatus feed={feed} openDoubleBookings={openDoubleBookingsOf(doubleBookings, feed.id)} onConfirmed={syncNow} />
              </Box>
            ))}
          </Box>
        )}
        <Box sx={{ px: 2.5, py: 1.5, display: 'flex', flexWrap: 'wrap', gap: 1 }}>
          <Button size="small" startIcon={<AddLinkRoundedIcon />} onClick={() => setDialog({ open: true })}>
            {t('reservations.feeds.add')}
          </Button>
          {feeds.length > 0 && (
            <Button size="small" variant="outlined" startIcon={<SyncRoundedIcon />} onClick={syncNow} disabled={pending !== null || following} sx={{ ml: 'auto' }}>
              {pending === 'sync' || following ? t('reservations.feeds.syncing') : t('reservations.feeds.syncNow')}
            </Button>
          )}
        </Box>
      </>
    );
  }

  return (
    <>
      {body}
      <FeedDialog open={dialog.open} feed={dialog.feed} propertyId={propertyId} onClose={() => setDialog({ open: false })} />
      <ConfirmDialog
        open={Boolean(removing)}
        title={t('reservations.feeds.removeTitle')}
        confirmLabel={t('reservations.feeds.remove')}
        pending={pending === 'remove'}
        onConfirm={remove}
        onClose={() => setRemoving(null)}
      >
        {t('reservations.feeds.removeConfirm')}
      </ConfirmDialog>
    </>
  );
}
