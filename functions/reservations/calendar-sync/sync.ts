// Imports iCal feeds into reservations (the scheduled job and "sync now").
//
// Per feed, under a lease so two runs never import the same feed at once:
// - fetch (deadline, size cap, no private addresses, conditional on the last ETag / Last-Modified)
//   and parse; a failure (HTTP error, timeout, not iCal, a calendar cut short) is recorded on the
//   feed (lastError, lastErrorAt, consecutiveFailures) and changes nothing;
// - a feed that comes back without any event while bookings of it are still upcoming is treated as
//   a failure too: nothing is cancelled or flagged on the word of an empty calendar;
// - each event is looked up by its key (a mapping item per feed and key): new ones are created
//   (with their turnover) in the same transaction as their mapping, so a re-import or a racing run
//   never duplicates them; an event whose dates, name, kind or tentative state changed in the feed
//   since the last import is updated (its turnover follows); a change made by hand in the app is
//   kept until the feed itself changes;
// - blocks ("Not available", closures, owner stays, in the channels' languages) are reservations of
//   kind 'block': they take their nights, so no booking by hand lands on them, and show on the
//   calendar as blocks. A Booking.com stretch may be a booking or a closure: it gets a turnover
//   marked for a check, which a manager can dismiss for good;
// - a booking over nights another booking holds (from another feed, or a direct one) is imported
//   side by side with a conflict flag and an alert (reservation.double_booked);
// - a feed that writes a new UID on every read: a stay under a new key with exactly the days, kind
//   and name of one gone from the feed is that stay (its mapping moves to the new key);
// - an upcoming booking that vanished from a healthy feed, or is marked cancelled in it, is flagged
//   for a manager to confirm, never cancelled automatically; a vanished plain block is released.
// - a calendar that does not look like a booking calendar (most of its events meetings, appointments,
//   holidays: parse-feed.ts CalendarKind) is held on its first read: nothing is imported, the feed
//   says what it found, until a manager confirms it (POST …/feeds/{feedId}/confirm);
// - a failure is told by what it is (fetch-feed.ts, parse-feed.ts); anything unforeseen by the step
//   it stopped (unreachable, unreadable, import failed), never by an exception's text.
// One feed failing never stops the others; one unreadable event never stops its feed.
import { ulid } from 'ulid';
import { MAX_SKIPPED_LISTED, type FeedNotice, type SkippedFeedEvent } from '#shared/calendar-feeds';
import { MAX_STAY_NIGHTS, type FeedSource } from '#shared/schemas';
import { domainEvent } from '../../../events/catalogue';
import {
  acquireSyncLease,
  feedEventPut,
  feedEventUpdate,
  listFeedEvents,
  recordProgress,
  rekeyFeedEvent,
  recordSync,
  saveFeedEvent,
  uidHash,
  type FeedEventMapping,
  type FeedSummary,
  type StoredFeed,
} from '#functions/data/repositories/calendar-feeds';
import { getReservation, isBlock, isCancelled, NightTakenError, stayDays, type StoredReservation } from '#functions/data/repositories/reservations';
import { AppError } from '#functions/lib/errors';
import { logger } from '#functions/lib/logger';
import { countMetric, METRIC } from '#functions/lib/metrics';
import { addDays, daysBetween, localDay, stayNights } from '#shared/days';
import { holdersOf } from '#functions/data/repositories/occupancy';
import {
  cancelReservation,
  changeReservation,
  companyContext,
  createReservation,
  SYNC_ACTOR,
  type CompanyContext,
  type StayChanges,
} from '#functions/reservations/service';
import { fetchFeed, FeedFetchError, type FetchOptions } from './fetch-feed';
import { DEFAULT_MAX_EVENTS, parseFeed, type FeedEvent } from './parse-feed';
import { effectiveSource, isChannelGuestName } from './sources';

