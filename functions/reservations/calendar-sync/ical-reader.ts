// The text layer of an iCalendar file (RFC 5545 section 3): bytes to unfolded lines (ours), the
// lines sorted into components (ours: the shape check), each component's content lines read by
// ical.js (so that a line ical.js refuses costs its own event only, never the whole file).
// - Lines are unfolded on the bytes (CRLF or LF followed by a space or a tab), before decoding, so
//   a fold that splits a UTF-8 multi-byte character decodes right (ical.js unfolds text).
// - The charset comes from a BOM, then from the HTTP Content-Type; without either, UTF-8 when the
//   bytes are valid UTF-8, else Windows-1252 (a superset of ISO-8859-1 for printable text). A body
//   declared UTF-8 that is not valid UTF-8 is read as Windows-1252 too (a common server mistake).
// - A file that does not start with BEGIN:VCALENDAR is not iCal; one whose components are not all
//   closed (no END:VCALENDAR) was cut short (ical.js would say "Missing parameter value" or
//   "component began but did not end").
// - Where ical.js reads a real calendar wrong, the line is put right before it sees it, or set
//   aside with what it said (rejectedLines) for the event to say why it was skipped:
//   * ICAL.parse throws for the whole file on one unreadable line (a bad RRULE, a garbage line):
//     here it reads one component's lines at a time, and line by line (ICAL.parse.property) when
//     it refuses one of them;
//   * Outlook's "BYDAY=SA, SU" (a space after a comma) and lower-case rules throw: the rule's
//     spaces are removed and it is upper-cased;
//   * 8-digit dates without VALUE=DATE ("DTSTART:20261210", small PMSs) become "invalid
//     date-time value": VALUE=DATE is added; "2026-12-01T15:00:00" and "T1500" are made basic;
//   * a date or time that does not exist (20270230, T256100) or garbage ("next tuesday") is
//     accepted and rolled over silently: such a line is set aside;
//   * a DURATION ical.js cannot read ("P", "three days") is set aside too.
import ICAL from 'ical.js';

export type IcalComponent = InstanceType<typeof ICAL.Component>;
export type IcalProperty = InstanceType<typeof ICAL.Property>;

export class IcalShapeError extends Error {
  constructor(readonly kind: 'not-ical' | 'truncated') {
    super(kind);
    this.name = 'IcalShapeError';
  }
}

/** A content line set aside: what it was and why (a value that names no date, or anything ical.js refused). */
export interface RejectedLine {
  name: string;
  value: string;
  kind: 'date' | 'other';
}

const SP = 0x20;
const HT = 0x09;
const CR = 0x0d;
const LF = 0x0a;

/** Removes folds (CRLF / LF / CR followed by SP or HT) from the raw bytes. */
export function unfoldBytes(bytes: Uint8Array): Buffer {
  const out = Buffer.allocUnsafe(bytes.length);
  let length = 0;
  for (let i = 0; i < bytes.length; i += 1) {
    const byte = bytes[i];
    if (byte === CR && bytes[i + 1] === LF && (bytes[i + 2] === SP || bytes[i + 2] === HT)) {
      i += 2;
      continue;
    }
    if ((byte === LF || byte === CR) && (bytes[i + 1] === SP || bytes[i + 1] === HT)) {
      i += 1;
      continue;
    }
    out[length++] = byte;
  }
  return out.subarray(0, length);
}

const CHARSET_ALIASES: Record<string, string> = {
  'utf-8': 'utf-8',
  utf8: 'utf-8',
  'us-ascii': 'utf-8',
  ascii: 'utf-8',
  'iso-8859-1': 'windows-1252',
  'iso8859-1': 'windows-1252',
  latin1: 'windows-1252',
  'latin-1': 'windows-1252',
  'windows-1252': 'windows-1252',
  cp1252: 'windows-1252',
  'x-cp1252': 'windows-1252',
};

export function charsetOf(contentType: string | null | undefined): string | null {
  const match = /;\s*charset\s*=\s*"?([^";\s]+)"?/i.exec(contentType ?? '');
  return match ? match[1].toLowerCase() : null;
}

