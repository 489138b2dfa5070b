// Dates, times and zones of an iCalendar file, on ical.js (ICAL.Time, ICAL.Timezone). A DATE is a
// calendar day; a DATE-TIME is UTC ("Z"), in a zone (TZID), or floating (neither), and floating
// ones follow the calendar's own zone, else the company's, never the server's.
// What a TZID names is ours to find (ical.js knows only the VTIMEZONEs of the file and zones
// registered with it): an IANA name when it is one (Thunderbird's old
// "/mozilla.org/20070129_1/Europe/Lisbon" included), read from the runtime's time zone data
// (IanaZone: ical.js ships none); the file's own VTIMEZONE when it defines it (Outlook's "GMT +0100
// (Standard) / GMT +0200 (Daylight)"), read by ical.js; a Windows zone name; else the offset it
// spells ("(UTC+01:00) …"). A TZID that none of these reads falls back to the calendar's zone.
import ICAL from 'ical.js';

import type { IcalComponent, IcalProperty } from './ical-reader';

export type IcalTime = InstanceType<typeof ICAL.Time>;
export type Zone = InstanceType<typeof ICAL.Timezone>;

export const DAY_MS = 86_400_000;
export const UTC_ZONE: Zone = ICAL.Timezone.utcTimezone;

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(timeZone: string): Intl.DateTimeFormat {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric', hourCycle: 'h23' });
    formatters.set(timeZone, format);
  }
  return format;
}

/** The offset (seconds) of an IANA zone at an instant (UTC ms). */
function ianaOffsetAt(timeZone: string, utcMs: number): number {
  const whole = Math.floor(utcMs / 1000) * 1000;
  const parts: Record<string, number> = {};
  for (const part of formatter(timeZone).formatToParts(new Date(whole))) if (part.type !== 'literal') parts[part.type] = Number(part.value);
  return Math.round((Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour % 24, parts.minute, parts.second) - whole) / 1000);
}

/**
 * An IANA zone as an ical.js zone, its offsets from the runtime's time zone data (Intl). ical.js
 * asks a zone for the offset of a wall-clock time; in a gap, the offset before it.
 */
export class IanaZone extends ICAL.Timezone {
  constructor(readonly name: string) {
    super({ tzid: name });
  }

  override utcOffset(tt: IcalTime): number {
    const wall = Date.UTC(tt.year, tt.month - 1, tt.day, tt.hour, tt.minute, tt.second);
    // The offset at the naive guess, then at the corrected instant (one step across a change).
    const utc = wall - ianaOffsetAt(this.name, wall) * 1000;
    return ianaOffsetAt(this.name, utc);
  }

  offsetAtInstant(utcMs: number): number {
    return ianaOffsetAt(this.name, utcMs);
  }
}

/** A fixed offset ("(UTC+01:00) Amsterdam…") as an ical.js zone. */
class FixedZone extends ICAL.Timezone {
  constructor(
    tzid: string,
    readonly offsetSeconds: number,
  ) {
    super({ tzid });
  }

  override utcOffset(): number {
    return this.offsetSeconds;
  }
}

const ianaZones = new Map<string, IanaZone | null>();
/** The IANA zone of that name, or null when the runtime does not know it. */
export function ianaZone(name: string): IanaZone | null {
  if (!ianaZones.has(name)) {
    let zone: IanaZone | null = null;
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: name });
      if (!/\s/.test(name)) zone = new IanaZone(name);
    } catch {
      zone = null;
    }
    ianaZones.set(name, zone);
  }
  return ianaZones.get(name)!;
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

/** An offset as ical.js read it ("+01:00"), within the ±18 hours RFC 5545 allows; else null. */
function offsetOk(property: IcalProperty | null): boolean {
  const text = String(property?.jCal[3] ?? '');
  const match = /^[+-](\d{2}):(\d{2})(?::(\d{2}))?$/.exec(text);
  return Boolean(match) && Number(match![2]) <= 59 && Number(match![3] ?? 0) <= 59 && Number(match![1]) * 3600 + Number(match![2]) * 60 <= 18 * 3600;
}

/**
 * A VTIMEZONE as ical.js reads it, once its observances are sane: each has a DTSTART and offsets
 * within ±18 hours (ical.js takes "+9999" as 99 hours and reads every time of the file with it).
 */
function definedZone(component: IcalComponent, tzid: string): Zone | null {
  const observances = component.getAllSubcomponents().filter((c) => c.name === 'standard' || c.name === 'daylight');
  const usable = observances.filter((o) => o.getFirstProperty('dtstart') && offsetOk(o.getFirstProperty('tzoffsetfrom')) && offsetOk(o.getFirstProperty('tzoffsetto')));
  if (!usable.length || usable.length !== observances.length) return null;
  return new ICAL.Timezone({ component, tzid });
}

/** The zones a file defines (VTIMEZONE by TZID) and how to read any TZID of it. */
export class ZoneBook {
  private readonly defined = new Map<string, IcalComponent>();
  private readonly cache = new Map<string, Zone | null>();