/** How long a run may hold a feed (fetch deadline plus the writes, with room to spare). */
const LEASE_MS = 5 * 60_000;
/**
 * Upcoming blocks imported per feed (past blocks are not imported at all): as many as the parser's
 * events cap, since each is a reservation of its own now and the worker's time budget bounds the
 * work; the feed's own list of them (shown on its card, kept on the feed item) is shorter.
 */
export const MAX_BLOCKS = DEFAULT_MAX_EVENTS;
const MAX_BLOCKS_LISTED = 500;

export type SyncOutcome =
  | { feedId: string; propertyId: string; outcome: 'ok'; summary: FeedSummary }
  | { feedId: string; propertyId: string; outcome: 'failed'; error: { code: string; params: Record<string, string | number> } }
  | { feedId: string; propertyId: string; outcome: 'busy' | 'disabled' }
  /** The time budget ran out mid-import: what is done is kept; the job continues in a new invocation. */
  | { feedId: string; propertyId: string; outcome: 'partial'; progress: { done: number; total: number } };

export interface SyncOptions {
  now?: Date;
  fetch?: FetchOptions;
  /** Company contexts already read in this run. */
  contexts?: Map<string, Promise<CompanyContext>>;
  /** Epoch ms by which the import stops and reports 'partial' (a worker's time budget). */
  deadline?: number;
}

/** How often a long import records how far it got. */
const PROGRESS_EVERY = 200;

const emptySummary = (): FeedSummary => ({
  events: 0,
  bookings: 0,
  blocks: 0,
  created: 0,
  updated: 0,
  unchanged: 0,
  restored: 0,
  flagged: 0,
  skipped: 0,
  doubleBooked: 0,
  conflicts: [],
  skippedEvents: [],
  warnings: [],
  detectedChannel: null,
});

function contextOf(companyId: string, options: SyncOptions): Promise<CompanyContext> {
  const contexts = (options.contexts ??= new Map());
  if (!contexts.has(companyId)) contexts.set(companyId, companyContext(companyId));
  return contexts.get(companyId)!;
}

type ImportResult = 'created' | 'updated' | 'unchanged' | 'restored' | 'skipped' | 'doubleBooked';

/** What a stay of the feed becomes: its kind, whether tentative or ambiguous, the days kept. */
interface Stay {
  event: FeedEvent;
  hash: string;
  kind: 'booking' | 'block';
  tentative: boolean;
  ambiguous: boolean;
  guestName: string;
  checkinDay: string;
  checkoutDay: string;
}

const isFlagged = (reservation: StoredReservation) => reservation.syncStatus === 'missing_from_feed' || reservation.syncStatus === 'cancelled_in_feed';

