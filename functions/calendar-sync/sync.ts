// Imports iCal feeds into reservations (the scheduled job and "sync now").
//
// Per feed, under a lease so two runs never import the same feed at once:
// - fetch (deadline, size cap, no private addresses) and parse; a failure (HTTP error, timeout, not
//   iCal) is recorded on the feed (lastError, lastErrorAt, consecutiveFailures) and changes nothing;
// - a feed that comes back without any booking while bookings of it are still upcoming is treated
//   as a failure too: nothing is cancelled or flagged on the word of an empty calendar;
// - each booking is looked up by its UID (a mapping item per feed and UID): new ones are created
//   (with their turnover) in the same transaction as their mapping, so a re-import or a racing run
//   never duplicates them; a booking whose dates or name changed in the feed since the last import
//   is updated (its turnover follows); a change made by hand in the app is kept until the feed
//   itself changes;
// - owner blocks are not reservations: they are kept on the feed for the calendar, nothing else;
// - an upcoming booking that vanished from a healthy feed (or is marked cancelled in it) is flagged
//   (`syncStatus: 'missing_from_feed'`) for a manager to confirm, never cancelled automatically;
// - a booking that would overlap another reservation is reported on the feed (conflicts), not
//   forced in.
// One feed failing never stops the others.
import { ulid } from 'ulid';
import type { FeedSource } from '#shared/schemas';
import { domainEvent } from '../../events/catalogue';
import {
  acquireSyncLease,
  allFeeds,
  feedEventPut,
  feedEventUpdate,
  listFeedEvents,
  listFeeds,
  recordSync,
  saveFeedEvent,
  uidHash,
  type FeedBlock,
  type FeedEventMapping,
  type FeedSummary,
  type StoredFeed,
} from '#functions/data/repositories/calendar-feeds';
import { getReservation, isCancelled, NightTakenError, stayDays, type StoredReservation } from '#functions/data/repositories/reservations';
import { publishEvents } from '#functions/events/publisher';
import { AppError } from '#functions/lib/errors';
import { logger } from '#functions/lib/logger';
import { localDay } from '#functions/reservations/days';
import { changeReservation, companyContext, createReservation, SYNC_ACTOR, type CompanyContext, type StayChanges } from '#functions/reservations/service';
import { fetchFeed, FeedFetchError, type FetchOptions } from './fetch-feed';
import { parseFeed, type FeedEvent } from './parse-feed';

/** How long a run may hold a feed (fetch deadline plus the writes, with room to spare). */
const LEASE_MS = 5 * 60_000;
const MAX_BLOCKS = 500;

export type SyncOutcome =
  | { feedId: string; propertyId: string; outcome: 'ok'; summary: FeedSummary }
  | { feedId: string; propertyId: string; outcome: 'failed'; error: { code: string; params: Record<string, string | number> } }
  | { feedId: string; propertyId: string; outcome: 'busy' | 'disabled' };

export interface SyncOptions {
  now?: Date;
  fetch?: FetchOptions;
  /** Company contexts already read in this run. */
  contexts?: Map<string, Promise<CompanyContext>>;
}

const emptySummary = (): FeedSummary => ({ events: 0, bookings: 0, blocks: 0, created: 0, updated: 0, unchanged: 0, restored: 0, flagged: 0, skipped: 0, conflicts: [] });

function contextOf(companyId: string, options: SyncOptions): Promise<CompanyContext> {
  const contexts = (options.contexts ??= new Map());
  if (!contexts.has(companyId)) contexts.set(companyId, companyContext(companyId));
  return contexts.get(companyId)!;
}

