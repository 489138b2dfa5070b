// RFC 5545 recurrence rules (RRULE / EXRULE), expanded by ical.js (ICAL.Recur and its iterator) on
// wall-clock values: a DATE, or a floating DATE-TIME in the event's own zone (the caller gives it
// its zone). What is ours is the wrapper, for where ical.js is wrong for a real calendar:
// - it reads silently what it does not support: RSCALE (RFC 7529: "RSCALE=CHINESE" expanded as if
//   Gregorian), SKIP, leap months ("5L" read as 5), unknown parts, COUNT with UNTIL, INTERVAL=0,
//   a part given twice: each is refused here, as unsupported or unreadable;
// - it loops for ever on some rules that never match (a WEEKLY rule with BYWEEKNO, a DAILY or
//   WEEKLY rule on a day no month has, "FREQ=DAILY;BYDAY=1MO"): those are refused or read as
//   DTSTART alone before it sees them;
// - it yields DTSTART only when the rule would (RFC 5545: DTSTART is always the first instance,
//   and counts for COUNT); it rolls a day a month lacks over into the next month (a yearly event
//   on 29 February comes back on 1 March; "BYMONTH=2;BYMONTHDAY=30" yields 2 March): DTSTART is
//   added here, COUNT counted here, the defaults DTSTART implies made explicit, and a rolled-over
//   day dropped;
// - it can only walk a rule from its start: a rule without COUNT that started long before the
//   window is walked from a start moved forward by whole periods (the same phase).
// Sub-daily frequencies (HOURLY, MINUTELY, SECONDLY) cannot describe stays and are unsupported.
import ICAL from 'ical.js';

import { dayNumber, DAY_MS, type IcalTime } from './ical-time';

type Recur = InstanceType<typeof ICAL.Recur>;
export type Frequency = 'YEARLY' | 'MONTHLY' | 'WEEKLY' | 'DAILY';
export type RuleProblem = 'invalid' | 'unsupported';

export interface RecurrenceRule {
  freq: Frequency;
  interval: number;
  count?: number;
  /** The raw UNTIL value (a DATE or DATE-TIME text); the caller decides how it compares. */
  until?: string;
  /** What ical.js expands (without COUNT and UNTIL: those are applied here). */
  recur: Recur;
  /** BYMONTH and BYMONTHDAY as expanded (with DTSTART's defaults): a day that is neither was rolled over. */
  byMonth?: number[];
  byMonthDay?: number[];
  /** 0 = Monday … 6 = Sunday. */
  weekStart: number;
  /** The rule can never give a day (only DTSTART stands). */
  never: boolean;
}

const WEEKDAYS = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'];
/** Longest BYxxx list read (a hostile rule could list a value thousands of times). */
const MAX_LIST = 400;
/** Most times of day a rule may give (BYHOUR × BYMINUTE × BYSECOND): stays are days, not minutes. */
const MAX_TIMES_PER_DAY = 24;
const NUMERIC: Record<string, [number, number, boolean]> = {
  BYMONTH: [1, 12, false],
  BYWEEKNO: [1, 53, true],
  BYYEARDAY: [1, 366, true],
  BYMONTHDAY: [1, 31, true],
  BYSETPOS: [1, 366, true],
  BYHOUR: [0, 23, false],
  BYMINUTE: [0, 59, false],
  BYSECOND: [0, 60, false],
};
/** The longest each month can be (February in a leap year). */
const MONTH_MAX = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

function numbers(value: string, [min, max, allowNegative]: [number, number, boolean]): number[] | null {
  const list: number[] = [];
  for (const text of value.split(',')) {
    if (!/^[+-]?\d{1,4}$/.test(text)) return null;
    const n = Number(text);
    if ((n === 0 && min > 0) || (n < 0 && !allowNegative) || Math.abs(n) > max || (!allowNegative && n < min)) return null;
    list.push(n);
  }
  return list.length ? list : null;
}

const weekdayOf = (day: number): number => (((day + 3) % 7) + 7) % 7;
const monthLength = (year: number, month: number): number => new Date(Date.UTC(year, month, 0)).getUTCDate();

/**
 * A rule from its text, checked where ical.js is lenient, with the parts DTSTART implies made
 * explicit. Tolerates what real exporters write: lower case, spaces after commas (Outlook's
 * "BYDAY=MO, WE"), a trailing semicolon, X- parts.
 */