/** Imports one stay; returns what happened to it. */
async function importStay(ctx: CompanyContext, feed: StoredFeed, source: FeedSource, stay: Stay, mapping: FeedEventMapping | undefined, now: Date): Promise<ImportResult> {
  const at = now.toISOString();
  // What the feed says now (and which reservation it is), remembered with the reservation's write.
  const next: FeedEventMapping = {
    feedId: feed.id,
    uid: stay.event.key,
    uidHash: stay.hash,
    reservationId: mapping?.reservationId ?? '',
    propertyId: feed.propertyId,
    checkinDay: stay.checkinDay,
    checkoutDay: stay.checkoutDay,
    guestName: stay.guestName,
    kind: stay.kind,
    tentative: stay.tentative,
    importedAt: mapping?.importedAt ?? at,
    updatedAt: at,
  };
  if (!mapping) {
    // The mapping is written in the reservation's transaction: a racing run or a re-import fails
    // on it and creates nothing.
    const id = ulid(now.getTime());
    // A Booking.com stretch whose nights other bookings already hold is the channel closing them
    // for those bookings: it takes its nights like any block, but their turnovers serve.
    const coveredByBooking = stay.ambiguous && (await nightsHeldByBookings(ctx.companyId, feed.propertyId, stay));
    const create = (conflictWith?: string[]) =>
      createReservation(
        ctx,
        {
          id,
          propertyId: feed.propertyId,
          guestName: stay.guestName,
          checkinDate: stay.checkinDay,
          checkoutDate: stay.checkoutDay,
          integrationSource: source,
          feedId: feed.id,
          kind: stay.kind,
          tentative: stay.tentative,
          ambiguous: stay.ambiguous,
          conflictWith,
          coveredByBooking,
        },
        {
          actor: SYNC_ACTOR,
          now,
          mode: 'feed',
          // Bookings loaded by a newly connected feed's first import are not news (no alert for each).
          initialImport: !feed.lastSuccessAt,
          extra: { items: [feedEventPut(ctx.companyId, { ...next, reservationId: id })], errorFor: () => new AlreadyImported() },
        },
      );
    try {
      try {
        await create();
        return 'created';
      } catch (error) {
        // The nights are another booking's: a double booking, imported side by side and flagged.
        if (error instanceof NightTakenError && error.holder?.hold === 'booking') {
          await create([error.holder.id]);
          return 'doubleBooked';
        }
        throw error;
      }
    } catch (error) {
      if (error instanceof AlreadyImported) return 'skipped';
      throw error;
    }
  }
  const feedMoved = stay.checkinDay !== mapping.checkinDay || stay.checkoutDay !== mapping.checkoutDay;
  const mappingChanged =
    feedMoved ||
    stay.guestName !== mapping.guestName ||
    stay.kind !== (mapping.kind ?? 'booking') ||
    stay.tentative !== (mapping.tentative ?? false) ||
    Boolean(mapping.flagged);
  // The feed says what it said last time, and nothing was flagged since: no read, no write. (A
  // re-import of a large calendar, or the continuation of a long first import, costs one Query.)
  if (!mappingChanged) return 'unchanged';
  const reservation = await getReservation(ctx.companyId, mapping.reservationId);
  if (!reservation || isCancelled(reservation)) {
    if (mapping.flagged) await saveFeedEvent(ctx.companyId, { ...next, reservationId: mapping.reservationId }, mapping);
    return 'unchanged';
  }
  const remember = () => saveFeedEvent(ctx.companyId, { ...next, reservationId: reservation.id }, mapping);
  const changes: StayChanges = {};
  if (feedMoved) {
    const days = stayDays(reservation);
    if (stay.checkinDay !== days.checkinDay) changes.checkinDate = stay.checkinDay;
    if (stay.checkoutDay !== days.checkoutDay) changes.checkoutDate = stay.checkoutDay;
  }
  if (stay.guestName !== mapping.guestName && stay.guestName !== reservation.guestName) {
    // The feed names someone else: the stay follows. Only our own words for a nameless stay changed
    // ("Airbnb guest" written before the company's language was used, or before it changed): the
    // stay follows unless someone named the guest by hand.
    const relabelled = isChannelGuestName(stay.guestName) && isChannelGuestName(mapping.guestName);
    if (!relabelled || reservation.guestName === mapping.guestName) changes.guestName = stay.guestName;
  }
  if (stay.kind !== (reservation.kind ?? 'booking')) changes.kind = stay.kind;
  if (stay.tentative !== (reservation.tentative ?? false)) changes.tentative = stay.tentative;
  if (stay.ambiguous !== (reservation.ambiguous ?? false)) changes.ambiguous = stay.ambiguous;
  if (reservation.integrationSource !== source) changes.integrationSource = source;
  const restoring = isFlagged(reservation) || reservation.syncStatus === 'kept';
  if (restoring) {
    changes.syncStatus = 'ok';
    changes.missingSince = null;
  }
  if (Object.keys(changes).length === 0) {
    // Nothing to change in the app (e.g. someone already entered the new dates by hand).
    if (mappingChanged) await remember();
    return 'unchanged';
  }
  const extra = mappingChanged
    ? { items: [feedEventUpdate(ctx.companyId, { ...next, reservationId: reservation.id }, mapping)], errorFor: () => new AlreadyImported() }
    : undefined;
  let doubleBooked = false;
  let result;
  try {
    result = await changeReservation(ctx, reservation, changes, { actor: SYNC_ACTOR, now, mode: 'feed', extra });
  } catch (error) {
    // Moved onto another booking's nights: kept side by side, flagged.
    if (!(error instanceof NightTakenError) || error.holder?.hold !== 'booking' || error.holder.id === reservation.id) throw error;
    const fresh = (await getReservation(ctx.companyId, reservation.id)) ?? reservation;
    result = await changeReservation(ctx, fresh, { ...changes, conflictWith: [error.holder.id] }, { actor: SYNC_ACTOR, now, mode: 'feed', extra });
    doubleBooked = true;
  }
  if (result.changed.length === 0 && mappingChanged) await remember();
  if (doubleBooked) return 'doubleBooked';
  if (restoring) return 'restored';
  return result.changed.length ? 'updated' : 'unchanged';
}

