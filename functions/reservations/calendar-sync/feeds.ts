// A property's feeds as managers see and edit them (URLs of channel calendars carry secrets: only
// the CEO and managers read them).
import type { UiLanguage } from '#shared/enums';
import { translateMessage, type MessageKey } from '#shared/messages';
import type { CalendarFeedBody, CalendarFeedUpdateBody } from '#shared/schemas';
import {
  createFeed,
  listFeeds,
  MAX_FEEDS_PER_PROPERTY,
  requireFeed,
  updateFeed,
  type StoredFeed,
} from '#functions/data/repositories/calendar-feeds';
import { getProperty } from '#functions/data/repositories/properties';
import { ConflictError, NotFoundError } from '#functions/lib/errors';
import { sourceFromUrl } from './sources';

const translated = (notices: ReadonlyArray<{ code: string; params: Record<string, string | number> }> | undefined, language: UiLanguage) =>
  (notices ?? []).map((notice) => ({ ...notice, message: translateMessage(notice.code as MessageKey, language, notice.params) }));

export function feedView(feed: StoredFeed, language: UiLanguage, now = new Date()) {
  const { syncLeaseUntil, companyId: _companyId, lastError, etag: _etag, lastModified: _lastModified, ...rest } = feed;
  const summary = feed.lastSummary
    ? { ...feed.lastSummary, warnings: translated(feed.lastSummary.warnings, language), skippedEvents: translated(feed.lastSummary.skippedEvents, language) }
    : null;
  const held = feed.awaitingConfirmation ? feed.lastSummary?.notBookingCalendar : null;
  return {
    ...rest,
    lastSummary: summary,
    sourceLocked: feed.sourceLocked ?? false,
    lastError: lastError ? translateMessage(lastError.code, language, lastError.params) : null,
    lastErrorCode: lastError?.code ?? null,
    lastErrorAt: feed.lastErrorAt ?? null,
    consecutiveFailures: feed.consecutiveFailures ?? 0,
    blocks: feed.blocks ?? [],
    syncing: Boolean(syncLeaseUntil && syncLeaseUntil > now.toISOString()),
    awaitingConfirmation: Boolean(feed.awaitingConfirmation),
    confirmedAt: feed.confirmedAt ?? null,
    /** Why the calendar is held (not a booking calendar by the look of it), in the caller's language. */
    notBookingCalendar: held
      ? translateMessage('calendar.notBookingCalendar', language, {
          events: held.events,
          notStays: held.notStays,
          examples: held.examples.map((example) => `“${example}”`).join(', ') || '—',
        })
      : null,
  };
}

/** The property must be the caller's (404 otherwise, as for a missing one). */
export async function requireOwnProperty(companyId: string, propertyId: string): Promise<void> {
  if (!(await getProperty(companyId, propertyId))) throw new NotFoundError();
}

const sameUrl = (a: string, b: string) => a.trim() === b.trim();

export async function addFeed(companyId: string, propertyId: string, body: CalendarFeedBody, by: string): Promise<StoredFeed> {
  await requireOwnProperty(companyId, propertyId);
  const feeds = await listFeeds(companyId, propertyId);
  if (feeds.length >= MAX_FEEDS_PER_PROPERTY) throw new ConflictError('calendar.tooManyFeeds', { max: MAX_FEEDS_PER_PROPERTY });
  if (feeds.some((feed) => sameUrl(feed.url, body.url))) throw new ConflictError('calendar.feedExists');
  // A source the manager chose is kept; otherwise the URL's, until the calendar names its channel.
  return createFeed(
    companyId,
    propertyId,
    { url: body.url, name: body.name ?? null, source: body.source ?? sourceFromUrl(body.url), enabled: body.enabled, sourceLocked: Boolean(body.source) },
    by,
  );
}

export async function editFeed(companyId: string, propertyId: string, feedId: string, body: CalendarFeedUpdateBody): Promise<StoredFeed> {
  await requireOwnProperty(companyId, propertyId);
  const current = await requireFeed(companyId, propertyId, feedId);
  if (body.url && !sameUrl(body.url, current.url)) {
    const feeds = await listFeeds(companyId, propertyId);
    if (feeds.some((feed) => feed.id !== feedId && sameUrl(feed.url, body.url!))) throw new ConflictError('calendar.feedExists');
  }
  return updateFeed(companyId, propertyId, feedId, {
    url: body.url,
    name: body.name === undefined ? undefined : (body.name ?? null),
    // A new URL of another channel brings its source along unless one is given.
    source: body.source ?? (body.url && body.url !== current.url ? sourceFromUrl(body.url) : undefined),
    sourceLocked: body.source ? true : body.url && body.url !== current.url ? false : undefined,
    // A new URL is a new calendar: no validators of the old one, and none of its failures (the
    // first failure of the new address is "1 in a row", and alerts as a first failure does).
    // It is checked again as on a first read (held if it does not look like a booking calendar).
    ...(body.url && body.url !== current.url
      ? { etag: null, lastModified: null, consecutiveFailures: 0, lastError: null, lastErrorAt: null, lastSuccessAt: null, confirmedAt: null, awaitingConfirmation: false }
      : {}),
    enabled: body.enabled,
  });
}

/**
 * A manager confirms that a feed held as "not a booking calendar" is this property's bookings: it is
 * imported at its next read (due at once), and never held again while its URL stays the same.
 */
export async function confirmFeed(companyId: string, propertyId: string, feedId: string, now = new Date()): Promise<StoredFeed> {
  await requireOwnProperty(companyId, propertyId);
  await requireFeed(companyId, propertyId, feedId);
  return updateFeed(companyId, propertyId, feedId, { confirmedAt: now.toISOString(), awaitingConfirmation: false, etag: null, lastModified: null }, now);
}