/** Imports one booking; returns what happened to it. */
async function importBooking(
  ctx: CompanyContext,
  feed: StoredFeed,
  booking: FeedEvent,
  mapping: FeedEventMapping | undefined,
  now: Date,
): Promise<'created' | 'updated' | 'unchanged' | 'restored' | 'skipped'> {
  const hash = uidHash(booking.uid);
  const at = now.toISOString();
  // What the feed says now (and which reservation it is), remembered with the reservation's write.
  const next: FeedEventMapping = {
    feedId: feed.id,
    uid: booking.uid,
    uidHash: hash,
    reservationId: mapping?.reservationId ?? '',
    propertyId: feed.propertyId,
    checkinDay: booking.checkinDay,
    checkoutDay: booking.checkoutDay,
    guestName: booking.guestName,
    importedAt: mapping?.importedAt ?? at,
    updatedAt: at,
  };
  if (!mapping) {
    // The mapping is written in the reservation's transaction: a racing run or a re-import fails
    // on it and creates nothing.
    const id = ulid(now.getTime());
    try {
      await createReservation(
        ctx,
        { id, propertyId: feed.propertyId, guestName: booking.guestName, checkinDate: booking.checkinDay, checkoutDate: booking.checkoutDay, integrationSource: feed.source, feedId: feed.id },
        {
          actor: SYNC_ACTOR,
          now,
          // Bookings loaded by a newly connected feed's first import are not news (no alert for each).
          initialImport: !feed.lastSuccessAt,
          extra: { items: [feedEventPut(ctx.companyId, { ...next, reservationId: id })], errorFor: () => new AlreadyImported() },
        },
      );
      return 'created';
    } catch (error) {
      if (error instanceof AlreadyImported) return 'skipped';
      throw error;
    }
  }
  const reservation = await getReservation(ctx.companyId, mapping.reservationId);
  if (!reservation || isCancelled(reservation)) return 'unchanged';
  const feedMoved = booking.checkinDay !== mapping.checkinDay || booking.checkoutDay !== mapping.checkoutDay;
  const mappingChanged = feedMoved || booking.guestName !== mapping.guestName;
  const remember = () => saveFeedEvent(ctx.companyId, { ...next, reservationId: reservation.id }, mapping);
  const changes: StayChanges = {};
  if (feedMoved) {
    const days = stayDays(reservation);
    if (booking.checkinDay !== days.checkinDay) changes.checkinDate = booking.checkinDay;
    if (booking.checkoutDay !== days.checkoutDay) changes.checkoutDate = booking.checkoutDay;
  }
  if (booking.guestName !== mapping.guestName && booking.guestName !== reservation.guestName) changes.guestName = booking.guestName;
  const restoring = reservation.syncStatus === 'missing_from_feed' || reservation.syncStatus === 'kept';
  if (restoring) {
    changes.syncStatus = 'ok';
    changes.missingSince = null;
  }
  if (Object.keys(changes).length === 0) {
    // Nothing to change in the app (e.g. someone already entered the new dates by hand).
    if (mappingChanged) await remember();
    return 'unchanged';
  }
  const { changed } = await changeReservation(ctx, reservation, changes, {
    actor: SYNC_ACTOR,
    now,
    extra: mappingChanged
      ? { items: [feedEventUpdate(ctx.companyId, { ...next, reservationId: reservation.id }, mapping)], errorFor: () => new AlreadyImported() }
      : undefined,
  });
  if (changed.length === 0 && mappingChanged) await remember();
  if (restoring) return 'restored';
  return changed.length ? 'updated' : 'unchanged';
}

class AlreadyImported extends Error {}

async function flagMissing(ctx: CompanyContext, reservation: StoredReservation, now: Date): Promise<boolean> {
  if (isCancelled(reservation) || reservation.syncStatus === 'missing_from_feed' || reservation.syncStatus === 'kept') return false;
  await changeReservation(ctx, reservation, { syncStatus: 'missing_from_feed', missingSince: now.toISOString() }, { actor: SYNC_ACTOR, now });
  return true;
}

