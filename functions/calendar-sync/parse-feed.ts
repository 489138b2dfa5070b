// Reads an iCal feed (node-ical) into stays: bookings, owner blocks, and events that say they are
// cancelled. Dates are calendar days: an all-day DTSTART / DTEND (VALUE=DATE) is a date, not a
// local midnight, so its parts are used as they are (check-in = DTSTART's date, check-out =
// DTEND's date: DTEND is the check-out day, exclusive as RFC 5545 says). A timed event's days are
// its local days in the company's time zone.
import { createHash } from 'node:crypto';

import type { FeedSource } from '#shared/schemas';
import { addDays, localDay } from '#functions/reservations/days';
import { FeedFetchError } from './fetch-feed';
import { SOURCE_LABELS } from './sources';

export type FeedEventKind = 'booking' | 'block' | 'cancelled';

export interface FeedEvent {
  uid: string;
  kind: FeedEventKind;
  summary: string;
  guestName: string;
  checkinDay: string;
  checkoutDay: string;
}

export interface ParsedFeed {
  events: FeedEvent[];
  /** VEVENTs without usable dates. */
  invalid: number;
}

/**
 * Owner blocks and unavailable dates, as the channels write them: Airbnb "Airbnb (Not available)" /
 * "Not available", Booking.com "CLOSED - Not available", Vrbo "Blocked", and the like.
 */
const BLOCK_PATTERNS = [/not\s+available/i, /\bunavailable\b/i, /^\s*blocked\b/i, /\bblocked\s*$/i, /^\s*closed\b/i, /\bowner\s+(block|stay|hold)\b/i];

export const isBlockSummary = (summary: string): boolean => BLOCK_PATTERNS.some((pattern) => pattern.test(summary));

type IcalDate = Date & { dateOnly?: boolean };

const text = (value: unknown): string => {
  if (typeof value === 'string') return value;
  if (value && typeof value === 'object' && 'val' in value) return String((value as { val: unknown }).val ?? '');
  return '';
};

/** An all-day date's own parts (node-ical builds them at local midnight); a timed one's local day. */
function dayOf(value: IcalDate, timeZone: string): string | undefined {
  if (!(value instanceof Date) || Number.isNaN(value.getTime())) return undefined;
  if (value.dateOnly) {
    return `${value.getFullYear()}-${String(value.getMonth() + 1).padStart(2, '0')}-${String(value.getDate()).padStart(2, '0')}`;
  }
  return localDay(value, timeZone);
}

/** A guest's name from the summary: "Reserved - Ana Costa" → Ana Costa; "Reserved" → "Airbnb guest". */
export function guestNameFrom(summary: string, source: FeedSource): string {
  const cleaned = summary.replace(/\s+/g, ' ').trim();
  const named = /^(?:reserved|reservation|booked|booking)\s*[-–:]\s*(.+)$/i.exec(cleaned);
  if (named) return named[1].slice(0, 200);
  if (!cleaned || /^(?:\w+\s*\()?(?:reserved|reservation|booked)\)?$/i.test(cleaned)) return `${SOURCE_LABELS[source]} guest`;
  return cleaned.slice(0, 200);
}

export async function parseFeed(body: string, source: FeedSource, timeZone: string): Promise<ParsedFeed> {
  if (!/BEGIN:VCALENDAR/i.test(body)) throw new FeedFetchError('calendar.error.unparsable');
  // Loaded on first use: node-ical (with its Temporal polyfill) is most of the sync's code.
  const { default: ical } = await import('node-ical');
  let calendar: Record<string, unknown>;
  try {
    calendar = ical.sync.parseICS(body) as Record<string, unknown>;
  } catch {
    throw new FeedFetchError('calendar.error.unparsable');
  }
  const events: FeedEvent[] = [];
  let invalid = 0;
  for (const component of Object.values(calendar)) {
    const event = component as { type?: string; uid?: unknown; start?: IcalDate; end?: IcalDate; summary?: unknown; status?: unknown };
    if (event?.type !== 'VEVENT') continue;
    const checkinDay = event.start ? dayOf(event.start, timeZone) : undefined;
    let checkoutDay = event.end ? dayOf(event.end, timeZone) : undefined;
    if (!checkinDay) {
      invalid += 1;
      continue;
    }
    if (!checkoutDay || checkoutDay <= checkinDay) {
      // A one-day event (DTEND missing or equal to DTSTART) covers its one night.
      if (event.end && checkoutDay && checkoutDay < checkinDay) {
        invalid += 1;
        continue;
      }
      checkoutDay = addDays(checkinDay, 1);
    }
    const summary = text(event.summary).trim();
    const uid = text(event.uid).trim() || `generated-${createHash('sha256').update(`${checkinDay}|${checkoutDay}|${summary}`).digest('hex').slice(0, 32)}`;
    const cancelled = text(event.status).toUpperCase() === 'CANCELLED';
    const kind: FeedEventKind = isBlockSummary(summary) ? 'block' : cancelled ? 'cancelled' : 'booking';
    events.push({ uid, kind, summary, guestName: guestNameFrom(summary, source), checkinDay, checkoutDay });
  }
  return { events, invalid };
}
