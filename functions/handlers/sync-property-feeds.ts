import type { UiLanguage } from '#shared/enums';
import { translateMessage, type MessageKey } from '#shared/messages';
import { listFeeds, type StoredFeed } from '#functions/data/repositories/calendar-feeds';
import { feedView, requireOwnProperty } from '#functions/reservations/calendar-sync/feeds';
import { queuePropertyFeeds } from '#functions/reservations/calendar-sync/jobs';
import { apiHandler, json } from '#functions/lib/http';

/** How long "Sync now" waits for its feeds before answering that they are still running. */
const WAIT_MS = 8_000;
const POLL_MS = 250;

/** A queued feed's outcome once its sync ended after `since`, else undefined (still queued or running). */
function outcomeOf(feed: StoredFeed, since: string, language: UiLanguage) {
  const ids = { feedId: feed.id, propertyId: feed.propertyId };
  if (!feed.lastSyncAt || feed.lastSyncAt < since || (feed.syncLeaseUntil && feed.syncLeaseUntil > new Date().toISOString())) return undefined;
  if (feed.lastError && feed.lastErrorAt === feed.lastSyncAt) {
    const { code, params } = feed.lastError;
    return { ...ids, outcome: 'failed' as const, error: { code, params, message: translateMessage(code as MessageKey, language, params) } };
  }
  return { ...ids, outcome: 'ok' as const, summary: feed.lastSummary };
}

/**
 * POST /api/properties/{id}/feeds/sync ("sync now", CEO and managers): the property's feeds go to
 * the calendar-sync queue at once (the import never runs inside this request). It waits up to a few
 * seconds: 200 with each feed's outcome when they are done, else 202 with the feeds as they stand
 * (syncing, with progress) for the page to follow. A feed whose channel asked us to wait (429 /
 * Retry-After) is not read before that time: its outcome is 'waiting', with how long.
 */
export const handler = apiHandler('sync-property-feeds', {}, async ({ caller, params, language }) => {
  await requireOwnProperty(caller.companyId, params.id);
  const since = new Date().toISOString();
  const { queued, busy, disabled, waiting } = await queuePropertyFeeds(caller.companyId, params.id);
  const waitUntil = Date.now() + WAIT_MS;
  let feeds = await listFeeds(caller.companyId, params.id);
  const pending = () => queued.filter((q) => !outcomeOf(feeds.find((feed) => feed.id === q.id) ?? q, since, language));
  while (pending().length && Date.now() < waitUntil) {
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    feeds = await listFeeds(caller.companyId, params.id);
  }
  const results = feeds.map((feed) => {
    const ids = { feedId: feed.id, propertyId: feed.propertyId };
    if (disabled.some((d) => d.id === feed.id)) return { ...ids, outcome: 'disabled' as const };
    if (busy.some((b) => b.id === feed.id)) return { ...ids, outcome: 'busy' as const };
    if (waiting.some((w) => w.id === feed.id)) {
      const minutes = Math.max(1, Math.ceil((Date.parse(feed.nextSyncAt!) - Date.now()) / 60_000));
      return { ...ids, outcome: 'waiting' as const, nextSyncAt: feed.nextSyncAt, message: translateMessage('calendar.channelAskedToWait', language, { minutes }) };
    }
    return outcomeOf(feed, since, language) ?? { ...ids, outcome: 'queued' as const, progress: feed.syncProgress ?? null };
  });
  const running = results.some((result) => result.outcome === 'queued');
  return json({ results, feeds: feeds.map((feed) => feedView(feed, language)) }, running ? 202 : 200);
});