  constructor(vtimezones: IcalComponent[]) {
    for (const component of vtimezones) {
      const tzid = String(component.getFirstPropertyValue('tzid') ?? '').trim();
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
    if (iana) return ianaZone(iana);
    const component = this.defined.get(tzid);
    if (component) {
      const zone = definedZone(component, tzid);
      if (zone) return zone;
    }
    const windows = WINDOWS_ZONES[tzid];
    if (windows) return ianaZone(windows);
    const offset = spelledOffset(tzid);
    return offset === null ? null : new FixedZone(tzid, offset);
  }
}

const normaliseTzid = (tzid: string) => tzid.trim().replace(/^"|"$/g, '');

/** An IANA name in a TZID, as is or after a vendor prefix ("/mozilla.org/…/Europe/Lisbon"). */
export function ianaFrom(tzid: string): string | null {
  const clean = normaliseTzid(tzid);
  if (ianaZone(clean)) return clean;
  const parts = clean.split('/').filter(Boolean);
  for (let i = 0; i < parts.length - 1; i += 1) {
    const candidate = parts.slice(i).join('/');
    if (/^[A-Z][A-Za-z_-]+\//.test(candidate) && ianaZone(candidate)) return candidate;
  }
  return null;
}

/** The zone's name to show: the IANA name, else the TZID. */
export const zoneName = (zone: Zone): string => (zone instanceof IanaZone ? zone.name : zone.tzid);

// ---- Values ----------------------------------------------------------------------------------------

/**
 * The times of a date property (several for RDATE / EXDATE), each with its end when it is a
 * PERIOD. Built from ical.js's reading of the value; the zone is set by the caller (`withZone`).
 */
export function timesOf(property: IcalProperty): Array<{ start: IcalTime; end?: IcalTime; duration?: InstanceType<typeof ICAL.Duration> }> {
  const values = property.jCal.slice(3) as unknown[];
  const type = property.type;
  return values.map((value) => {
    if (type === 'period' && Array.isArray(value)) {
      const [start, end] = value as [string, string];
      const startTime = readTime(start);
      if (/^[+-]?P/.test(end)) return { start: startTime, duration: ICAL.Duration.fromString(end) };
      return { start: startTime, end: readTime(end) };
    }
    return { start: readTime(String(value), type === 'date') };
  });
}

/** "2026-12-01" (a DATE) or "2026-12-01T15:00:00[Z]" (a DATE-TIME, UTC when Z, else floating). */
function readTime(value: string, isDate = value.length <= 10): IcalTime {
  return isDate ? ICAL.Time.fromDateString(value) : ICAL.Time.fromDateTimeString(value);
}

/** The same wall-clock time in another zone (a floating or TZID time given its zone). */
export function withZone(time: IcalTime, zone: Zone): IcalTime {
  if (time.isDate) return time;
  return new ICAL.Time({ year: time.year, month: time.month, day: time.day, hour: time.hour, minute: time.minute, second: time.second, isDate: false }, zone);
}

/** A day (no time) of a time. */
export function dateOf(time: IcalTime): IcalTime {
  return new ICAL.Time({ year: time.year, month: time.month, day: time.day, isDate: true }, ICAL.Timezone.localTimezone);
}

/** The instant (UTC ms) a time names; a DATE is its midnight in UTC. */
export function instantOf(time: IcalTime): number {
  return time.toUnixTime() * 1000;
}

/** Days since 1970-01-01 of a time's date (its wall clock). */
export const dayNumber = (time: IcalTime): number => Date.UTC(time.year, time.month - 1, time.day) / DAY_MS;

export const isoDay = (day: number): string => new Date(day * DAY_MS).toISOString().slice(0, 10);

/** The offset of a zone at an instant. */
function offsetAtInstant(zone: Zone, utcMs: number): number {
  if (zone instanceof IanaZone) return zone.offsetAtInstant(utcMs);
  if (zone === UTC_ZONE || zone === ICAL.Timezone.localTimezone) return 0;
  // ical.js asks for a wall-clock time: the instant read as one, then corrected once.
  const guess = ICAL.Time.fromJSDate(new Date(utcMs), true);
  const first = zone.utcOffset(guess);
  return zone.utcOffset(ICAL.Time.fromJSDate(new Date(utcMs + first * 1000), true));
}

/** The calendar day (YYYY-MM-DD) of an instant in a zone. */
export function dayIn(utcMs: number, zone: Zone): string {
  return new Date(utcMs + offsetAtInstant(zone, utcMs) * 1000).toISOString().slice(0, 10);
}

/** The wall clock of an instant in a zone. */
export function wallIn(utcMs: number, zone: Zone): IcalTime {
  const wall = ICAL.Time.fromJSDate(new Date(Math.floor(utcMs / 1000) * 1000 + offsetAtInstant(zone, utcMs) * 1000), true);
  return withZone(wall, zone);
}

/** A DURATION: milliseconds, and its whole days when it has no time part (null otherwise). */
export function durationOf(value: InstanceType<typeof ICAL.Duration>): { ms: number; days: number | null } {
  const seconds = value.toSeconds();
  const timePart = value.hours !== 0 || value.minutes !== 0 || value.seconds !== 0;
  const sign = value.isNegative ? -1 : 1;
  return { ms: seconds * 1000, days: timePart ? null : sign * (value.weeks * 7 + value.days) };
}