class AlreadyImported extends Error {}

async function nightsHeldByBookings(companyId: string, propertyId: string, stay: Pick<Stay, 'checkinDay' | 'checkoutDay'>): Promise<boolean> {
  const nights = stayNights(stay.checkinDay, stay.checkoutDay);
  const holders = await holdersOf(companyId, propertyId, nights);
  return nights.length > 0 && nights.every((night) => holders.get(night)?.hold === 'booking');
}

/** A booking gone from its feed, or cancelled in it: flagged for a manager, never cancelled here. */
async function flag(ctx: CompanyContext, reservation: StoredReservation, mapping: FeedEventMapping, status: 'missing_from_feed' | 'cancelled_in_feed', now: Date): Promise<boolean> {
  if (isCancelled(reservation) || reservation.syncStatus === status || reservation.syncStatus === 'kept') return false;
  // The mapping remembers the flag, so the stay's return is seen without reading every reservation.
  const flagged: FeedEventMapping = { ...mapping, flagged: true, updatedAt: now.toISOString() };
  await changeReservation(ctx, reservation, { syncStatus: status, missingSince: now.toISOString() }, {
    actor: SYNC_ACTOR,
    now,
    extra: { items: [feedEventUpdate(ctx.companyId, flagged, mapping)], errorFor: () => new AlreadyImported() },
  });
  return true;
}

function noteSkipped(summary: FeedSummary, entry: SkippedFeedEvent): void {
  summary.skipped += 1;
  if ((summary.skippedEvents ??= []).length < MAX_SKIPPED_LISTED) summary.skippedEvents!.push(entry);
}

/** The stays of a parsed feed: bookings and upcoming blocks, each once, long blocks cut to the longest stay. */
function staysOf(events: readonly FeedEvent[], today: string, summary: FeedSummary): Stay[] {
  const stays: Stay[] = [];
  let blocks = 0;
  const warnings = (summary.warnings ??= []);
  for (const event of events) {
    if (event.status === 'cancelled') continue;
    let checkoutDay = event.checkoutDay;
    if (event.kind === 'block') {
      if (checkoutDay < today) continue;
      blocks += 1;
      if (blocks > MAX_BLOCKS) continue;
      if (daysBetween(event.checkinDay, checkoutDay) > MAX_STAY_NIGHTS) {
        checkoutDay = addDays(event.checkinDay, MAX_STAY_NIGHTS);
        warnings.push({ code: 'calendar.warning.blockShortened', params: { start: event.checkinDay, end: event.checkoutDay, nights: MAX_STAY_NIGHTS } });
      }
    }
    stays.push({
      event,
      hash: uidHash(event.key),
      kind: event.kind,
      tentative: event.status === 'tentative',
      // Booking.com's export writes every unavailable stretch alike: booking or closure (the parser says which).
      ambiguous: event.ambiguous,
      // A block is no guest: it keeps the channel's own words ("Not available", "CLOSED - Not available").
      guestName: event.kind === 'block' ? (event.summary.trim() || 'Blocked').slice(0, 200) : event.guestName,
      checkinDay: event.checkinDay,
      checkoutDay,
    });
  }
  if (blocks > MAX_BLOCKS) warnings.push({ code: 'calendar.warning.tooManyBlocks', params: { max: MAX_BLOCKS, count: blocks } });
  return stays;
}