export function readRule(text: string, start: IcalTime): RecurrenceRule | RuleProblem {
  const parts = new Map<string, string>();
  for (const raw of text.split(';')) {
    const piece = raw.trim();
    if (!piece) continue;
    const eq = piece.indexOf('=');
    if (eq <= 0) return 'invalid';
    const name = piece.slice(0, eq).trim().toUpperCase();
    if (parts.has(name)) return 'invalid';
    parts.set(name, piece.slice(eq + 1).replace(/\s+/g, '').toUpperCase());
  }
  const rscale = parts.get('RSCALE');
  if (rscale !== undefined && rscale !== 'GREGORIAN') return 'unsupported';
  const skip = parts.get('SKIP');
  if (skip !== undefined && skip !== 'OMIT') return rscale ? 'unsupported' : 'invalid';
  if (/L/.test(parts.get('BYMONTH') ?? '')) return 'unsupported'; // RFC 7529 leap months
  const freq = parts.get('FREQ');
  if (freq === 'HOURLY' || freq === 'MINUTELY' || freq === 'SECONDLY') return 'unsupported';
  if (freq !== 'YEARLY' && freq !== 'MONTHLY' && freq !== 'WEEKLY' && freq !== 'DAILY') return 'invalid';

  const given: Record<string, number[]> = {};
  const forIcal: string[] = [`FREQ=${freq}`];
  let interval = 1;
  let count: number | undefined;
  let until: string | undefined;
  let weekStart = 0;
  let byDay: string[] | undefined;
  for (const [name, value] of parts) {
    if (name === 'FREQ' || name === 'RSCALE' || name === 'SKIP' || name.startsWith('X-')) continue;
    if (name === 'INTERVAL') {
      if (!/^\d{1,5}$/.test(value) || Number(value) < 1) return 'invalid';
      interval = Number(value);
    } else if (name === 'COUNT') {
      if (!/^\d{1,7}$/.test(value) || Number(value) < 1) return 'invalid';
      count = Number(value);
    } else if (name === 'UNTIL') {
      if (!/^\d{8}(T\d{6}Z?)?$/.test(value)) return 'invalid';
      until = value;
    } else if (name === 'WKST') {
      weekStart = WEEKDAYS.indexOf(value);
      if (weekStart < 0) return 'invalid';
    } else if (name === 'BYDAY') {
      const items = value.split(',');
      if (items.length > MAX_LIST || !items.every((item) => /^([+-]?\d{1,2})?(MO|TU|WE|TH|FR|SA|SU)$/.test(item) && !/^[+-]?0+[A-Z]/.test(item))) return 'invalid';
      if (items.some((item) => Math.abs(Number(/^[+-]?\d+/.exec(item)?.[0] ?? 0)) > 53)) return 'invalid';
      // An ordinal weekday in a DAILY or WEEKLY rule means that weekday (ical.js loops for ever on it).
      byDay = freq === 'DAILY' || freq === 'WEEKLY' ? [...new Set(items.map((item) => item.replace(/^[+-]?\d+/, '')))] : items;
    } else if (name in NUMERIC) {
      if (value.split(',').length > MAX_LIST) return 'invalid';
      const list = numbers(value, NUMERIC[name]);
      if (!list) return 'invalid';
      given[name] = list;
    } else {
      return 'invalid';
    }
  }
  if (count !== undefined && until !== undefined) return 'invalid';
  if ((given.BYHOUR?.length ?? 1) * (given.BYMINUTE?.length ?? 1) * (given.BYSECOND?.length ?? 1) > MAX_TIMES_PER_DAY) return 'unsupported';
  if (given.BYWEEKNO && freq !== 'YEARLY') return 'invalid';

  // The defaults DTSTART implies, explicit (python-dateutil's reading, and what keeps ical.js from
  // rolling 29 February over into March).
  if (!given.BYWEEKNO && !given.BYYEARDAY && !given.BYMONTHDAY && !byDay) {
    if (freq === 'YEARLY') {
      given.BYMONTH ??= [start.month];
      given.BYMONTHDAY = [start.day];
    } else if (freq === 'MONTHLY') {
      given.BYMONTHDAY = [start.day];
    } else if (freq === 'WEEKLY') {
      byDay = [WEEKDAYS[weekdayOf(dayNumber(start))]];
    }
  }
  if (interval > 1) forIcal.push(`INTERVAL=${interval}`);
  if (byDay) forIcal.push(`BYDAY=${byDay.join(',')}`);
  for (const [name, list] of Object.entries(given)) forIcal.push(`${name}=${[...new Set(name === 'BYSECOND' ? list.map((s) => Math.min(s, 59)) : list)].join(',')}`);
  if (weekStart !== 0) forIcal.push(`WKST=${WEEKDAYS[weekStart]}`);

  // A DAILY or WEEKLY rule on month days none of its months has never matches (ical.js would loop).
  const months = given.BYMONTH ?? [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12];
  const never = (freq === 'DAILY' || freq === 'WEEKLY') && given.BYMONTHDAY !== undefined && !months.some((m) => given.BYMONTHDAY!.some((d) => Math.abs(d) <= MONTH_MAX[m - 1]));

  let recur: Recur;
  try {
    recur = ICAL.Recur.fromString(forIcal.join(';'));
    // ical.js checks some combinations only when it starts walking (BYMONTHDAY in a WEEKLY rule).
    if (!never) recur.iterator(start);
  } catch {
    return 'invalid';
  }
  return { freq, interval, count, until, recur, byMonth: given.BYMONTH, byMonthDay: given.BYMONTHDAY, weekStart, never };
}

