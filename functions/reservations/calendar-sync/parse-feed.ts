// Reads an iCal feed, as the channels and calendar programs really write it, into stays.
// - Bytes first: folds are undone on the bytes, then the text is decoded (BOM, Content-Type
//   charset, else UTF-8 when valid, else Windows-1252): see ical-reader.ts.
// - Not iCal at all → FeedFetchError('calendar.error.unparsable'), a web page (HTML) →
//   'calendar.error.webPage'; a file cut short (a component
//   left open, no END:VCALENDAR) → FeedFetchError('calendar.error.truncated'); no events → [].
// - Days: an all-day DTSTART / DTEND is a calendar day as written (DTEND is the check-out day,
//   exclusive); a timed one is an instant whose day is taken in the company's zone, except midnight
//   to midnight in the zone it is written in (UTC, a TZID), which is read as those days (a stay's
//   days written as date-times: read as instants they would move a day back west of UTC). Floating times
//   follow the calendar's own zone (X-WR-TIMEZONE, else its single VTIMEZONE), else the company's.
// - Only stays become stays: a timed event that starts and ends on one day (in the company's zone)
//   takes no night and is skipped with its reason, once per event however often it repeats; an
//   event longer than ten years is a broken end. `kind` says whether the calendar looks like a
//   booking calendar at all (CalendarKind: meetings, appointments and holidays are not stays).
// - Recurrence: RRULE, RDATE, EXDATE and RECURRENCE-ID are expanded from a year back up to the
//   horizon (two years ahead by default); every occurrence is a stay of its own.
// - One event that cannot be read (no DTSTART, a day that does not exist, an unreadable or
//   unsupported rule) is skipped with its reason; the others import. Anything unforeseen in one
//   event skips it as "could not be read" (the error goes to the log, never to the user); a TZID
//   nothing reads is read in the calendar's zone with a warning.
// - Events sharing a UID with other dates are separate stays: each stay's `key` is the UID when
//   the UID stands for one stay, else `${uid}#${checkinDay}`.
// - Limits (events, skipped list, horizon) are reported as warnings, never silently.
import { createHash } from 'node:crypto';

import type { UiLanguage } from '#shared/enums';
import type { MessageKey } from '#shared/messages';
import type { FeedSource } from '#shared/schemas';
import ICAL from 'ical.js';
import { FeedFetchError } from './fetch-feed';
import { decodeIcal, IcalShapeError, rawValues, readCalendars, rejectedLines, type IcalComponent, type IcalProperty } from './ical-reader';
import { dateOf, DAY_MS, dayIn, dayNumber, durationOf, IanaZone, ianaZone, instantOf, isoDay, timesOf, UTC_ZONE, wallIn, withZone, ZoneBook, type IcalTime, type Zone } from './ical-time';
import { expandRule, readRule, type RecurrenceRule } from './recurrence';
import { logger } from '#functions/lib/logger';
import { channelGuestName, effectiveSource, foldWords, readSummary, sourceFromProdId } from './sources';

export type FeedEventKind = 'booking' | 'block';
export type FeedEventStatus = 'confirmed' | 'tentative' | 'cancelled';

export interface FeedEvent {
  /** Stable key of this stay within the feed: the UID when the UID occurs once and does not recur;
   *  `${uid}#${checkinDay}` for occurrences of a recurring event and for events sharing a UID. */
  key: string;
  /** As in the file, or generated (a stable hash of the event's dates and summary) when missing. */
  uid: string;
  /** block = owner block / closed / not available, in any channel language. */
  kind: FeedEventKind;
  /** STATUS:TENTATIVE or tentative words → tentative; STATUS:CANCELLED → cancelled. */
  status: FeedEventStatus;
  /** Booking.com exports cannot tell a booking from a closure ("CLOSED - Not available"). */
  ambiguous: boolean;
  summary: string;
  /** The channel prefix removed ("Réservée - Ana" → "Ana"); `${Channel} guest` when none. */
  guestName: string;
  /** YYYY-MM-DD */
  checkinDay: string;
  /** YYYY-MM-DD, exclusive (DTEND), > checkinDay */
  checkoutDay: string;
  /** True for an occurrence of a repeating event (RRULE / RDATE / RECURRENCE-ID). */
  recurring: boolean;
}