/** Imports one feed (see the top of this file). Never throws for a feed's own problems. */
export async function syncFeed(feed: StoredFeed, options: SyncOptions = {}): Promise<SyncOutcome> {
  const now = options.now ?? new Date();
  const ids = { feedId: feed.id, propertyId: feed.propertyId };
  if (!feed.enabled) return { ...ids, outcome: 'disabled' };
  if (!(await acquireSyncLease(feed, now, LEASE_MS))) return { ...ids, outcome: 'busy' };
  const ctx = await contextOf(feed.companyId, options);
  const today = localDay(now, ctx.timeZone);
  try {
    const body = await fetchFeed(feed.url, options.fetch);
    const parsed = await parseFeed(body, feed.source as FeedSource, ctx.timeZone);
    const bookings = parsed.events.filter((event) => event.kind === 'booking');
    const mappings = new Map((await listFeedEvents(feed.companyId, feed.id)).map((mapping) => [mapping.uidHash, mapping]));
    const upcoming = [...mappings.values()].filter((mapping) => mapping.checkoutDay >= today);
    if (bookings.length === 0 && upcoming.length > 0) {
      const active = (await Promise.all(upcoming.map((mapping) => getReservation(feed.companyId, mapping.reservationId)))).filter(
        (reservation) => reservation && !isCancelled(reservation),
      );
      if (active.length > 0) throw new FeedFetchError('calendar.error.suddenlyEmpty', { count: active.length });
    }

    const summary = emptySummary();
    summary.events = parsed.events.length;
    summary.bookings = bookings.length;
    summary.skipped = parsed.invalid;
    const blocks: FeedBlock[] = parsed.events
      .filter((event) => event.kind === 'block' && event.checkoutDay >= today)
      .slice(0, MAX_BLOCKS)
      .map((event) => ({ start: event.checkinDay, end: event.checkoutDay, summary: event.summary.slice(0, 200) }));
    summary.blocks = parsed.events.filter((event) => event.kind === 'block').length;

    // Earlier stays first; a stay refused for an overlap is tried once more at the end (another
    // booking of the same feed may have moved out of its way in this run).
    const ordered = [...bookings].sort((a, b) => a.checkinDay.localeCompare(b.checkinDay));
    let retry: FeedEvent[] = [];
    for (const pass of [1, 2]) {
      const round = pass === 1 ? ordered : retry;
      retry = [];
      for (const booking of round) {
        try {
          const result = await importBooking(ctx, feed, booking, mappings.get(uidHash(booking.uid)), now);
          summary[result] += 1;
        } catch (error) {
          if (error instanceof NightTakenError) {
            if (pass === 1) retry.push(booking);
            else summary.conflicts.push({ uid: booking.uid, checkinDay: booking.checkinDay, checkoutDay: booking.checkoutDay, night: error.night });
          } else if (error instanceof AppError) {
            summary.skipped += 1;
            logger.warn('Calendar event not imported', { feedId: feed.id, uid: booking.uid, error: error.messageKey });
          } else {
            throw error;
          }
        }
      }
    }

    // Upcoming bookings no longer in this healthy feed (or cancelled in it): flag, never cancel.
    const present = new Set(bookings.map((booking) => uidHash(booking.uid)));
    for (const mapping of mappings.values()) {
      if (present.has(mapping.uidHash) || mapping.checkoutDay < today) continue;
      const reservation = await getReservation(feed.companyId, mapping.reservationId);
      if (!reservation || stayDays(reservation).checkoutDay < today) continue;
      try {
        if (await flagMissing(ctx, reservation, now)) summary.flagged += 1;
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        logger.warn('Vanished booking not flagged (changed meanwhile); next run retries', { feedId: feed.id, reservationId: reservation.id });
      }
    }
    await recordSync(feed, { ok: true, summary, blocks }, now);
    return { ...ids, outcome: 'ok', summary };
  } catch (error) {
    const failure =
      error instanceof FeedFetchError
        ? { code: error.code, params: error.params }
        : { code: 'calendar.error.unreachable', params: { error: (error as Error).message?.slice(0, 200) ?? 'error' } };
    if (!(error instanceof FeedFetchError)) logger.error('Calendar sync failed', { error: error as Error, feedId: feed.id });
    const recorded = await recordSync(feed, { ok: false, error: failure }, now);
    if (recorded.consecutiveFailures === 1) {
      await publishEvents([
        domainEvent('calendar.feed_failed', {
          companyId: feed.companyId,
          occurredAt: now.toISOString(),
          propertyId: feed.propertyId,
          feedId: feed.id,
          source: feed.source,
          errorCode: failure.code,
          errorParams: failure.params,
          consecutiveFailures: 1,
        }),
      ]);
    }
    return { ...ids, outcome: 'failed', error: failure };
  }
}

/** Runs `fn` over `items` with at most `limit` at a time. */
async function eachLimited<T, R>(items: readonly T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const index = next++;
        results[index] = await fn(items[index]);
      }
    }),
  );
  return results;
}

/** "Sync now" for one property: each of its feeds, side by side. */
export async function syncPropertyFeeds(companyId: string, propertyId: string, options: SyncOptions = {}): Promise<SyncOutcome[]> {
  const feeds = await listFeeds(companyId, propertyId);
  return eachLimited(feeds, 4, (feed) => syncFeed(feed, options));
}

export interface SyncRun {
  feeds: number;
  ok: number;
  failed: number;
  busy: number;
  created: number;
  updated: number;
  flagged: number;
}

/** The scheduled job: every enabled feed of every company, a few at a time. */
export async function syncAllFeeds(options: SyncOptions = {}): Promise<SyncRun> {
  const feeds = (await allFeeds()).filter((feed) => feed.enabled);
  const outcomes = await eachLimited(feeds, 4, async (feed) => {
    try {
      return await syncFeed(feed, options);
    } catch (error) {
      // Recording the failure itself failed (e.g. the table throttled): the next run retries.
      logger.error('Calendar feed sync crashed', { error: error as Error, feedId: feed.id });
      return { feedId: feed.id, propertyId: feed.propertyId, outcome: 'failed', error: { code: 'calendar.error.unreachable', params: {} } } as SyncOutcome;
    }
  });
  const run: SyncRun = { feeds: feeds.length, ok: 0, failed: 0, busy: 0, created: 0, updated: 0, flagged: 0 };
  for (const outcome of outcomes) {
    if (outcome.outcome === 'ok') {
      run.ok += 1;
      run.created += outcome.summary.created;
      run.updated += outcome.summary.updated;
      run.flagged += outcome.summary.flagged;
    } else if (outcome.outcome === 'failed') run.failed += 1;
    else if (outcome.outcome === 'busy') run.busy += 1;
  }
  return run;
}
