// Writes iCalendar (RFC 5545) text: CRLF line ends, content lines folded at 75 octets (never inside
// a UTF-8 character), TEXT values escaped (backslash, semicolon, comma, line breaks), all-day dates
// (DTSTART;VALUE=DATE) and UTC date-times. The calendar exports (property-feed.ts, task-feed.ts)
// build their files with it; functions/reservations/calendar-sync reads such files back.

export const PRODID = '-//RentalOps//Calendar export 1.0//EN';

/** A day as written by VALUE=DATE: 2026-12-06 → 20261206. */
export const icalDate = (day: string): string => day.replaceAll('-', '');

/** An instant in UTC: 2026-12-06T14:30:00.000Z → 20261206T143000Z. */
export const icalDateTime = (at: Date | string): string =>
  new Date(at).toISOString().replace(/\.\d{3}Z$/, 'Z').replaceAll('-', '').replaceAll(':', '');

/** A TEXT value (RFC 5545 3.3.11): backslash, semicolon and comma escaped, line breaks as \n, other controls dropped. */
export function escapeText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n')
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001F\u007F]/g, '');
}

const MAX_OCTETS = 75;

/**
 * One content line folded (RFC 5545 3.1): at most 75 octets per physical line, the continuation lines
 * starting with one space, never splitting a UTF-8 sequence.
 */
export function foldLine(line: string): string {
  if (Buffer.byteLength(line, 'utf8') <= MAX_OCTETS) return line;
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  // The first physical line holds 75 octets; each continuation 74 after its leading space.
  let limit = MAX_OCTETS;
  for (const char of line) {
    const size = Buffer.byteLength(char, 'utf8');
    if (octets + size > limit) {
      parts.push(current);
      current = '';
      octets = 0;
      limit = MAX_OCTETS - 1;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

export interface IcalEvent {
  uid: string;
  /** The last revision of what the event says (RFC 5545 DTSTAMP when the calendar has no METHOD). */
  stamp: Date | string;
  summary: string;
  description?: string;
  /** All-day: check-in day and check-out day (exclusive), YYYY-MM-DD. */
  days?: { start: string; end: string };
  /** Timed: instants. */
  times?: { start: Date | string; end: Date | string };
  /** OPAQUE: the time is taken (the channels read it as busy). */
  transparency?: 'OPAQUE' | 'TRANSPARENT';
  status?: 'CONFIRMED' | 'TENTATIVE';
}

export interface IcalCalendar {
  name?: string;
  events: readonly IcalEvent[];
}

/** The calendar as text, CRLF line ends and folded lines, ending with a CRLF. */
export function writeCalendar(calendar: IcalCalendar): string {
  const lines = ['BEGIN:VCALENDAR', 'VERSION:2.0', `PRODID:${PRODID}`, 'CALSCALE:GREGORIAN'];
  if (calendar.name) lines.push(`X-WR-CALNAME:${escapeText(calendar.name)}`);
  for (const event of calendar.events) {
    lines.push('BEGIN:VEVENT', `UID:${escapeText(event.uid)}`, `DTSTAMP:${icalDateTime(event.stamp)}`);
    if (event.days) lines.push(`DTSTART;VALUE=DATE:${icalDate(event.days.start)}`, `DTEND;VALUE=DATE:${icalDate(event.days.end)}`);
    else if (event.times) lines.push(`DTSTART:${icalDateTime(event.times.start)}`, `DTEND:${icalDateTime(event.times.end)}`);
    lines.push(`SUMMARY:${escapeText(event.summary)}`);
    if (event.description) lines.push(`DESCRIPTION:${escapeText(event.description)}`);
    if (event.status) lines.push(`STATUS:${event.status}`);
    lines.push(`TRANSP:${event.transparency ?? 'OPAQUE'}`, 'END:VEVENT');
  }
  lines.push('END:VCALENDAR');
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}