export interface SkippedEvent {
  uid: string | null;
  summary: string | null;
  reason: MessageKey;
  params?: Record<string, string | number>;
}

/** A limit met: events, skipped list, horizon (blocks and bytes are the sync's and the fetch's). */
export interface FeedWarning {
  code: MessageKey;
  params: Record<string, string | number>;
}

/**
 * Whether the calendar looks like a channel's or a booking calendar: most of its events (counted by
 * UID) stays. Meetings and appointments (timed events within one day), birthdays and holidays
 * (yearly events; single all-day days that are free time or carry a plain name with no booking
 * words, like "Dia de Natal") are not. A channel's calendar (by PRODID) always looks like one.
 */
export interface CalendarKind {
  looksLikeBookings: boolean;
  /** Events counted (by UID, those with a date in the window read). */
  events: number;
  /** Of those, events that are no stay. */
  notStays: number;
  /** A few of their names, to show the manager what the calendar holds. */
  examples: string[];
}

export interface ParsedFeed {
  events: FeedEvent[];
  kind: CalendarKind;
  skipped: SkippedEvent[];
  warnings: FeedWarning[];
  /** The channel the file says it comes from (PRODID: admin.booking.com, Airbnb, HomeAway/Vrbo/Abritel), or null. */
  channel: FeedSource | null;
  /** The calendar's own zone (X-WR-TIMEZONE or its single VTIMEZONE), if any. */
  timeZone: string | null;
  /** The PRODID as written, for the feed's page. */
  prodId: string | null;
}

export interface ParseOptions {
  /** The feed's configured source (URL-derived or manager override). */
  source: FeedSource;
  /** True when `source` is the manager's choice: it then wins over the file's PRODID. */
  sourceIsOverride?: boolean;
  /** The company's zone: days of timed events, and floating times when the calendar names no zone. */
  timeZone: string;
  /** HTTP Content-Type (its charset). */
  contentType?: string | null;
  /** The horizon and the look-back are counted from it. */
  now?: Date;
  /** How far ahead repeating events are expanded (default 731 days). */
  horizonDays?: number;
  /** At most this many stays (default 5000); a warning says when the limit was met. */
  maxEvents?: number;
  /** The company's language: a stay whose feed names no guest is "Airbnb guest" in it (default English). */
  language?: UiLanguage;
}

export const DEFAULT_HORIZON_DAYS = 731;
export const DEFAULT_MAX_EVENTS = 5000;
/** Stays that ended more than this many days ago are not read. */
export const LOOKBACK_DAYS = 366;
export const MAX_SKIPPED_LISTED = 200;
/** An event longer than this (ten years) is no stay and no block: a broken DTEND or DURATION. */
export const MAX_EVENT_DAYS = 3660;

/** One stay-to-be: its start, its length, what it says. */
interface Occurrence {
  /** A DATE (all-day), or a DATE-TIME in its zone (`zone`). */
  start: IcalTime;
  zone: Zone;
  /** Whole nights for an all-day value, else milliseconds. */
  length: { nights: number } | { ms: number };
  summary: string;
  status: string;
  sequence: number;
  order: number;
  recurring: boolean;
}

class SkipEvent extends Error {
  constructor(
    readonly reason: MessageKey,
    readonly params?: Record<string, string | number>,
  ) {
    super(reason);
  }
}

/** A TEXT property's value (ical.js unescapes it), trimmed; '' when absent. */
const text = (component: IcalComponent, name: string): string => {
  const value = component.getFirstPropertyValue(name.toLowerCase());
  return value === null || value === undefined ? '' : String(value).trim();
};
/** A property's value as written: read by ical.js, or set aside (see ical-reader.ts). */
const rawOf = (component: IcalComponent, name: string): string | undefined => rawValues(component, name)[0];
const rejectedOf = (component: IcalComponent, name: string) => rejectedLines(component).filter((line) => line.name === name);

function shortRule(rule: string): string {
  return rule.length > 80 ? `${rule.slice(0, 77)}...` : rule;
}

