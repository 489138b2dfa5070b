import { useId, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import ExpandLessRoundedIcon from '#icons/ExpandLessRounded';
import ExpandMoreRoundedIcon from '#icons/ExpandMoreRounded';
import { useTranslation } from 'react-i18next';
import type { CalendarFeed, FeedSummary } from '../api/types';
import { formatDateTime, sourceName } from '../utils/format';
import { useCompanyTimeZone } from '../../companies/api/get-companies';
import { HeldFeedNotice } from './HeldFeedNotice';

const compactAlert = { py: 0, px: 1, '& .MuiAlert-icon': { py: 0.75 }, '& .MuiAlert-message': { minWidth: 0, overflowWrap: 'anywhere' } } as const;

/** The events the last import left out, each with its reason (folded away until asked for). */
function SkippedEvents({ summary }: { summary: FeedSummary }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const listId = useId();
  const listed = summary.skippedEvents ?? [];
  if (!listed.length) return null;
  // `skipped` counts every event left out; at most MAX_SKIPPED_LISTED are listed.
  const count = Math.max(summary.skipped, listed.length);
  return (
    <Box data-testid="feed-skipped">
      <Button
        size="small"
        color="inherit"
        onClick={() => setOpen((value) => !value)}
        aria-expanded={open}
        aria-controls={listId}
        endIcon={open ? <ExpandLessRoundedIcon /> : <ExpandMoreRoundedIcon />}
        sx={{ px: 0.5, color: 'text.secondary', textAlign: 'left' }}
      >
        {t('reservations.feeds.skippedToggle', { count })}
      </Button>
      <Collapse in={open} unmountOnExit>
        <Box component="ul" id={listId} sx={{ m: 0, pl: 2.5, display: 'grid', gap: 0.5 }}>
          {listed.map((event, index) => (
            <Typography component="li" variant="caption" key={`${event.uid ?? ''}-${index}`} sx={{ overflowWrap: 'anywhere' }} data-testid="feed-skipped-event">
              <Box component="span" sx={{ fontWeight: 600 }}>
                {event.summary || event.uid || t('reservations.feeds.unnamedEvent')}
              </Box>
              {`: ${event.message}`}
            </Typography>
          ))}
          {count > listed.length && (
            <Typography component="li" variant="caption" sx={{ color: 'text.secondary', listStyle: 'none' }}>
              {t('reservations.feeds.skippedMore', { count: count - listed.length })}
            </Typography>
          )}
        </Box>
      </Collapse>
    </Box>
  );
}

/**
 * A feed's last sync: when, what it brought, the channel the calendar names, limits met, events it
 * skipped and why, or the failure as long as it is the latest news; and the open double bookings
 * its stays are part of (until a manager resolves them).
 */
export function FeedStatus({
  feed,
  openDoubleBookings,
  onConfirmed,
}: {
  feed: CalendarFeed;
  /** Open double bookings its stays are part of. */
  openDoubleBookings: number;
  /** A held calendar was confirmed as the property's bookings (the section syncs it). */
  onConfirmed?: () => void | Promise<void>;
}) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage;
  const timeZone = useCompanyTimeZone();
  const failing = Boolean(feed.lastError) && (!feed.lastSuccessAt || (feed.lastErrorAt ?? '') > feed.lastSuccessAt);
  const summary = feed.lastSummary;
  const detected = summary?.detectedChannel;
  return (
    <Box sx={{ display: 'grid', gap: 0.5, minWidth: 0 }}>
      <Typography variant="caption" component="p" sx={{ color: 'text.secondary' }} data-testid="feed-last-sync">
        {feed.lastSyncAt ? t('reservations.feeds.lastSync', { date: formatDateTime(feed.lastSyncAt, language, timeZone) }) : t('reservations.feeds.neverSynced')}
        {!failing && summary && ` · ${t('reservations.feeds.summary', { bookings: summary.bookings, blocks: summary.blocks })}`}
      </Typography>
      {feed.syncing && feed.syncProgress && feed.syncProgress.total > 0 && (
        <Box sx={{ display: 'grid', gap: 0.25 }} data-testid="feed-progress">
          <LinearProgress
            variant="determinate"
            value={Math.min(100, (100 * feed.syncProgress.done) / feed.syncProgress.total)}
            aria-label={t('reservations.feeds.progress', { done: feed.syncProgress.done, total: feed.syncProgress.total })}
          />
          <Typography variant="caption" sx={{ color: 'text.secondary' }}>
            {t('reservations.feeds.progress', { done: feed.syncProgress.done, total: feed.syncProgress.total })}
          </Typography>
        </Box>
      )}
      {detected && (
        <Typography variant="caption" component="p" sx={{ color: 'text.secondary' }} data-testid="feed-detected-channel">
          {t('reservations.feeds.detectedChannel', { channel: sourceName(t, detected) })}
          {feed.sourceLocked && detected !== feed.source && ` · ${t('reservations.feeds.channelChosen', { channel: sourceName(t, feed.source) })}`}
        </Typography>
      )}
      {!failing && <HeldFeedNotice feed={feed} onConfirmed={onConfirmed} />}
      {failing && (
        <Alert severity="error" sx={compactAlert} data-testid="feed-error">
          {feed.lastError}
          {feed.consecutiveFailures > 1 && ` (${t('reservations.feeds.failures', { count: feed.consecutiveFailures })})`}
          {feed.enabled && feed.nextSyncAt && (
            <Box component="span" sx={{ display: 'block' }} data-testid="feed-next-try">
              {t('reservations.feeds.nextTry', { date: formatDateTime(feed.nextSyncAt, language, timeZone) })}
            </Box>
          )}
        </Alert>
      )}
      {openDoubleBookings > 0 && (
        <Alert severity="error" sx={compactAlert} data-testid="feed-double-booked">
          {t('reservations.feeds.openDoubleBookings', { count: openDoubleBookings })}
        </Alert>
      )}
      {!failing && summary && summary.conflicts.length > 0 && (
        <Alert severity="warning" sx={compactAlert}>
          {t('reservations.feeds.conflicts', { count: summary.conflicts.length })}
        </Alert>
      )}
      {!failing && summary && (summary.warnings ?? []).length > 0 && (
        <Alert severity="warning" sx={compactAlert} data-testid="feed-warnings">
          <Box component="ul" sx={{ m: 0, pl: summary.warnings!.length > 1 ? 2 : 0, listStyle: summary.warnings!.length > 1 ? 'disc' : 'none' }}>
            {summary.warnings!.map((warning, index) => (
              <li key={`${warning.code}-${index}`}>{warning.message}</li>
            ))}
          </Box>
        </Alert>
      )}
      {!failing && summary && <SkippedEvents summary={summary} />}
    </Box>
  );
}
