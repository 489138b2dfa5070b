// The calendar sync at scale: a dispatcher hands every due feed to the job queue (SQS in AWS, the
// in-process queue under `npm start` and in tests), and workers import one feed per message.
// - The dispatcher (the scheduled job) reads only the due feeds of each shard of the due index
//   (keys.calendarFeedIndex) and marks each queued, so a slow queue is not handed it twice.
// - A worker imports within a time budget: a long first import stops at the budget ('partial') and
//   sends itself a continuation, so no invocation runs for long; a feed another run holds is tried
//   again a little later; a crash is the queue's to retry (partial batch failures), then the
//   dead-letter queue's, with an alarm in AWS.
// - Each feed's own schedule does the backoff: a healthy feed is due again 30 minutes after its
//   sync, a failing one after 5, 10, 20… minutes up to 6 hours (repositories/calendar-feeds.ts).
// - "Sync now" hands the property's feeds to the queue at once and waits a few seconds for them:
//   a small calendar answers with its outcome, a large one answers while it runs and the page
//   follows its progress.
import { CALENDAR_SYNC_SHARDS } from '#functions/data/keys';
import { dueFeeds, getFeed, listFeeds, markQueued, QUEUED_HOLD_MS, unshardedFeeds, type StoredFeed } from '#functions/data/repositories/calendar-feeds';
import { logger } from '#functions/lib/logger';
import { sendJobs } from '#functions/jobs/queue';
import { syncFeed, type SyncOptions, type SyncOutcome } from './sync';

/** One message: one feed to import (`continuation` when a long import goes on). */
export interface FeedJob {
  companyId: string;
  propertyId: string;
  feedId: string;
  continuation?: number;
}

export function isFeedJob(value: unknown): value is FeedJob {
  const job = value as FeedJob;
  return Boolean(job) && typeof job.companyId === 'string' && typeof job.propertyId === 'string' && typeof job.feedId === 'string';
}

/** A worker's time budget per invocation, well under its 60 s timeout (infra). */
export const WORKER_BUDGET_MS = 40_000;
/** Feeds the dispatcher marks and sends at once (SQS takes 10 messages a call). */
const DISPATCH_BATCH = 50;
/** A feed another run holds is tried again after this. */
const BUSY_RETRY_SECONDS = 60;

const jobOf = (feed: Pick<StoredFeed, 'companyId' | 'propertyId' | 'id'>, continuation?: number): FeedJob => ({
  companyId: feed.companyId,
  propertyId: feed.propertyId,
  feedId: feed.id,
  ...(continuation ? { continuation } : {}),
});

export interface DispatchRun {
  due: number;
  queued: number;
  shards: number;
}

/** The scheduled dispatcher: every due feed of every shard, to the queue. */
export async function dispatchDueFeeds(now = new Date()): Promise<DispatchRun> {
  const shards = Array.from({ length: CALENDAR_SYNC_SHARDS }, (_, shard) => shard);
  const found = (await Promise.all(shards.map((shard) => dueFeeds(shard, now)))).flat();
  const legacy = await unshardedFeeds();
  const due = [...found, ...legacy];
  const hold = new Date(now.getTime() + QUEUED_HOLD_MS);
  let queued = 0;
  // A batch at a time: each feed is taken off the due list first (a failure to send leaves it due
  // again after the hold), then the batch's messages go out together.
  for (let i = 0; i < due.length; i += DISPATCH_BATCH) {
    const batch = due.slice(i, i + DISPATCH_BATCH);
    const marked = await Promise.all(batch.map((feed) => markQueued(feed, hold)));
    const jobs = batch.filter((_, index) => marked[index]).map((feed) => ({ body: jobOf(feed) as unknown as Record<string, unknown> }));
    await sendJobs('calendar-sync', jobs);
    queued += jobs.length;
  }
  return { due: due.length, queued, shards: shards.length };
}

/** A worker's job: import the feed within the budget; continue or retry later as needed. */
export async function runFeedJob(job: FeedJob, options: SyncOptions = {}): Promise<SyncOutcome | { outcome: 'gone' }> {
  const feed = await getFeed(job.companyId, job.propertyId, job.feedId);
  if (!feed) return { outcome: 'gone' };
  const outcome = await syncFeed(feed, options);
  if (outcome.outcome === 'partial') {
    await sendJobs('calendar-sync', [{ body: jobOf(feed, (job.continuation ?? 0) + 1) as unknown as Record<string, unknown> }]);
    logger.info('Calendar import continues in a new invocation', { feedId: feed.id, ...outcome.progress });
  } else if (outcome.outcome === 'busy') {
    await sendJobs('calendar-sync', [{ body: jobOf(feed) as unknown as Record<string, unknown>, delaySeconds: BUSY_RETRY_SECONDS }]);
  }
  return outcome;
}

/** "Sync now": the property's enabled feeds that no run holds, to the queue at once. */
/**
 * Whether a channel asked us to wait before its next read (its last read was a 429, or a 503 with
 * Retry-After) and that time has not come: "Sync now" leaves it alone rather than be refused again
 * (and risk a longer ban).
 */
export function channelAskedToWait(feed: StoredFeed, at: string): boolean {
  return feed.lastError?.code === 'calendar.error.rateLimited' && feed.lastErrorAt === feed.lastSyncAt && Boolean(feed.nextSyncAt && feed.nextSyncAt > at);
}

export async function queuePropertyFeeds(
  companyId: string,
  propertyId: string,
  now = new Date(),
): Promise<{ queued: StoredFeed[]; busy: StoredFeed[]; disabled: StoredFeed[]; waiting: StoredFeed[] }> {
  const feeds = await listFeeds(companyId, propertyId);
  const at = now.toISOString();
  const disabled = feeds.filter((feed) => !feed.enabled);
  const busy = feeds.filter((feed) => feed.enabled && feed.syncLeaseUntil && feed.syncLeaseUntil > at);
  const waiting = feeds.filter((feed) => feed.enabled && !busy.includes(feed) && channelAskedToWait(feed, at));
  const queued = feeds.filter((feed) => feed.enabled && !busy.includes(feed) && !waiting.includes(feed));
  const hold = new Date(now.getTime() + QUEUED_HOLD_MS);
  for (const feed of queued) await markQueued(feed, hold);
  await sendJobs('calendar-sync', queued.map((feed) => ({ body: jobOf(feed) as unknown as Record<string, unknown> })));
  return { queued, busy, disabled, waiting };
}