/** Windows-1252's 0x80-0x9F (undefined ones stay as their C1 code points). */
const CP1252_HIGH = [
  0x20ac, 0x81, 0x201a, 0x192, 0x201e, 0x2026, 0x2020, 0x2021, 0x2c6, 0x2030, 0x160, 0x2039, 0x152, 0x8d, 0x17d, 0x8f,
  0x90, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x2dc, 0x2122, 0x161, 0x203a, 0x153, 0x9d, 0x17e, 0x178,
];

/**
 * Windows-1252 by hand: Node 20's TextDecoder('windows-1252') decodes as ISO-8859-1 (0x96 comes
 * out as a control character instead of "–").
 */
export function decodeWindows1252(bytes: Uint8Array): string {
  let out = '';
  for (let i = 0; i < bytes.length; i += 8192) {
    const chunk = bytes.subarray(i, i + 8192);
    out += String.fromCharCode(...Array.from(chunk, (b) => (b >= 0x80 && b <= 0x9f ? CP1252_HIGH[b - 0x80] : b)));
  }
  return out;
}

function decode(label: string, bytes: Uint8Array): string | null {
  const name = CHARSET_ALIASES[label] ?? label;
  if (name === 'windows-1252') return decodeWindows1252(bytes);
  try {
    return new TextDecoder(name).decode(bytes);
  } catch {
    return null;
  }
}

/** The file's text, unfolded: BOM, then Content-Type charset, then UTF-8 if valid, else Windows-1252. */
export function decodeIcal(input: Buffer | Uint8Array | string, contentType?: string | null): string {
  let bytes: Uint8Array = typeof input === 'string' ? Buffer.from(input, 'utf8') : input;
  let declared = typeof input === 'string' ? 'utf-8' : charsetOf(contentType);
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) {
    // ical.js would read "\uFEFFBEGIN" as a property of no component.
    bytes = bytes.subarray(3);
    declared = 'utf-8';
  } else if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)) {
    // UTF-16 (some Windows exports): to UTF-8 first, so the byte-level unfolding applies.
    const text = new TextDecoder(bytes[0] === 0xff ? 'utf-16le' : 'utf-16be').decode(bytes.subarray(2));
    bytes = Buffer.from(text, 'utf8');
    declared = 'utf-8';
  }
  const unfolded = unfoldBytes(bytes);
  const label = declared ? (CHARSET_ALIASES[declared] ?? declared) : null;
  if (label && label !== 'utf-8') {
    const text = decode(label, unfolded);
    if (text !== null) return text;
  }
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(unfolded);
  } catch {
    return decodeWindows1252(unfolded);
  }
}

// ---- Content lines ----------------------------------------------------------------------------------

/** Where the value starts: after the first ":" outside a quoted parameter value; -1 when none. */
function valueStart(line: string): number {
  const colon = line.indexOf(':');
  const quote = line.indexOf('"');
  if (quote < 0 || (colon >= 0 && colon < quote)) return colon < 0 ? -1 : colon + 1;
  let quoted = false;
  for (let i = 0; i < line.length; i += 1) {
    const c = line[i];
    if (c === '"') quoted = !quoted;
    else if (c === ':' && !quoted) return i + 1;
  }
  return -1;
}

const DATE_PROPERTIES = new Set(['DTSTART', 'DTEND', 'DUE', 'RECURRENCE-ID', 'EXDATE', 'RDATE']);
const RULE_PROPERTIES = new Set(['RRULE', 'EXRULE']);
const DURATION_TEXT = /^[+-]?P(?:\d+W)?(?:\d+D)?(?:T(?:\d+H)?(?:\d+M)?(?:\d+S)?)?$/;

const monthLength = (year: number, month: number): number => new Date(Date.UTC(year, month, 0)).getUTCDate();

/** "20261201" or "20261201T150000[Z]" naming a day (and time) that exists, or null. Tolerates dashes, colons and HHMM. */
function basicDate(text: string): string | null {
  const match = /^(\d{4})(\d{2})(\d{2})(?:T(\d{2})(\d{2})(\d{2})?(Z)?)?$/i.exec(text.trim().replace(/[-:]/g, ''));
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (month < 1 || month > 12 || day < 1 || day > monthLength(year, month)) return null;
  if (match[4] === undefined) return `${match[1]}${match[2]}${match[3]}`;
  const [h, m, s] = [Number(match[4]), Number(match[5]), Number(match[6] ?? 0)];
  if (h > 24 || m > 59 || s > 60 || (h === 24 && (m > 0 || s > 0))) return null;
  // A leap second is read as :59 (ical.js would roll it into the next minute).
  return `${match[1]}${match[2]}${match[3]}T${match[4]}${match[5]}${String(Math.min(s, 59)).padStart(2, '0')}${match[7] ? 'Z' : ''}`;
}

