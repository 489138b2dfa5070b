// Dates, times and zones of an iCalendar file. A DATE is a calendar day; a DATE-TIME is UTC ("Z"),
// in a zone (TZID), or floating (neither), and floating ones follow the calendar's own zone, else the
// company's, never the server's. A TZID is read as an IANA name when it is one (Thunderbird's old
// "/mozilla.org/20070129_1/Europe/Lisbon" included), as the file's own VTIMEZONE definition when the
// file defines it (Outlook's "GMT +0100 (Standard) / GMT +0200 (Daylight)"), as a Windows zone name,
// else as the offset it spells ("(UTC+01:00) …"); a TZID that none of these reads falls back to the
// calendar's zone.
import { DAY_MS, dayNumber, expandRule, monthLength, parseRule, type WallValue } from './recurrence';
import { lineOf, linesOf, type Component } from './ical-reader';

export type Zone = { kind: 'iana'; name: string } | { kind: 'fixed'; offsetSeconds: number } | { kind: 'defined'; transitions: Transition[]; initialOffset: number };

interface Transition {
  /** UTC milliseconds from which `offset` applies. */
  at: number;
  offset: number;
}

export const UTC_ZONE: Zone = { kind: 'iana', name: 'UTC' };

const validZones = new Map<string, boolean>();
export function isIanaZone(name: string): boolean {
  if (!validZones.has(name)) {
    let ok = false;
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: name });
      ok = !/\s/.test(name);
    } catch {
      ok = false;
    }
    validZones.set(name, ok);
  }
  return validZones.get(name)!;
}

/** Windows zone names Outlook and Exchange write, for the markets this product serves. */
const WINDOWS_ZONES: Record<string, string> = {
  'GMT Standard Time': 'Europe/London',
  'Greenwich Standard Time': 'Atlantic/Reykjavik',
  'W. Europe Standard Time': 'Europe/Berlin',
  'Central Europe Standard Time': 'Europe/Budapest',
  'Central European Standard Time': 'Europe/Warsaw',
  'Romance Standard Time': 'Europe/Paris',
  'E. Europe Standard Time': 'Europe/Chisinau',
  'FLE Standard Time': 'Europe/Kiev',
  'GTB Standard Time': 'Europe/Bucharest',
  'Turkey Standard Time': 'Europe/Istanbul',
  'Russian Standard Time': 'Europe/Moscow',
  'Morocco Standard Time': 'Africa/Casablanca',
  'Azores Standard Time': 'Atlantic/Azores',
  'Cape Verde Standard Time': 'Atlantic/Cape_Verde',
  'E. South America Standard Time': 'America/Sao_Paulo',
  'SA Eastern Standard Time': 'America/Cayenne',
  'Bahia Standard Time': 'America/Bahia',
  'Argentina Standard Time': 'America/Buenos_Aires',
  'Pacific SA Standard Time': 'America/Santiago',
  'SA Pacific Standard Time': 'America/Bogota',
  'Venezuela Standard Time': 'America/Caracas',
  'Eastern Standard Time': 'America/New_York',
  'Central Standard Time': 'America/Chicago',
  'Mountain Standard Time': 'America/Denver',
  'US Mountain Standard Time': 'America/Phoenix',
  'Pacific Standard Time': 'America/Los_Angeles',
  'Alaskan Standard Time': 'America/Anchorage',
  'Hawaiian Standard Time': 'Pacific/Honolulu',
  'Atlantic Standard Time': 'America/Halifax',
  'Central Standard Time (Mexico)': 'America/Mexico_City',
  'Central America Standard Time': 'America/Guatemala',
  'South Africa Standard Time': 'Africa/Johannesburg',
  'Arabian Standard Time': 'Asia/Dubai',
  'India Standard Time': 'Asia/Kolkata',
  'China Standard Time': 'Asia/Shanghai',
  'Tokyo Standard Time': 'Asia/Tokyo',
  'AUS Eastern Standard Time': 'Australia/Sydney',
  'New Zealand Standard Time': 'Pacific/Auckland',
  UTC: 'UTC',
  'Coordinated Universal Time': 'UTC',
};

/** "GMT +0100", "(UTC+01:00) Amsterdam…", "UTC-3": a fixed offset in seconds, or null. */
function spelledOffset(tzid: string): number | null {
  const match = /(?:GMT|UTC)\s*([+-])\s*(\d{1,2})(?::?(\d{2}))?/i.exec(tzid);
  if (!match) return /^\(?(?:GMT|UTC)\)?(\s|$)/i.test(tzid) ? 0 : null;
  const seconds = Number(match[2]) * 3600 + Number(match[3] ?? 0) * 60;
  return match[1] === '-' ? -seconds : seconds;
}