const sameStay = (days: { checkinDay: string; checkoutDay: string; guestName: string }, kind: string) => `${days.checkinDay}|${days.checkoutDay}|${kind}|${days.guestName}`;

/**
 * Exports that write a new UID on every read (PHP's uniqid(), a UUID per request, seen in public
 * booking-site code): a stay under a key never seen whose days, kind and name are exactly those of
 * a stay gone from the feed is that stay, its mapping moved to the new key. Without this each read
 * would flag the stays as gone and import them again as double bookings of themselves.
 */
async function followNewUids(feed: StoredFeed, stays: readonly Stay[], mappings: Map<string, FeedEventMapping>, now: Date): Promise<void> {
  const present = new Set(stays.map((stay) => stay.hash));
  const gone = new Map<string, FeedEventMapping[]>();
  for (const mapping of mappings.values()) {
    if (present.has(mapping.uidHash)) continue;
    const key = sameStay(mapping, mapping.kind ?? 'booking');
    gone.set(key, [...(gone.get(key) ?? []), mapping]);
  }
  if (!gone.size) return;
  for (const stay of stays) {
    if (mappings.has(stay.hash)) continue;
    const candidates = gone.get(sameStay(stay, stay.kind));
    const match = candidates?.shift();
    if (!match) continue;
    // A stay a manager cancelled stays cancelled: the new key is a new stay.
    const reservation = await getReservation(feed.companyId, match.reservationId);
    if (!reservation || isCancelled(reservation)) continue;
    const moved: FeedEventMapping = { ...match, uid: stay.event.key, uidHash: stay.hash, updatedAt: now.toISOString() };
    if (await rekeyFeedEvent(feed.companyId, match, moved)) {
      mappings.delete(match.uidHash);
      mappings.set(stay.hash, moved);
    }
  }
}

/**
 * Whether the feed's calendar is checked before anything is imported: until its first healthy
 * import, or while a manager has not confirmed a calendar held as not a booking calendar.
 */
export const awaitsConfirmation = (feed: Pick<StoredFeed, 'confirmedAt' | 'lastSuccessAt' | 'awaitingConfirmation'>): boolean =>
  !feed.confirmedAt && (!feed.lastSuccessAt || Boolean(feed.awaitingConfirmation));