/**
 * The line as ical.js can read it, or a reason to set it aside. `name` is upper case, without a
 * group prefix.
 */
function prepare(line: string, name: string, at: number): { line: string } | { rejected: RejectedLine } {
  if (at < 0 || (!DATE_PROPERTIES.has(name) && !RULE_PROPERTIES.has(name) && name !== 'DURATION')) return { line };
  const head = line.slice(0, at - 1);
  const value = line.slice(at);
  if (RULE_PROPERTIES.has(name)) return { line: `${head}:${value.replace(/\s+/g, '').toUpperCase()}` };
  if (name === 'DURATION') {
    const clean = value.trim().toUpperCase();
    // "P", "PT" and "three days" are no durations (ical.js reads some of them as zero).
    if (!DURATION_TEXT.test(clean) || clean.replace(/^[+-]/, '') === 'P' || clean.endsWith('T')) return { rejected: { name, value, kind: 'date' } };
    return { line: `${head}:${clean}` };
  }
  const valueParam = /;VALUE=("?)([A-Za-z-]+)\1/i.exec(head)?.[2].toUpperCase();
  if (valueParam === 'PERIOD') return { line };
  const parts: string[] = [];
  for (const part of value.split(',')) {
    const date = basicDate(part);
    if (!date) return { rejected: { name, value, kind: 'date' } };
    // VALUE=DATE with a time part: the date is what it names.
    parts.push(valueParam === 'DATE' ? date.slice(0, 8) : date);
  }
  // 8-digit dates without VALUE=DATE are days (ical.js: "invalid date-time value").
  const allDays = parts.every((part) => part.length === 8);
  const fixedHead = allDays && valueParam === undefined ? `${head};VALUE=DATE` : head;
  return { line: `${fixedHead}:${parts.join(',')}` };
}

// ---- Components ----------------------------------------------------------------------------------

type JCalComponent = [string, unknown[], JCalComponent[]];

/** What the reader noted of a component: the values of some properties as written, and the lines set aside. */
interface Notes {
  raw: Record<string, string[]>;
  rejected: RejectedLine[];
}
/** One entry per component, not per line (a WeakMap entry per line costs the garbage collector dearly). */
const notes = new WeakMap<object, Notes>();
/** The properties whose text as written the import uses: rules (their own checks and words), dates (the words), a missing UID's hash. */
const KEEP_RAW = new Set(['DTSTART', 'DTEND', 'DURATION', 'SUMMARY', 'RRULE', 'EXRULE', 'RECURRENCE-ID', 'RDATE', 'EXDATE']);

/** The values of a property as written, read or set aside, in the file's order. */
export const rawValues = (component: IcalComponent, name: string): string[] => notes.get(component.jCal)?.raw[name] ?? [];
export const rejectedLines = (component: IcalComponent): RejectedLine[] => notes.get(component.jCal)?.rejected ?? [];

function note(component: JCalComponent, name: string, value: string, rejectedLine?: RejectedLine, keepRaw = true): void {
  let entry = notes.get(component);
  if (!entry) {
    entry = { raw: {}, rejected: [] };
    notes.set(component, entry);
  }
  if (keepRaw && KEEP_RAW.has(name)) (entry.raw[name] ??= []).push(value);
  if (rejectedLine && entry.rejected.length < 50) entry.rejected.push(rejectedLine);
}

/**
 * The properties the import reads (of VCALENDAR, VEVENT, VTIMEZONE and its observances): only these
 * are handed to ical.js. The rest (DESCRIPTION, ATTENDEE, ORGANIZER, DTSTAMP, X-…) would only cost
 * time: a channel's export is mostly descriptions.
 */
const READ = new Set(['PRODID', 'X-WR-TIMEZONE', 'UID', 'SUMMARY', 'STATUS', 'SEQUENCE', 'TRANSP', 'DTSTART', 'DTEND', 'DURATION', 'RRULE', 'EXRULE', 'RDATE', 'EXDATE', 'RECURRENCE-ID', 'TZID', 'TZOFFSETFROM', 'TZOFFSETTO']);

/** Real files nest three or four deep (VCALENDAR > VEVENT > VALARM); hundreds is an attack. */
const MAX_DEPTH = 50;

/**
 * The calendars of the file (usually one), as ical.js components. Throws IcalShapeError('not-ical')
 * when the first line is not BEGIN:VCALENDAR, ('truncated') when a component is still open at the end.
 */
export function readCalendars(text: string): IcalComponent[] {
  const lines = text.split(/\r\n|\n|\r/);
  let first = 0;
  while (first < lines.length && lines[first].trim() === '') first += 1;
  if (first >= lines.length || lines[first].trim().toUpperCase() !== 'BEGIN:VCALENDAR') throw new IcalShapeError('not-ical');
  const calendars: JCalComponent[] = [];
  const stack: JCalComponent[] = [];
  for (let n = first; n < lines.length; n += 1) {
    const raw = lines[n].replace(/^\s+/, '');
    if (raw === '') continue;
    const nameMatch = /^[A-Za-z0-9_.-]+/.exec(raw);
    if (!nameMatch) continue;
    const name = (nameMatch[0].includes('.') ? nameMatch[0].replace(/^.*\./, '') : nameMatch[0]).toUpperCase();
    const rest = raw.slice(nameMatch[0].length);
    if ((name === 'BEGIN' || name === 'END') && rest.startsWith(':')) {
      const componentName = rest.slice(1).trim().toLowerCase();
      if (name === 'BEGIN') {
        // A VEVENT left open before the next one starts: close it (its own checks decide on it).
        if (componentName === 'vevent' && stack.length && stack[stack.length - 1][0] === 'vevent') stack.pop();
        if (stack.length >= MAX_DEPTH) throw new IcalShapeError('not-ical');
        const component: JCalComponent = [componentName, [], []];
        if (stack.length) stack[stack.length - 1][2].push(component);
        else if (componentName === 'vcalendar') calendars.push(component);
        else continue; // text between calendars
        stack.push(component);
      } else {
        for (let at = stack.length - 1; at >= 0; at -= 1) {
          if (stack[at][0] === componentName) {
            stack.length = at;
            break;
          }
        }
      }
      continue;
    }
    if (!stack.length || !READ.has(name)) continue;
    const component = stack[stack.length - 1];
    const at = valueStart(raw);
    const value = at < 0 ? '' : raw.slice(at);
    const prepared = prepare(raw, name, at);
    if ('rejected' in prepared) {
      note(component, name, value, prepared.rejected);
      continue;
    }
    // The line as ical.js will read it (below, with the other lines of its component).
    component[1].push(prepared.line);
    if (KEEP_RAW.has(name)) note(component, name, value);
  }
  if (stack.length > 0) throw new IcalShapeError('truncated');
  const pending = [...calendars];
  while (pending.length) {
    const component = pending.pop()!;
    component[1] = readProperties(component, component[1] as string[]);
    pending.push(...component[2]);
  }
  return calendars.map((jcal) => new ICAL.Component(jcal));
}

/**
 * A component's lines read by ical.js: all at once (ICAL.parse, several times faster than line by
 * line), or, when ical.js refuses one of them, line by line, each refused line set aside.
 */
function readProperties(component: JCalComponent, lines: string[]): unknown[] {
  if (!lines.length) return [];
  try {
    return (ICAL.parse(`BEGIN:VEVENT\r\n${lines.join('\r\n')}\r\nEND:VEVENT`) as unknown as JCalComponent)[1];
  } catch {
    const properties: unknown[] = [];
    for (const line of lines) {
      try {
        properties.push(ICAL.parse.property(line));
      } catch {
        // Not a content line, or a value ical.js cannot read: this line only.
        const at = valueStart(line);
        const name = (/^[A-Za-z0-9_.-]+/.exec(line)?.[0] ?? '').replace(/^.*\./, '').toUpperCase();
        const value = at < 0 ? '' : line.slice(at);
        note(component, name, value, { name, value, kind: 'other' }, false);
      }
    }
    return properties;
  }
}