function parseOffset(text: string | undefined): number | null {
  const match = /^([+-])(\d{2})(\d{2})(\d{2})?$/.exec((text ?? '').trim());
  if (!match) return null;
  // Real offsets lie within ±18 hours (RFC 5545 allows no more); a larger one is a broken definition.
  if (Number(match[3]) > 59 || Number(match[4] ?? 0) > 59) return null;
  const seconds = Number(match[2]) * 3600 + Number(match[3]) * 60 + Number(match[4] ?? 0);
  if (seconds > 18 * 3600) return null;
  return match[1] === '-' ? -seconds : seconds;
}

/** A zone from a VTIMEZONE's STANDARD / DAYLIGHT observances (onsets by DTSTART, RRULE, RDATE). */
function definedZone(component: Component, untilYear: number): Zone | null {
  const transitions: Transition[] = [];
  let initialOffset: number | null = null;
  let earliest = Infinity;
  const endDay = dayNumber(untilYear, 12, 31);
  for (const observance of component.children) {
    if (observance.name !== 'STANDARD' && observance.name !== 'DAYLIGHT') continue;
    const from = parseOffset(lineOf(observance, 'TZOFFSETFROM')?.value);
    const to = parseOffset(lineOf(observance, 'TZOFFSETTO')?.value);
    const start = parseWall(lineOf(observance, 'DTSTART')?.value ?? '', false);
    if (from === null || to === null || !start) continue;
    const onsets: WallValue[] = [start];
    const ruleText = lineOf(observance, 'RRULE')?.value;
    if (ruleText) {
      const rule = parseRule(ruleText);
      if (typeof rule !== 'string') {
        const untilUtc = rule.until ? parseWall(rule.until.replace(/Z$/, ''), false) : null;
        onsets.push(
          ...expandRule(rule, start, {
            skipBeforeDay: dayNumber(untilYear - 8, 1, 1),
            endDay,
            afterUntil: untilUtc ? (value) => wallMs(value) - from * 1000 > wallMs(untilUtc) : undefined,
            maxOccurrences: 2000,
          }).occurrences.slice(1),
        );
      }
    }
    for (const line of linesOf(observance, 'RDATE')) {
      for (const part of line.value.split(',')) {
        const value = parseWall(part.trim(), false);
        if (value) onsets.push(value);
      }
    }
    for (const onset of onsets) {
      const at = wallMs(onset) - from * 1000;
      transitions.push({ at, offset: to });
      if (at < earliest) {
        earliest = at;
        initialOffset = from;
      }
    }
  }
  if (!transitions.length || initialOffset === null) return null;
  transitions.sort((a, b) => a.at - b.at);
  if (transitions.every((t) => t.offset === transitions[0].offset) && initialOffset === transitions[0].offset) return { kind: 'fixed', offsetSeconds: initialOffset };
  return { kind: 'defined', transitions, initialOffset };
}

/** The zones a file defines (VTIMEZONE by TZID) and how to read any TZID of it. */
export class ZoneBook {
  private readonly defined = new Map<string, Component>();
  private readonly cache = new Map<string, Zone | null>();

  constructor(
    vtimezones: Component[],
    private readonly untilYear: number,
  ) {
    for (const component of vtimezones) {
      const tzid = lineOf(component, 'TZID')?.value.trim();
      if (tzid) this.defined.set(normaliseTzid(tzid), component);
    }
  }

  get definedIds(): string[] {
    return [...this.defined.keys()];
  }

  /** The zone a TZID names, or null when nothing reads it. */
  zone(tzid: string): Zone | null {
    const key = normaliseTzid(tzid);
    if (!this.cache.has(key)) this.cache.set(key, this.resolve(key));
    return this.cache.get(key)!;
  }

  private resolve(tzid: string): Zone | null {
    const iana = ianaFrom(tzid);
    if (iana) return { kind: 'iana', name: iana };
    const component = this.defined.get(tzid);
    if (component) {
      const zone = definedZone(component, this.untilYear);
      if (zone) return zone;
    }
    const windows = WINDOWS_ZONES[tzid];
    if (windows) return { kind: 'iana', name: windows };
    const offset = spelledOffset(tzid);
    return offset === null ? null : { kind: 'fixed', offsetSeconds: offset };
  }
}

const normaliseTzid = (tzid: string) => tzid.trim().replace(/^"|"$/g, '');

