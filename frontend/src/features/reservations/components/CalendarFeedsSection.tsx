import { useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddLinkRoundedIcon from '@mui/icons-material/AddLinkRounded';
import DeleteOutlineRoundedIcon from '@mui/icons-material/DeleteOutlineRounded';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import SyncRoundedIcon from '@mui/icons-material/SyncRounded';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { errorMessage } from '../../../lib/api-client';
import { useToast } from '../../../components/toast/use-toast';
import { deleteFeed, syncFeeds, useCalendarFeeds } from '../api/feeds';
import { useRefreshPropertyViews } from '../api/refresh';
import type { CalendarFeed, SyncResponse } from '../api/types';
import { formatDateTime, sourceName } from '../utils/format';
import { ConfirmDialog } from './ConfirmDialog';
import { FeedDialog } from './FeedDialog';

export interface CalendarFeedsSectionProps {
  propertyId: string;
}

/** One line for a "Sync now": what each feed brought, or why it failed. */
function syncSummary(t: TFunction, response: SyncResponse): { text: string; failed: boolean } {
  let created = 0;
  let updated = 0;
  let flagged = 0;
  const failures: string[] = [];
  for (const result of response.results) {
    if (result.outcome === 'ok') {
      created += result.summary.created;
      updated += result.summary.updated + result.summary.restored;
      flagged += result.summary.flagged;
    } else if (result.outcome === 'failed') failures.push(result.error.message);
    else if (result.outcome === 'busy') failures.push(t('calendar.syncInProgress'));
  }
  const parts = [t('reservations.feeds.syncCounts', { created, updated, flagged })];
  if (failures.length) parts.push(failures.join(' · '));
  return { text: parts.join(' '), failed: failures.length > 0 };
}

function FeedStatus({ feed }: { feed: CalendarFeed }) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage;
  const failing = Boolean(feed.lastError) && (!feed.lastSuccessAt || (feed.lastErrorAt ?? '') > feed.lastSuccessAt);
  const summary = feed.lastSummary;
  return (
    <Box sx={{ display: 'grid', gap: 0.5 }}>
      <Typography variant="caption" component="p" sx={{ color: 'text.secondary' }} data-testid="feed-last-sync">
        {feed.lastSyncAt ? t('reservations.feeds.lastSync', { date: formatDateTime(feed.lastSyncAt, language) }) : t('reservations.feeds.neverSynced')}
        {!failing && summary && ` · ${t('reservations.feeds.summary', { bookings: summary.bookings, blocks: summary.blocks })}`}
      </Typography>
      {failing && (
        <Alert severity="error" sx={{ py: 0, px: 1, '& .MuiAlert-icon': { py: 0.75 } }} data-testid="feed-error">
          {feed.lastError}
          {feed.consecutiveFailures > 1 && ` (${t('reservations.feeds.failures', { count: feed.consecutiveFailures })})`}
        </Alert>
      )}
      {!failing && summary && summary.conflicts.length > 0 && (
        <Alert severity="warning" sx={{ py: 0, px: 1, '& .MuiAlert-icon': { py: 0.75 } }}>
          {t('reservations.feeds.conflicts', { count: summary.conflicts.length })}
        </Alert>
      )}
    </Box>
  );
}

/**
 * The property's iCal feeds (CEO and managers): channel, link, last sync and its result, with add,
 * edit, remove and "Sync now" (every feed of the property, at once).
 */
export function CalendarFeedsSection({ propertyId }: CalendarFeedsSectionProps) {
  const { t } = useTranslation();
  const { toast } = useToast();
  const { feeds, isLoading, error } = useCalendarFeeds(propertyId);
  const refreshViews = useRefreshPropertyViews();
  const [dialog, setDialog] = useState<{ open: boolean; feed?: CalendarFeed }>({ open: false });
  const [removing, setRemoving] = useState<CalendarFeed | null>(null);
  const [pending, setPending] = useState<'sync' | 'remove' | null>(null);

  const syncNow = async () => {
    setPending('sync');
    try {
      const response = await syncFeeds(propertyId);
      await refreshViews(propertyId);
      const { text, failed } = syncSummary(t, response);
      toast(failed ? { title: t('reservations.feeds.syncFailed'), description: text, variant: 'destructive' } : { title: t('reservations.feeds.synced'), description: text, severity: 'success' });
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
                <FeedStatus feed={feed} />
              </Box>
            ))}
          </Box>
        )}
        <Box sx={{ px: 2.5, py: 1.5, display: 'flex', flexWrap: 'wrap', gap: 1 }}>
          <Button size="small" startIcon={<AddLinkRoundedIcon />} onClick={() => setDialog({ open: true })}>
            {t('reservations.feeds.add')}
          </Button>
          {feeds.length > 0 && (
            <Button size="small" variant="outlined" startIcon={<SyncRoundedIcon />} onClick={syncNow} disabled={pending !== null} sx={{ ml: 'auto' }}>
              {pending === 'sync' ? t('reservations.feeds.syncing') : t('reservations.feeds.syncNow')}
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