export async function parseFeed(input: Buffer | string, options: ParseOptions): Promise<ParsedFeed> {
  const now = options.now ?? new Date();
  const horizonDays = options.horizonDays ?? DEFAULT_HORIZON_DAYS;
  const maxEvents = options.maxEvents ?? DEFAULT_MAX_EVENTS;
  const companyZone: Zone = ianaZone(options.timeZone) ?? new IanaZone(options.timeZone);

  let calendars: IcalComponent[];
  const decoded = decodeIcal(input, options.contentType);
  try {
    calendars = readCalendars(decoded);
  } catch (error) {
    if (!(error instanceof IcalShapeError)) throw error;
    if (error.kind === 'truncated') throw new FeedFetchError('calendar.error.truncated');
    // A web page (a listing's page pasted instead of its calendar link, a sign-in or error page
    // answered with 200): said so, with what to paste instead.
    throw new FeedFetchError(/^\s*</.test(decoded.slice(0, 1000)) ? 'calendar.error.webPage' : 'calendar.error.unparsable');
  }

  const today = Math.floor(Date.parse(`${dayIn(now.getTime(), companyZone)}T00:00:00Z`) / DAY_MS);
  const windowStart = today - LOOKBACK_DAYS;
  const horizonEnd = today + horizonDays;
  const book = new ZoneBook(calendars.flatMap((c) => c.getAllSubcomponents('vtimezone')));

  const prodId = calendars.map((c) => text(c, 'PRODID')).find(Boolean) ?? null;
  const channel = sourceFromProdId(prodId);
  const source = effectiveSource({ override: options.sourceIsOverride ? options.source : null, detected: channel, fromUrl: options.source });

  // The calendar's own zone: X-WR-TIMEZONE, else its one VTIMEZONE.
  const named = calendars.map((c) => text(c, 'X-WR-TIMEZONE')).find(Boolean);
  let calendarZoneId: string | null = null;
  let calendarZone: Zone | null = null;
  for (const candidate of [named, book.definedIds.length === 1 ? book.definedIds[0] : undefined]) {
    if (!candidate) continue;
    const zone = book.zone(candidate);
    if (zone) {
      calendarZone = zone;
      calendarZoneId = zone instanceof IanaZone ? zone.name : candidate;
      break;
    }
  }
  const floatingZone = calendarZone ?? companyZone;

  const skipped: SkippedEvent[] = [];
  const warnings: FeedWarning[] = [];
  const warn = (code: MessageKey, params: Record<string, string | number>) => {
    if (!warnings.some((w) => w.code === code)) warnings.push({ code, params });
  };
  const skip = (entry: SkippedEvent) => {
    if (skipped.length < MAX_SKIPPED_LISTED) skipped.push(entry);
    else warn('calendar.warning.tooManySkipped', { max: MAX_SKIPPED_LISTED });
  };

  /** The zone of a DATE-TIME: UTC, its TZID's, else `fallbackZone` (floating). */
  const zoneFor = (time: IcalTime, property: IcalProperty, fallbackZone: Zone): Zone => {
    if (time.zone === UTC_ZONE) return UTC_ZONE;
    const tzid = property.getParameter('tzid');
    if (!tzid || time.isDate) return fallbackZone;
    const zone = book.zone(String(tzid));
    if (zone) return zone;
    // A zone nothing reads (a typo, a broken VTIMEZONE): its times are read in the calendar's
    // zone, and the feed says so.
    warn('calendar.warning.unknownZone', { zone: String(tzid).replace(/^"|"$/g, '').slice(0, 60), fallback: calendarZoneId ?? options.timeZone });
    return fallbackZone;
  };

  /** A date property's value, zone and kind; throws SkipEvent when it names no real day. */
  const readValue = (component: IcalComponent, name: string, fallbackZone: Zone, dateOnly = false): { value: IcalTime; zone: Zone; allDay: boolean } | null => {
    const property = component.getFirstProperty(name.toLowerCase());
    if (!property) {
      const bad = rejectedOf(component, name)[0];
      if (bad) throw new SkipEvent('calendar.skipped.badDate', { value: bad.value.trim().slice(0, 40) });
      return null;
    }
    const time = timesOf(property)[0].start;
    if (time.isDate || dateOnly) return { value: dateOf(time), zone: fallbackZone, allDay: true };
    const zone = zoneFor(time, property, fallbackZone);
    return { value: withZone(time, zone), zone, allDay: false };
  };

  /** What a VEVENT says on its own: start, zone, length, summary, status. */
  const readEvent = (event: IcalComponent, order: number, fallback?: Occurrence): Occurrence => {
    const read = readValue(event, 'DTSTART', floatingZone);
    if (!read && !fallback) throw new SkipEvent('calendar.skipped.noStart');
    let start = read ?? { value: fallback!.start, zone: fallback!.zone, allDay: fallback!.start.isDate };
    const end = readValue(event, 'DTEND', start.zone);
    const durationText = rawOf(event, 'DURATION');
    let length: Occurrence['length'];
    if (end) {
      if (!start.allDay && isMidnight(start.value) && isMidnight(end.value) && end.zone === start.zone && dayNumber(end.value) > dayNumber(start.value)) {
        // Midnight to midnight in the zone it is written in ("DTSTART:20261201T000000Z" /
        // "DTEND:20261205T000000Z", as direct-booking sites and small PMSs write a stay's days):
        // the days as written. Read as instants they would fall on the day before west of UTC.
        start = { ...start, value: dateOf(start.value), allDay: true };
      }
      if (start.allDay) {
        const nights = dayNumber(end.value) - dayNumber(start.value);
        if (nights < 0) throw new SkipEvent('calendar.skipped.endBeforeStart', { start: isoDay(dayNumber(start.value)), end: isoDay(dayNumber(end.value)) });
        length = { nights };
      } else {
        const ms = instantOf(end.value) - instantOf(start.value);
        if (ms < 0) throw new SkipEvent('calendar.skipped.endBeforeStart', { start: rawOf(event, 'DTSTART') ?? '', end: rawOf(event, 'DTEND') ?? '' });
        length = { ms };
      }
    } else if (durationText !== undefined) {
      const property = event.getFirstProperty('duration');
      const duration = property ? durationOf(ICAL.Duration.fromString(durationText.trim().toUpperCase())) : null;
      if (!duration || duration.ms < 0) throw new SkipEvent('calendar.skipped.badDate', { value: durationText.trim().slice(0, 40) });
      // Midnight plus whole days: days as written (see DTEND above).
      if (!start.allDay && isMidnight(start.value) && duration.days !== null && duration.days > 0) start = { ...start, value: dateOf(start.value), allDay: true };
      length = start.allDay ? { nights: duration.days ?? Math.ceil(duration.ms / DAY_MS) } : { ms: duration.ms };
    } else if (fallback && !read) {
      length = fallback.length;
    } else {
      length = start.allDay ? { nights: 1 } : { ms: 0 };
    }
    if (('nights' in length ? length.nights : length.ms / DAY_MS) > MAX_EVENT_DAYS) {
      throw new SkipEvent('calendar.skipped.tooLong', { value: (rawOf(event, 'DTEND') ?? durationText ?? '').trim().slice(0, 40), years: Math.round(MAX_EVENT_DAYS / 366) });
    }
    const sequence = Number(text(event, 'SEQUENCE')) || 0;
    return {
      start: start.value,
      zone: start.zone,
      length,
      summary: event.hasProperty('summary') ? text(event, 'SUMMARY') : (fallback?.summary ?? ''),
      status: (text(event, 'STATUS') || fallback?.status || '').toUpperCase(),
      sequence,
      order,
      recurring: false,
    };
  };

  /** The identity of an occurrence for EXDATE and RECURRENCE-ID: its day (all-day) or its instant. */
  const idsOf = (value: IcalTime): string[] => (value.isDate ? [`d:${dayNumber(value)}`] : [`t:${instantOf(value)}`, `d:${dayNumber(value)}`]);

  // ---- Group the VEVENTs by UID ----
  const events = calendars.flatMap((c) => c.getAllSubcomponents('vevent'));
  interface Group {
    uid: string;
    masters: Array<{ component: IcalComponent; order: number }>;
    overrides: Array<{ component: IcalComponent; order: number }>;
  }
  const groups = new Map<string, Group>();
  events.forEach((component, order) => {
    let uid = text(component, 'UID');
    if (!uid) {
      const basis = ['DTSTART', 'DTEND', 'DURATION', 'SUMMARY', 'RRULE'].map((name) => rawOf(component, name) ?? '').join('|');
      uid = `generated-${createHash('sha256').update(basis).digest('hex').slice(0, 32)}`;
    }
    const group = groups.get(uid) ?? { uid, masters: [], overrides: [] };
    groups.set(uid, group);
    (rawOf(component, 'RECURRENCE-ID') !== undefined ? group.overrides : group.masters).push({ component, order });
  });

  interface Stay extends Occurrence {
    uid: string;
  }
  const kinds = new Map<string, EventKindInfo>();
  const stays: Stay[] = [];
  const uidStays = new Map<string, { recurring: boolean; count: number }>();
  let horizonMet = false;
  let eventsCapped = false;
  // All rules together expand to at most this many occurrences (thousands of daily rules in one
  // file would otherwise cost minutes); the events warning says when it was met.
  let occurrenceBudget = maxEvents * 4;

  for (const group of groups.values()) {
    const summaryOf = (component: IcalComponent) => text(component, 'SUMMARY') || null;
    // Exact copies of an event (same UID, same DTSTART) are one event: the highest SEQUENCE wins.
    const masters = new Map<string, { component: IcalComponent; order: number }>();
    for (const entry of group.masters) {
      const startKey = rawOf(entry.component, 'DTSTART') ?? `#${entry.order}`;
      const current = masters.get(startKey);
      const seq = (c: IcalComponent) => Number(text(c, 'SEQUENCE')) || 0;
      if (!current || seq(entry.component) >= seq(current.component)) masters.set(startKey, entry);
    }
    const overrides = new Map<string, Occurrence>();
    const orphanOverrides: Occurrence[] = [];
    let masterFallback: Occurrence | undefined;
    const produced: Occurrence[] = [];
    let recurring = group.overrides.length > 0;

    for (const { component, order } of masters.values()) {
      try {
        const base = readEvent(component, order);
        masterFallback ??= base;
        const rules = rawValues(component, 'RRULE');
        const rdates = component.getAllProperties('rdate');
        if (rejectedOf(component, 'RDATE').length) throw new SkipEvent('calendar.skipped.badDate', { value: rejectedOf(component, 'RDATE')[0].value.trim().slice(0, 40) });
        if (!rules.length && !rdates.length) {
          produced.push(base);
          continue;
        }
        recurring = true;
        const lengthDays = 'nights' in base.length ? base.length.nights : Math.ceil(base.length.ms / DAY_MS);
        // Rules walk the wall clock of DTSTART's zone (RFC 5545): ical.js expands a floating copy.
        const wallStart = base.start.isDate ? base.start : withZone(base.start, ICAL.Timezone.localTimezone);
        const zoned = (value: IcalTime) => (value.isDate ? value : withZone(value, base.zone));
        const expandOne = (ruleText: string): IcalTime[] => {
          const rule = readRule(ruleText, wallStart);
          if (rule === 'invalid') throw new SkipEvent('calendar.skipped.badRule', { rule: shortRule(ruleText.trim()) });
          if (rule === 'unsupported') throw new SkipEvent('calendar.skipped.unsupportedRule', { rule: shortRule(ruleText.trim()) });
          const expansion = expandRule(rule, wallStart, {
            skipBeforeDay: windowStart - lengthDays - 2,
            endDay: horizonEnd,
            afterUntil: untilCheck(rule, base),
            maxOccurrences: Math.max(1, Math.min(maxEvents + 1, occurrenceBudget)),
          });
          occurrenceBudget -= expansion.occurrences.length;
          if (expansion.tooLong) throw new SkipEvent('calendar.skipped.ruleTooLong', { rule: shortRule(ruleText.trim()) });
          if (expansion.beyondEnd) horizonMet = true;
          if (expansion.capped) eventsCapped = true;
          return expansion.occurrences.map(zoned);
        };
        const starts = new Map<string, { value: IcalTime; length?: Occurrence['length'] }>();
        const add = (value: IcalTime, length?: Occurrence['length']) => {
          const id = idsOf(value)[0];
          if (!starts.has(id)) starts.set(id, { value, length });
        };
        add(base.start);
        for (const ruleText of rules) for (const value of expandOne(ruleText)) add(value);
        for (const property of rdates) {
          for (const period of timesOf(property)) {
            const isDate = property.type === 'date' || period.start.isDate;
            const zone = isDate ? base.zone : zoneFor(period.start, property, base.zone);
            const parsedStart = isDate ? dateOf(period.start) : withZone(period.start, zone);
            let length: Occurrence['length'] | undefined;
            if (period.duration) {
              const duration = durationOf(period.duration);
              length = parsedStart.isDate ? { nights: duration.days ?? 1 } : { ms: duration.ms };
            } else if (period.end) {
              const endValue = period.end.isDate ? period.end : withZone(period.end, zoneFor(period.end, property, base.zone));
              length = parsedStart.isDate ? { nights: dayNumber(endValue) - dayNumber(parsedStart) } : { ms: instantOf(endValue) - instantOf(parsedStart) };
            }
            const value = isDate || base.start.isDate ? dateOf(parsedStart) : parsedStart;
            // An RDATE in another zone than DTSTART: moved to DTSTART's wall clock.
            const moved = !value.isDate && zone !== base.zone ? wallIn(instantOf(value), base.zone) : value;
            add(moved, length);
          }
        }
        const excluded = new Set<string>();
        for (const property of component.getAllProperties('exdate')) {
          for (const { start: part } of timesOf(property)) {
            // A DATE excludes that day; an all-day event's EXDATE written as a DATE-TIME names its day.
            if (part.isDate || base.start.isDate) excluded.add(`d:${dayNumber(part)}`);
            else excluded.add(`t:${instantOf(withZone(part, zoneFor(part, property, base.zone)))}`);
          }
        }
        for (const ruleText of rawValues(component, 'EXRULE')) for (const value of expandOne(ruleText)) excluded.add(idsOf(value)[0]);
        for (const { value, length } of starts.values()) {
          const ids = idsOf(value);
          if (ids.some((id) => excluded.has(id))) continue;
          produced.push({ ...base, start: value, length: length ?? base.length, recurring: true });
        }
      } catch (error) {
        skip(skippedFor(error, group.uid, summaryOf(component)));
      }
    }

    let producedIds: Map<string, Occurrence> | undefined;
    for (const { component, order } of group.overrides) {
      try {
        const allDayBase = masterFallback?.start.isDate === true;
        const id = readValue(component, 'RECURRENCE-ID', masterFallback?.zone ?? floatingZone, allDayBase)!;
        // An override without its own DTSTART starts at its RECURRENCE-ID, with the master's length.
        const fallback = masterFallback ? { ...masterFallback, start: id.value, zone: id.zone } : undefined;
        const occurrence = { ...readEvent(component, order, fallback), recurring: true };
        const ids = idsOf(id.value);
        producedIds ??= new Map(produced.flatMap((p) => idsOf(p.start).map((key, i) => [`${i}|${key}`, p] as const)).reverse());
        const target = producedIds.get(`0|${ids[0]}`) ?? (id.allDay ? producedIds.get(`1|${ids[0]}`) : undefined);
        if (target) overrides.set(idsOf(target.start)[0], occurrence);
        else orphanOverrides.push(occurrence);
      } catch (error) {
        skip(skippedFor(error, group.uid, summaryOf(component)));
      }
    }

    const final: Occurrence[] = [];
    for (const occurrence of produced) {
      const override = overrides.get(idsOf(occurrence.start)[0]);
      final.push(override ?? occurrence);
    }
    final.push(...orphanOverrides);
    for (const occurrence of final) stays.push({ ...occurrence, uid: group.uid });
    uidStays.set(group.uid, { recurring, count: final.length });
    const first = masters.values().next().value?.component;
    kinds.set(group.uid, {
      summary: (first && summaryOf(first)) ?? null,
      // A yearly day (birthdays, anniversaries); a yearly week's owner stay is still a block.
      yearly:
        [...masters.values()].some(({ component }) => rawValues(component, 'RRULE').some((rule) => /FREQ=YEARLY/i.test(rule))) &&
        final.every((occurrence) => ('nights' in occurrence.length ? occurrence.length.nights <= 1 : occurrence.length.ms <= DAY_MS)),
      oneDay: !recurring && final.length === 1 && 'nights' in final[0].length && final[0].length.nights <= 1,
      transparent: first ? /^TRANSPARENT$/i.test(text(first, 'TRANSP')) : false,
      stays: 0,
      noNight: 0,
    });
  }
  // ---- Stays to days, kinds, names, keys ----
  const byKey = new Map<string, FeedEvent & { rank: [number, number] }>();
  // Timed events within one day, by UID: skipped once per event (a daily meeting is one event).
  const noNight = new Map<string, { summary: string; start: string; count: number }>();
  for (const stay of stays) {
    let checkinDay: string;
    let checkoutDay: string;
    let startMs = 0;
    try {
      if ('nights' in stay.length) {
        checkinDay = isoDay(dayNumber(stay.start));
        checkoutDay = isoDay(dayNumber(stay.start) + Math.max(1, stay.length.nights));
      } else {
        startMs = instantOf(stay.start);
        checkinDay = dayIn(startMs, companyZone);
        checkoutDay = dayIn(startMs + stay.length.ms, companyZone);
      }
    } catch (error) {
      skip(skippedFor(error, stay.uid, stay.summary || null));
      continue;
    }
    // Stays that ended more than a year ago are history, not news.
    if (checkoutDay <= isoDay(windowStart) && checkinDay <= isoDay(windowStart)) continue;
    const kindInfo = kinds.get(stay.uid);
    if (checkoutDay <= checkinDay) {
      // A timed event that starts and ends on one day (a meeting, an appointment, a match) takes no
      // night: no channel writes a stay that way.
      if (kindInfo) kindInfo.noNight += 1;
      const entry = noNight.get(stay.uid);
      if (entry) entry.count += 1;
      else noNight.set(stay.uid, { summary: stay.summary, start: wallClockText(startMs, options.timeZone), count: 1 });
      continue;
    }
    if (checkoutDay <= isoDay(windowStart)) continue;
    if (kindInfo) kindInfo.stays += 1;
    const uidInfo = uidStays.get(stay.uid)!;
    const key = uidInfo.count === 1 && !uidInfo.recurring ? stay.uid : `${stay.uid}#${checkinDay}`;
    const reading = readSummary(stay.summary);
    const status: FeedEventStatus = stay.status === 'CANCELLED' ? 'cancelled' : stay.status === 'TENTATIVE' || reading.tentative ? 'tentative' : 'confirmed';
    const event = {
      key,
      uid: stay.uid,
      kind: reading.kind,
      status,
      ambiguous: source === 'booking' && reading.kind === 'block',
      summary: stay.summary.slice(0, 500),
      guestName: reading.guestName ?? channelGuestName(source, options.language ?? 'en'),
      checkinDay,
      checkoutDay,
      recurring: stay.recurring,
      rank: [stay.sequence, stay.order] as [number, number],
    };
    const current = byKey.get(key);
    // Two events of one UID on one check-in day are one stay: the later version wins.
    if (!current || event.rank[0] > current.rank[0] || (event.rank[0] === current.rank[0] && event.rank[1] >= current.rank[1])) byKey.set(key, event);
  }

  for (const [uid, entry] of noNight) {
    skip({
      uid,
      summary: entry.summary || null,
      reason: entry.count > 1 ? 'calendar.skipped.noNightRepeating' : 'calendar.skipped.noNight',
      params: { start: entry.start, count: entry.count },
    });
  }
  const kind = calendarKind(kinds, channel);

  let result = [...byKey.values()];
  if (result.length > maxEvents || eventsCapped) {
    warn('calendar.warning.tooManyEvents', { max: maxEvents });
    // The nearest stays matter most: upcoming ones first (soonest first), then the recent past.
    const todayIso = isoDay(today);
    const upcoming = result.filter((e) => e.checkoutDay > todayIso).sort((a, b) => a.checkinDay.localeCompare(b.checkinDay));
    const past = result.filter((e) => e.checkoutDay <= todayIso).sort((a, b) => b.checkinDay.localeCompare(a.checkinDay));
    result = [...upcoming, ...past].slice(0, maxEvents);
  }
  if (horizonMet) warn('calendar.warning.horizon', { days: horizonDays });
  result.sort((a, b) => a.checkinDay.localeCompare(b.checkinDay) || a.key.localeCompare(b.key));

  return {
    events: result.map(({ rank: _rank, ...event }) => event),
    kind,
    skipped,
    warnings,
    channel,
    timeZone: calendarZoneId,
    prodId,
  };
}