/** An IANA name in a TZID, as is or after a vendor prefix ("/mozilla.org/…/Europe/Lisbon"). */
export function ianaFrom(tzid: string): string | null {
  const clean = normaliseTzid(tzid);
  if (isIanaZone(clean)) return clean;
  const parts = clean.split('/').filter(Boolean);
  for (let i = 0; i < parts.length - 1; i += 1) {
    const candidate = parts.slice(i).join('/');
    if (/^[A-Z][A-Za-z_-]+\//.test(candidate) && isIanaZone(candidate)) return candidate;
  }
  return null;
}

// ---- Values ----------------------------------------------------------------------------------------

/** The wall value as if it were UTC, in milliseconds. */
export const wallMs = (value: WallValue): number => value.day * DAY_MS + (value.secs ?? 0) * 1000;

/**
 * "20261201" (a DATE), "20261201T150000" / "…Z" (a DATE-TIME); dashes and colons tolerated
 * ("2026-12-01T15:00:00"). Null when the text is no date or names a day that does not exist.
 * `dateOnly` keeps only the date of a DATE-TIME (VALUE=DATE with a time part).
 */
export function parseWall(text: string, dateOnly: boolean): (WallValue & { utc: boolean }) | null {
  const compact = text.trim().replace(/[-:]/g, '');
  const match = /^(\d{4})(\d{2})(\d{2})(?:T(\d{2})(\d{2})(\d{2})?(Z)?)?$/i.exec(compact);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (month < 1 || month > 12 || day < 1 || day > monthLength(year, month)) return null;
  const dayNum = dayNumber(year, month, day);
  if (match[4] === undefined || dateOnly) return { day: dayNum, secs: null, utc: false };
  const [h, m, s] = [Number(match[4]), Number(match[5]), Number(match[6] ?? 0)];
  if (h > 24 || m > 59 || s > 60 || (h === 24 && (m > 0 || s > 0))) return null;
  return { day: dayNum, secs: h * 3600 + m * 60 + Math.min(s, 59), utc: Boolean(match[7]) };
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(timeZone: string): Intl.DateTimeFormat {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric', hourCycle: 'h23' });
    formatters.set(timeZone, format);
  }
  return format;
}

/** The wall clock of an instant in an IANA zone, as "UTC" milliseconds. */
function ianaWallMs(utcMs: number, timeZone: string): number {
  const parts: Record<string, number> = {};
  for (const part of formatter(timeZone).formatToParts(new Date(utcMs))) if (part.type !== 'literal') parts[part.type] = Number(part.value);
  return Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour % 24, parts.minute, parts.second);
}

function offsetAt(zone: Zone, utcMs: number): number {
  if (zone.kind === 'fixed') return zone.offsetSeconds;
  if (zone.kind === 'iana') return Math.round((ianaWallMs(Math.floor(utcMs / 1000) * 1000, zone.name) - Math.floor(utcMs / 1000) * 1000) / 1000);
  let offset = zone.initialOffset;
  for (const transition of zone.transitions) {
    if (transition.at > utcMs) break;
    offset = transition.offset;
  }
  return offset;
}

/** The instant (UTC ms) a wall-clock value names in a zone (in a gap, the offset before it). */
export function instantOf(value: WallValue, zone: Zone): number {
  const wall = wallMs(value);
  // Try the offset at the naive guess, then at the corrected one (one step across a change).
  let utc = wall - offsetAt(zone, wall) * 1000;
  utc = wall - offsetAt(zone, utc) * 1000;
  return utc;
}

/** The calendar day (YYYY-MM-DD) of an instant in a zone. */
export function dayIn(utcMs: number, zone: Zone): string {
  return new Date(utcMs + offsetAt(zone, utcMs) * 1000).toISOString().slice(0, 10);
}

/** RFC 5545 DURATION ("P3D", "PT12H", "P1W", "-P1D"): milliseconds and whether it is whole days. */
export function parseDuration(text: string): { ms: number; days: number | null } | null {
  const match = /^([+-])?P(?:(\d+)W)?(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+)S)?)?$/i.exec(text.trim());
  if (!match || /T$/i.test(text.trim()) || text.trim().replace(/^[+-]/, '').toUpperCase() === 'P') return null;
  const sign = match[1] === '-' ? -1 : 1;
  const days = Number(match[2] ?? 0) * 7 + Number(match[3] ?? 0);
  const seconds = Number(match[4] ?? 0) * 3600 + Number(match[5] ?? 0) * 60 + Number(match[6] ?? 0);
  return { ms: sign * (days * DAY_MS + seconds * 1000), days: seconds === 0 ? sign * days : null };
}