/** Imports one feed (see the top of this file). Never throws for a feed's own problems. */
export async function syncFeed(feed: StoredFeed, options: SyncOptions = {}): Promise<SyncOutcome> {
  const now = options.now ?? new Date();
  const ids = { feedId: feed.id, propertyId: feed.propertyId };
  if (!feed.enabled) return { ...ids, outcome: 'disabled' };
  if (!(await acquireSyncLease(feed, now, LEASE_MS))) return { ...ids, outcome: 'busy' };
  // Which step failed, if one does unexpectedly: the feed says that step's words, never the error's text.
  let step: 'fetch' | 'read' | 'import' = 'fetch';
  try {
    // A calendar held for a manager's confirmation is read in full each time (no 304 on its word).
    const held = awaitsConfirmation(feed);
    const fetched = await fetchFeed(feed.url, { ...options.fetch, etag: held ? undefined : (feed.etag ?? undefined), lastModified: held ? undefined : (feed.lastModified ?? undefined) });
    if (fetched.notModified) {
      // 304: the calendar is as it was at the last healthy import.
      const summary = { ...(feed.lastSummary ?? emptySummary()), created: 0, updated: 0, restored: 0, flagged: 0, doubleBooked: 0, unchanged: feed.lastSummary?.events ?? 0 };
      await recordSync(feed, { ok: true, summary }, now);
      return { ...ids, outcome: 'ok', summary };
    }
    step = 'read';
    const ctx = await contextOf(feed.companyId, options);
    const today = localDay(now, ctx.timeZone);
    const parsed = await parseFeed(fetched.body, {
      source: feed.source as FeedSource,
      sourceIsOverride: Boolean(feed.sourceLocked),
      timeZone: ctx.timeZone,
      contentType: fetched.contentType ?? undefined,
      now,
      language: ctx.language,
    });
    const source = effectiveSource({ override: feed.sourceLocked ? (feed.source as FeedSource) : null, detected: parsed.channel, fromUrl: feed.source as FeedSource });
    if (held && !parsed.kind.looksLikeBookings) {
      // Meetings, appointments, holidays: a calendar pasted by mistake. Nothing is imported until a
      // manager confirms it is this property's bookings; the feed says what it found.
      const summary = emptySummary();
      summary.events = parsed.events.length;
      summary.detectedChannel = parsed.channel;
      summary.warnings = parsed.warnings.map((warning): FeedNotice => ({ code: warning.code, params: warning.params ?? {} }));
      for (const skipped of parsed.skipped) noteSkipped(summary, { uid: skipped.uid, summary: skipped.summary, code: skipped.reason, params: skipped.params ?? {} });
      summary.notBookingCalendar = { events: parsed.kind.events, notStays: parsed.kind.notStays, examples: parsed.kind.examples };
      await recordSync(feed, { held: true, summary }, now);
      return { ...ids, outcome: 'ok', summary };
    }
    step = 'import';
    const mappings = new Map((await listFeedEvents(feed.companyId, feed.id)).map((mapping) => [mapping.uidHash, mapping]));
    const liveEvents = parsed.events.filter((event) => event.status !== 'cancelled');
    // A calendar without any booking while bookings of it are still upcoming (and not already
    // flagged) is not believed, unless it says it cancelled them (STATUS:CANCELLED).
    if (!liveEvents.some((event) => event.kind === 'booking') && !parsed.events.some((event) => event.status === 'cancelled')) {
      const upcoming = [...mappings.values()].filter((mapping) => mapping.checkoutDay >= today && (mapping.kind ?? 'booking') === 'booking');
      const active = (await Promise.all(upcoming.map((mapping) => getReservation(feed.companyId, mapping.reservationId)))).filter(
        (reservation): reservation is StoredReservation =>
          // Flagged or kept by a manager: the feed already does not have them; their absence is no news.
          Boolean(reservation && !isCancelled(reservation) && !isFlagged(reservation) && reservation.syncStatus !== 'kept'),
      );
      if (active.length > 0) throw new FeedFetchError('calendar.error.suddenlyEmpty', { count: active.length });
    }

    const summary = emptySummary();
    summary.events = parsed.events.length;
    summary.detectedChannel = parsed.channel;
    summary.warnings = parsed.warnings.map((warning): FeedNotice => ({ code: warning.code, params: warning.params ?? {} }));
    for (const skipped of parsed.skipped) noteSkipped(summary, { uid: skipped.uid, summary: skipped.summary, code: skipped.reason, params: skipped.params ?? {} });
    const stays = staysOf(parsed.events, today, summary);
    summary.bookings = stays.filter((stay) => stay.kind === 'booking').length;
    summary.blocks = liveEvents.filter((event) => event.kind === 'block').length;

    await followNewUids(feed, stays, mappings, now);

    // Bookings first (they hold nights; blocks may lie over them), earlier stays first; a stay
    // refused is tried once more at the end (another stay of the same feed may have moved out of
    // its way in this run).
    const ordered = [...stays].sort((a, b) => (a.kind === b.kind ? a.checkinDay.localeCompare(b.checkinDay) : a.kind === 'booking' ? -1 : 1));
    let retry: Stay[] = [];
    let done = 0;
    for (const pass of [1, 2]) {
      const round = pass === 1 ? ordered : retry;
      retry = [];
      for (const stay of round) {
        if (options.deadline !== undefined && Date.now() > options.deadline) {
          // Out of time: what is imported stays (each stay was its own transaction); the next
          // invocation goes through the calendar again and finds those unchanged.
          const progress = { done, total: ordered.length };
          await recordSync(feed, { partial: true, progress }, now);
          return { ...ids, outcome: 'partial', progress };
        }
        if (++done % PROGRESS_EVERY === 0) await recordProgress(feed, { done, total: ordered.length });
        try {
          const result = await importStay(ctx, feed, source, stay, mappings.get(stay.hash), now);
          // The counts are of bookings; blocks are counted apart (summary.blocks).
          if (result === 'doubleBooked') {
            summary.doubleBooked = (summary.doubleBooked ?? 0) + 1;
            summary.created += mappings.has(stay.hash) ? 0 : 1;
          } else if (stay.kind === 'booking' || result === 'skipped') summary[result] += 1;
        } catch (error) {
          if (error instanceof NightTakenError && pass === 1) retry.push(stay);
          else if (error instanceof NightTakenError) {
            summary.conflicts.push({ uid: stay.event.uid, checkinDay: stay.checkinDay, checkoutDay: stay.checkoutDay, night: error.night });
          } else if (error instanceof AppError) {
            noteSkipped(summary, { uid: stay.event.uid, summary: stay.event.summary || null, code: error.messageKey, params: error.params ?? {} });
            logger.warn('Calendar event not imported', { feedId: feed.id, uid: stay.event.uid, error: error.messageKey });
          } else {
            throw error;
          }
        }
      }
    }

    // Upcoming stays no longer in this healthy feed, or cancelled in it: bookings (and Booking.com
    // stretches, which may be bookings) are flagged, never cancelled; plain blocks are released.
    const present = new Set(stays.map((stay) => stay.hash));
    const cancelledInFeed = new Set(parsed.events.filter((event) => event.status === 'cancelled').map((event) => uidHash(event.key)));
    for (const mapping of mappings.values()) {
      if (present.has(mapping.uidHash) || mapping.checkoutDay < today) continue;
      const reservation = await getReservation(feed.companyId, mapping.reservationId);
      if (!reservation || isCancelled(reservation) || stayDays(reservation).checkoutDay < today) continue;
      try {
        if (isBlock(reservation) && !reservation.ambiguous) {
          await cancelReservation(ctx, reservation.id, null, { actor: SYNC_ACTOR, now });
        } else if (await flag(ctx, reservation, mapping, cancelledInFeed.has(mapping.uidHash) ? 'cancelled_in_feed' : 'missing_from_feed', now)) {
          summary.flagged += 1;
        }
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        logger.warn('Vanished stay not flagged (changed meanwhile); next run retries', { feedId: feed.id, reservationId: reservation.id });
      }
    }
    // The feed keeps its upcoming blocks' list for its own card; the calendar reads the block reservations.
    const blocks = stays
      .filter((stay) => stay.kind === 'block')
      .slice(0, MAX_BLOCKS_LISTED)
      .map((stay) => ({ start: stay.checkinDay, end: stay.checkoutDay, summary: stay.event.summary.slice(0, 200) }));
    await recordSync(
      feed,
      { ok: true, summary, blocks, etag: fetched.etag, lastModified: fetched.lastModified, source: source !== feed.source ? source : undefined },
      now,
    );
    return { ...ids, outcome: 'ok', summary };
  } catch (error) {
    // Anything unforeseen is told by the step it stopped (the error itself goes to the log only).
    const unforeseen = { fetch: 'calendar.error.unreachable', read: 'calendar.error.unreadable', import: 'calendar.error.importFailed' } as const;
    const failure = error instanceof FeedFetchError ? { code: error.code, params: error.params } : { code: unforeseen[step], params: {} };
    if (!(error instanceof FeedFetchError)) logger.error('Calendar sync failed', { error: error as Error, feedId: feed.id });
    countMetric(METRIC.syncsFailed);
    // A feed's first failure alerts (calendar.feed_failed), in the transaction that records it.
    const firstFailure = (feed.consecutiveFailures ?? 0) === 0;
    await recordSync(
      feed,
      { ok: false, error: failure, retryAfterMs: error instanceof FeedFetchError ? error.retryAfterMs : undefined },
      now,
      !firstFailure
        ? []
        : [
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
          ],
    );
    return { ...ids, outcome: 'failed', error: failure };
  }
}