/** What one event (one UID) is like, for CalendarKind. */
interface EventKindInfo {
  summary: string | null;
  /** A day that repeats every year (birthdays, anniversaries, holidays). */
  yearly: boolean;
  /** One all-day day, not repeating (a holiday, a day off). */
  oneDay: boolean;
  /** TRANSP:TRANSPARENT: free time (holidays, birthdays in Google and Apple calendars). */
  transparent: boolean;
  /** Occurrences in the window that take nights, and ones that take none. */
  stays: number;
  noNight: number;
}

/** Whether most events are stays (see CalendarKind). */
function calendarKind(kinds: Map<string, EventKindInfo>, channel: FeedSource | null): CalendarKind {
  let events = 0;
  let notStays = 0;
  const examples: string[] = [];
  for (const info of kinds.values()) {
    if (info.stays + info.noNight === 0) continue;
    events += 1;
    // A single all-day day is a holiday's shape when it is free time or its name has no booking
    // words ("Dia de Natal"); "Reserved - Ana" or "Not available" for one night is a stay or a block.
    let holidayShaped = false;
    if (info.oneDay) {
      const reading = readSummary(info.summary ?? '');
      const plainName = reading.kind === 'booking' && !reading.tentative && reading.guestName !== null && foldWords(reading.guestName) === foldWords(info.summary ?? '');
      holidayShaped = reading.kind === 'booking' && (info.transparent || plainName);
    }
    if (info.yearly || info.stays === 0 || holidayShaped) {
      notStays += 1;
      if (info.summary && examples.length < 3 && !examples.includes(info.summary.slice(0, 60))) examples.push(info.summary.slice(0, 60));
    }
  }
  return { looksLikeBookings: channel !== null || events === 0 || notStays * 2 <= events, events, notStays, examples };
}