export interface ExpandOptions {
  /** Occurrences starting before this day (days since 1970-01-01) may be skipped (only when the rule has no COUNT). */
  skipBeforeDay: number;
  /** Expansion stops after the last occurrence starting on or before this day. */
  endDay: number;
  /** True when an occurrence lies after the rule's UNTIL. */
  afterUntil?: (value: IcalTime) => boolean;
  /** At most this many occurrences (those before `skipBeforeDay` included). */
  maxOccurrences: number;
  /** At most this many steps of ical.js's iterator. */
  maxSteps?: number;
}

export interface Expansion {
  occurrences: IcalTime[];
  /** The rule goes on past `endDay` (an open rule, or COUNT / UNTIL beyond it). */
  beyondEnd: boolean;
  /** Stopped by `maxOccurrences`. */
  capped: boolean;
  /** Stopped by `maxSteps` (a rule that would take too long to walk). */
  tooLong: boolean;
}

/** A wall-clock value as comparable milliseconds. */
const wallKey = (time: IcalTime): number => Date.UTC(time.year, time.month - 1, time.day, time.hour, time.minute, time.second);

/** The day a time stands on, moved to another day (same time of day). */
function onDay(start: IcalTime, day: number): IcalTime {
  const date = new Date(day * DAY_MS);
  const moved = start.clone();
  moved.year = date.getUTCFullYear();
  moved.month = date.getUTCMonth() + 1;
  moved.day = date.getUTCDate();
  return moved;
}

/** Without COUNT, a start moved forward by whole periods to a little before `skipBeforeDay` (the rule's phase kept). */
function fastForward(rule: RecurrenceRule, start: IcalTime, skipBeforeDay: number): IcalTime {
  const day = dayNumber(start);
  const target = new Date(skipBeforeDay * DAY_MS);
  let steps: number;
  switch (rule.freq) {
    case 'DAILY':
      steps = Math.floor((skipBeforeDay - day) / rule.interval) - 2;
      return steps > 0 ? onDay(start, day + steps * rule.interval) : start;
    case 'WEEKLY': {
      const weekOf = (d: number) => d - ((weekdayOf(d) - rule.weekStart + 7) % 7);
      steps = Math.floor((weekOf(skipBeforeDay) - weekOf(day)) / 7 / rule.interval) - 2;
      return steps > 0 ? onDay(start, weekOf(day) + steps * rule.interval * 7) : start;
    }
    case 'MONTHLY': {
      const from = start.year * 12 + start.month - 1;
      steps = Math.floor((target.getUTCFullYear() * 12 + target.getUTCMonth() - from) / rule.interval) - 2;
      const index = from + steps * rule.interval;
      return steps > 0 ? onDay(start, Date.UTC(Math.floor(index / 12), index % 12, 1) / DAY_MS) : start;
    }
    case 'YEARLY':
      steps = Math.floor((target.getUTCFullYear() - start.year) / rule.interval) - 2;
      return steps > 0 ? onDay(start, Date.UTC(start.year + steps * rule.interval, 0, 1) / DAY_MS) : start;
  }
}

/** False for a day ical.js rolled over from one the month lacks (30 February → 2 March). */
function stands(rule: RecurrenceRule, time: IcalTime): boolean {
  if (rule.byMonth && !rule.byMonth.includes(time.month)) return false;
  if (rule.byMonthDay) {
    const length = monthLength(time.year, time.month);
    if (!rule.byMonthDay.includes(time.day) && !rule.byMonthDay.includes(time.day - length - 1)) return false;
  }
  return true;
}

/**
 * The rule's occurrences from DTSTART (DTSTART itself counts first, as RFC 5545 says, even when
 * the rule would not produce it), in order.
 */
export function expandRule(rule: RecurrenceRule, start: IcalTime, options: ExpandOptions): Expansion {
  const occurrences: IcalTime[] = [start];
  const result: Expansion = { occurrences, beyondEnd: false, capped: false, tooLong: false };
  if (options.afterUntil?.(start) || rule.never) return result;
  const maxSteps = options.maxSteps ?? 50_000;
  const first = rule.count === undefined && dayNumber(start) < options.skipBeforeDay ? fastForward(rule, start, options.skipBeforeDay) : start;
  const iterator = rule.recur.iterator(first);
  const startKey = wallKey(start);
  for (let steps = 0; ; steps += 1) {
    if (steps >= maxSteps) {
      result.tooLong = true;
      return result;
    }
    const next = iterator.next();
    if (!next) return result;
    if (wallKey(next) <= startKey) continue;
    if (options.afterUntil?.(next)) return result;
    if (dayNumber(next) > options.endDay) {
      result.beyondEnd = true;
      return result;
    }
    if (!stands(rule, next)) continue;
    if (rule.count !== undefined && occurrences.length >= rule.count) return result;
    if (occurrences.length >= options.maxOccurrences) {
      result.capped = true;
      return result;
    }
    occurrences.push(next.clone());
  }
}
