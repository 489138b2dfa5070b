// Pure calendar arithmetic for the month view. Days are plain dates (YYYY-MM-DD, no time, no zone)
// as the API gives them; arithmetic goes through UTC midnights, so no host zone or DST shifts them.
//
// A stay occupies the afternoon of its check-in day, every night in between and the morning of its
// check-out day, so a week row is cut into 14 half-day columns: a stay's bar starts in the middle of
// its check-in day and ends in the middle of its check-out day, and a check-out and the next
// check-in on the same day sit side by side.
import { dateTimeFormat } from '../../../lib/intl';

const DAY_MS = 86_400_000;

export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

/** YYYY-MM of a YYYY-MM-DD day. */
export const monthOfDay = (day: string) => day.slice(0, 7);

export function addMonths(month: string, count: number): string {
  const [year, m] = month.split('-').map(Number);
  const index = year * 12 + (m - 1) + count;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/** The local day (YYYY-MM-DD) of an instant in a time zone. */
export function dayInZone(instant: Date | string, timeZone: string): string {
  const date = typeof instant === 'string' ? new Date(instant) : instant;
  try {
    // en-CA writes dates as YYYY-MM-DD.
    return dateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(date);
  } catch {
    return date.toISOString().slice(0, 10);
  }
}

/** 0 = Sunday … 6 = Saturday. */
export function weekday(day: string): number {
  return new Date(`${day}T00:00:00Z`).getUTCDay();
}

/**
 * The weeks (rows of 7 days) that show a month: from the week holding its first day to the week
 * holding its last, each starting on `weekStartsOn` (0 Sunday, 1 Monday).
 */
export function monthWeeks(month: string, weekStartsOn: number): string[][] {
  const first = `${month}-01`;
  const last = addDays(`${addMonths(month, 1)}-01`, -1);
  let start = addDays(first, -((weekday(first) - weekStartsOn + 7) % 7));
  const weeks: string[][] = [];
  while (start <= last) {
    weeks.push(Array.from({ length: 7 }, (_, i) => addDays(start, i)));
    start = addDays(start, 7);
  }
  return weeks;
}

/** Something spanning days: from the afternoon of `start` to the morning of `end`. */
export interface Span {
  start: string;
  end: string;
}

export interface Segment<T extends Span> {
  item: T;
  /** CSS grid lines of the 14 half-day columns: 1 … 15 (end exclusive). */
  startLine: number;
  endLine: number;
  /** Zero-based row among the week's bars. */
  lane: number;
  /** The span goes on before this week / after it. */
  continuesBefore: boolean;
  continuesAfter: boolean;
}

/**
 * The pieces of the spans that show in one week, with a lane each so bars never cover one another
 * (stays of one property never share a night, but a cancelled stay and its replacement can).
 */
export function weekSegments<T extends Span>(week: readonly string[], spans: readonly T[]): { segments: Segment<T>[]; lanes: number } {
  const first = week[0];
  const last = week[week.length - 1];
  const pieces = spans
    .filter((span) => span.end > span.start && span.start <= last && span.end >= first)
    .map((span) => {
      const continuesBefore = span.start < first;
      const continuesAfter = span.end > last;
      return {
        item: span,
        startLine: continuesBefore ? 1 : 2 * daysBetween(first, span.start) + 2,
        endLine: continuesAfter ? 15 : 2 * daysBetween(first, span.end) + 2,
        continuesBefore,
        continuesAfter,
      };
    })
    .filter((piece) => piece.endLine > piece.startLine)
    .sort((a, b) => a.startLine - b.startLine || b.endLine - a.endLine);
  const laneEnds: number[] = [];
  const segments = pieces.map((piece) => {
    let lane = laneEnds.findIndex((end) => end <= piece.startLine);
    if (lane === -1) lane = laneEnds.length;
    laneEnds[lane] = piece.endLine;
    return { ...piece, lane };
  });
  return { segments, lanes: laneEnds.length };
}

/** Nights of a stay (check-out day minus check-in day). */
export const nightsOf = (span: Span) => Math.max(0, daysBetween(span.start, span.end));

/** The stay days of a reservation record: its days, or (older records) the UTC days of its instants, as the server reads them. */
export function stayDaysOf(reservation: { checkinDate: string; checkoutDate: string; checkinDay?: string | null; checkoutDay?: string | null }): {
  checkinDay: string;
  checkoutDay: string;
} {
  return {
    checkinDay: reservation.checkinDay || new Date(reservation.checkinDate).toISOString().slice(0, 10),
    checkoutDay: reservation.checkoutDay || new Date(reservation.checkoutDate).toISOString().slice(0, 10),
  };
}