/** A skipped entry for an event that could not be read: its reason, or "could not be read" for anything unforeseen (never an exception's text). */
function skippedFor(error: unknown, uid: string, summary: string | null): SkippedEvent {
  if (error instanceof SkipEvent) return { uid, summary, reason: error.reason, params: error.params };
  logger.warn('Calendar event could not be read', { uid, error: (error as Error)?.message?.slice(0, 200) });
  return { uid, summary, reason: 'calendar.skipped.unreadable', params: {} };
}

/** "2026-12-01 10:00" in the company's zone: when an event that takes no night starts. */
function wallClockText(utcMs: number, timeZone: string): string {
  try {
    const parts = Object.fromEntries(
      new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
        .formatToParts(new Date(utcMs))
        .map((part) => [part.type, part.value]),
    );
    return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`;
  } catch {
    return new Date(utcMs).toISOString().slice(0, 16).replace('T', ' ');
  }
}

const isMidnight = (time: IcalTime): boolean => time.hour === 0 && time.minute === 0 && time.second === 0;

/** How an occurrence (a wall-clock value) compares with the rule's UNTIL (a DATE, a UTC DATE-TIME, or a floating one). */
function untilCheck(rule: RecurrenceRule, base: Occurrence): ((value: IcalTime) => boolean) | undefined {
  if (!rule.until) return undefined;
  const match = /^(\d{4})(\d{2})(\d{2})(?:T(\d{2})(\d{2})(\d{2})(Z)?)?$/.exec(rule.until);
  if (!match) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const untilDay = Date.UTC(year, month - 1, day) / DAY_MS;
  // All-day events: the UNTIL's day (a UTC DATE-TIME's own date) is the last one.
  if (base.start.isDate || match[4] === undefined) return (value) => dayNumber(value) > untilDay;
  const until = new ICAL.Time({ year, month, day, hour: Number(match[4]), minute: Number(match[5]), second: Number(match[6]), isDate: false }, match[7] ? UTC_ZONE : base.zone);
  const limit = instantOf(until);
  return (value) => instantOf(withZone(value, base.zone)) > limit;
}
