// RFC 5545 recurrence rules (RRULE / EXRULE) expanded on wall-clock values: a value is a day number
// (days since 1970-01-01) plus, for a timed event, the seconds of that day in the event's own zone.
// Expansion follows RFC 5545 3.3.10 and the reference semantics of python-dateutil (the defaults
// taken from DTSTART, BYxxx as "expand" or "limit" by frequency, BYSETPOS per period).
// Sub-daily frequencies (HOURLY, MINUTELY, SECONDLY) and non-Gregorian RSCALE (RFC 7529) cannot
// describe stays and are reported as unsupported; a rule that cannot be read at all is invalid.

export const DAY_MS = 86_400_000;

export interface WallValue {
  /** Days since 1970-01-01. */
  day: number;
  /** Seconds since the local midnight; null for an all-day (DATE) value. */
  secs: number | null;
}

export type Frequency = 'YEARLY' | 'MONTHLY' | 'WEEKLY' | 'DAILY';

export interface RecurrenceRule {
  freq: Frequency;
  interval: number;
  count?: number;
  /** The raw UNTIL value (a DATE or DATE-TIME text); the caller decides how it compares. */
  until?: string;
  byMonth?: number[];
  byWeekNo?: number[];
  byYearDay?: number[];
  byMonthDay?: number[];
  /** Weekdays 0 = Monday … 6 = Sunday; n = 0 for "every", ±n for "nth from the start / end". */
  byDay?: Array<{ n: number; weekday: number }>;
  byHour?: number[];
  byMinute?: number[];
  bySecond?: number[];
  bySetPos?: number[];
  weekStart: number;
}

export type RuleProblem = 'invalid' | 'unsupported';

const WEEKDAYS = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'];
/** Longest BYxxx list read (a hostile rule could list a value thousands of times). */
const MAX_LIST = 400;
/** Most times of day a rule may give (BYHOUR × BYMINUTE × BYSECOND): stays are days, not minutes. */
const MAX_TIMES_PER_DAY = 24;

// ---- Calendar arithmetic on day numbers --------------------------------------------------------

export const dayNumber = (year: number, month: number, day: number): number => Date.UTC(year, month - 1, day) / DAY_MS;

export function civil(day: number): { year: number; month: number; day: number } {
  const date = new Date(day * DAY_MS);
  return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() };
}

/** 0 = Monday … 6 = Sunday (1970-01-01 was a Thursday). */
export const weekdayOf = (day: number): number => (((day + 3) % 7) + 7) % 7;

export const isLeapYear = (year: number): boolean => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

export const monthLength = (year: number, month: number): number => new Date(Date.UTC(year, month, 0)).getUTCDate();

export function isoDay(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

// ---- Reading a rule ----------------------------------------------------------------------------

function numbers(value: string, min: number, max: number, allowNegative: boolean): number[] | null {
  const list: number[] = [];
  const parts = value.split(',');
  if (parts.length > MAX_LIST) return null;
  for (const part of parts) {
    const text = part.trim();
    if (!/^[+-]?\d{1,4}$/.test(text)) return null;
    const n = Number(text);
    if (n === 0 && min > 0) return null;
    if (n < 0 && !allowNegative) return null;
    if (Math.abs(n) > max || (!allowNegative && n < min)) return null;
    list.push(n);
  }
  return list.length ? list : null;
}

/**
 * A rule from its text. Tolerates what real exporters write: lower case, spaces after commas
 * (Outlook's "BYDAY=MO, WE"), a trailing semicolon, unknown X- parts.
 */
export function parseRule(text: string): RecurrenceRule | RuleProblem {
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
  const freq = parts.get('FREQ');
  if (freq === 'HOURLY' || freq === 'MINUTELY' || freq === 'SECONDLY') return 'unsupported';
  if (freq !== 'YEARLY' && freq !== 'MONTHLY' && freq !== 'WEEKLY' && freq !== 'DAILY') return 'invalid';
  const rule: RecurrenceRule = { freq, interval: 1, weekStart: 0 };
  for (const [name, value] of parts) {
    switch (name) {
      case 'FREQ':
      case 'RSCALE':
      case 'SKIP':
        break;
      case 'INTERVAL': {
        if (!/^\d{1,5}$/.test(value) || Number(value) < 1) return 'invalid';
        rule.interval = Number(value);
        break;
      }
      case 'COUNT': {
        if (!/^\d{1,7}$/.test(value) || Number(value) < 1) return 'invalid';
        rule.count = Number(value);
        break;
      }
      case 'UNTIL':
        if (!/^\d{8}(T\d{6}Z?)?$/.test(value)) return 'invalid';
        rule.until = value;
        break;
      case 'BYMONTH': {
        if (/L/.test(value)) return 'unsupported'; // RFC 7529 leap months
        const list = numbers(value, 1, 12, false);
        if (!list) return 'invalid';
        rule.byMonth = list;
        break;
      }
      case 'BYWEEKNO': {
        const list = numbers(value, 1, 53, true);
        if (!list) return 'invalid';
        rule.byWeekNo = list;
        break;
      }
      case 'BYYEARDAY': {
        const list = numbers(value, 1, 366, true);
        if (!list) return 'invalid';
        rule.byYearDay = list;
        break;
      }
      case 'BYMONTHDAY': {
        const list = numbers(value, 1, 31, true);
        if (!list) return 'invalid';
        rule.byMonthDay = list;
        break;
      }
      case 'BYSETPOS': {
        const list = numbers(value, 1, 366, true);
        if (!list) return 'invalid';
        rule.bySetPos = list;
        break;
      }
      case 'BYHOUR': {
        const list = numbers(value, 0, 23, false);
        if (!list) return 'invalid';
        rule.byHour = list;
        break;
      }
      case 'BYMINUTE': {
        const list = numbers(value, 0, 59, false);
        if (!list) return 'invalid';
        rule.byMinute = list;
        break;
      }
      case 'BYSECOND': {
        const list = numbers(value, 0, 60, false);
        if (!list) return 'invalid';
        rule.bySecond = list.map((s) => Math.min(s, 59));
        break;
      }
      case 'BYDAY': {
        const list: Array<{ n: number; weekday: number }> = [];
        if (value.split(',').length > MAX_LIST) return 'invalid';
        for (const item of value.split(',')) {
          const match = /^([+-]?\d{1,2})?(MO|TU|WE|TH|FR|SA|SU)$/.exec(item);
          if (!match) return 'invalid';
          const n = match[1] ? Number(match[1]) : 0;
          if (match[1] && (n === 0 || Math.abs(n) > 53)) return 'invalid';
          list.push({ n, weekday: WEEKDAYS.indexOf(match[2]) });
        }
        rule.byDay = list;
        break;
      }
      case 'WKST': {
        const index = WEEKDAYS.indexOf(value);
        if (index < 0) return 'invalid';
        rule.weekStart = index;
        break;
      }
      default:
        if (!name.startsWith('X-')) return 'invalid';
    }
  }
  if (rule.count !== undefined && rule.until !== undefined) return 'invalid';
  if ((rule.byHour?.length ?? 1) * (rule.byMinute?.length ?? 1) * (rule.bySecond?.length ?? 1) > MAX_TIMES_PER_DAY) return 'unsupported';
  if (rule.byWeekNo && rule.freq !== 'YEARLY') return 'invalid';
  return rule;
}

// ---- Expansion -----------------------------------------------------------------------------------

/** The first day of the week (by `weekStart`) that holds `day`. */
const weekStartOf = (day: number, weekStart: number): number => day - ((weekdayOf(day) - weekStart + 7) % 7);

/** Week number (RFC 5545: week 1 holds at least four days of the year) and its week-year. */
function weekNumber(day: number, weekStart: number): { year: number; week: number; weeks: number } {
  const start = weekStartOf(day, weekStart);
  const year = civil(start + 3).year;
  const firstWeek = weekStartOf(dayNumber(year, 1, 4), weekStart);
  const nextFirst = weekStartOf(dayNumber(year + 1, 1, 4), weekStart);
  return { year, week: (start - firstWeek) / 7 + 1, weeks: (nextFirst - firstWeek) / 7 };
}

function nthWeekdayDays(first: number, last: number, wanted: Array<{ n: number; weekday: number }>): Set<number> {
  const days = new Set<number>();
  for (const { n, weekday } of wanted) {
    if (n > 0) {
      const day = first + ((weekday - weekdayOf(first) + 7) % 7) + (n - 1) * 7;
      if (day <= last) days.add(day);
    } else {
      const day = last - ((weekdayOf(last) - weekday + 7) % 7) + (n + 1) * 7;
      if (day >= first) days.add(day);
    }
  }
  return days;
}

interface Period {
  first: number;
  last: number;
}

/** The days of a period that the rule's BYxxx parts keep, in order. */
function daysOf(rule: RecurrenceRule, period: Period): number[] {
  const plain = rule.byDay?.filter((d) => d.n === 0 || rule.freq === 'WEEKLY' || rule.freq === 'DAILY').map((d) => d.weekday);
  const ordinal = rule.freq === 'YEARLY' || rule.freq === 'MONTHLY' ? rule.byDay?.filter((d) => d.n !== 0) : undefined;
  // Ordinal weekdays count within the month (MONTHLY, or YEARLY with BYMONTH) or within the year.
  let ordinalDays: Set<number> | undefined;
  if (ordinal?.length) {
    ordinalDays = new Set();
    const { year } = civil(period.first);
    if (rule.freq === 'MONTHLY' || rule.byMonth) {
      const months = rule.freq === 'MONTHLY' ? [civil(period.first).month] : rule.byMonth!;
      for (const month of months) {
        const first = dayNumber(year, month, 1);
        for (const day of nthWeekdayDays(first, first + monthLength(year, month) - 1, ordinal)) ordinalDays.add(day);
      }
    } else {
      for (const day of nthWeekdayDays(dayNumber(year, 1, 1), dayNumber(year, 12, 31), ordinal)) ordinalDays.add(day);
    }
  }
  // A yearly rule limited to some months walks those months only.
  let ranges: Array<[number, number]> = [[period.first, period.last]];
  if (rule.freq === 'YEARLY' && rule.byMonth && !rule.byWeekNo && !rule.byYearDay) {
    const { year } = civil(period.first);
    ranges = [...new Set(rule.byMonth)].sort((a, b) => a - b).map((month) => {
      const first = dayNumber(year, month, 1);
      return [first, first + monthLength(year, month) - 1];
    });
  }
  const result: number[] = [];
  for (const [from, to] of ranges) {
    for (let day = from; day <= to; day += 1) {
      const date = civil(day);
      if (rule.byMonth && !rule.byMonth.includes(date.month)) continue;
      if (rule.byWeekNo) {
        const week = weekNumber(day, rule.weekStart);
        if (!rule.byWeekNo.includes(week.week) && !rule.byWeekNo.includes(week.week - week.weeks - 1)) continue;
      }
      if (rule.byDay) {
        const plainMatch = plain?.includes(weekdayOf(day)) ?? false;
        const ordinalMatch = ordinalDays?.has(day) ?? false;
        if (!plainMatch && !ordinalMatch) continue;
      }
      if (rule.byMonthDay) {
        const length = monthLength(date.year, date.month);
        if (!rule.byMonthDay.includes(date.day) && !rule.byMonthDay.includes(date.day - length - 1)) continue;
      }
      if (rule.byYearDay) {
        const dayOfYear = day - dayNumber(date.year, 1, 1) + 1;
        const length = isLeapYear(date.year) ? 366 : 365;
        if (!rule.byYearDay.includes(dayOfYear) && !rule.byYearDay.includes(dayOfYear - length - 1)) continue;
      }
      result.push(day);
    }
  }
  return result;
}

/** The rule with the parts DTSTART implies (python-dateutil's defaults). */
function withDefaults(rule: RecurrenceRule, start: WallValue): RecurrenceRule {
  const filled = { ...rule };
  if (!rule.byWeekNo && !rule.byYearDay && !rule.byMonthDay && !rule.byDay) {
    const date = civil(start.day);
    if (rule.freq === 'YEARLY') {
      filled.byMonth ??= [date.month];
      filled.byMonthDay = [date.day];
    } else if (rule.freq === 'MONTHLY') {
      filled.byMonthDay = [date.day];
    } else if (rule.freq === 'WEEKLY') {
      filled.byDay = [{ n: 0, weekday: weekdayOf(start.day) }];
    }
  }
  return filled;
}

function periodAt(rule: RecurrenceRule, index: number): Period {
  switch (rule.freq) {
    case 'YEARLY':
      return { first: dayNumber(index, 1, 1), last: dayNumber(index, 12, 31) };
    case 'MONTHLY': {
      const year = Math.floor(index / 12);
      const month = (index % 12) + 1;
      const first = dayNumber(year, month, 1);
      return { first, last: first + monthLength(year, month) - 1 };
    }
    case 'WEEKLY':
      return { first: index * 7 + rule.weekStart - 3, last: index * 7 + rule.weekStart + 3 };
    case 'DAILY':
      return { first: index, last: index };
  }
}

function periodIndexOf(rule: RecurrenceRule, day: number): number {
  const date = civil(day);
  switch (rule.freq) {
    case 'YEARLY':
      return date.year;
    case 'MONTHLY':
      return date.year * 12 + date.month - 1;
    case 'WEEKLY':
      // Week k starts on day 7k + weekStart - 3 (day 0 is a Thursday, weekday 3).
      return (weekStartOf(day, rule.weekStart) - rule.weekStart + 3) / 7;
    case 'DAILY':
      return day;
  }
}

export interface ExpandOptions {
  /** Occurrences starting before this day may be skipped (only when the rule has no COUNT). */
  skipBeforeDay: number;
  /** Expansion stops after the last occurrence starting on or before this day. */
  endDay: number;
  /** True when an occurrence lies after the rule's UNTIL. */
  afterUntil?: (value: WallValue) => boolean;
  /** At most this many occurrences (those before `skipBeforeDay` included). */
  maxOccurrences: number;
  /** At most this many periods are walked. */
  maxPeriods?: number;
}

export interface Expansion {
  occurrences: WallValue[];
  /** The rule goes on past `endDay` (an open rule, or COUNT / UNTIL beyond it). */
  beyondEnd: boolean;
  /** Stopped by `maxOccurrences`. */
  capped: boolean;
  /** Stopped by `maxPeriods` (a rule that would take too long to walk). */
  tooLong: boolean;
}

const compare = (a: WallValue, b: WallValue) => a.day - b.day || (a.secs ?? 0) - (b.secs ?? 0);

/**
 * The rule's occurrences from DTSTART (DTSTART itself counts first, as RFC 5545 says, even when
 * the rule would not produce it), in order.
 */
export function expandRule(input: RecurrenceRule, start: WallValue, options: ExpandOptions): Expansion {
  const rule = withDefaults(input, start);
  const maxPeriods = options.maxPeriods ?? 400_000;
  const times: Array<number | null> = [];
  if (start.secs === null) times.push(null);
  else {
    const hours = rule.byHour ?? [Math.floor(start.secs / 3600)];
    const minutes = rule.byMinute ?? [Math.floor((start.secs % 3600) / 60)];
    const seconds = rule.bySecond ?? [start.secs % 60];
    for (const h of hours) for (const m of minutes) for (const s of seconds) times.push(h * 3600 + m * 60 + s);
    times.sort((a, b) => a! - b!);
  }
  const occurrences: WallValue[] = [start];
  let count = 1;
  let index = periodIndexOf(rule, start.day);
  // Without COUNT, the periods long before the window need not be walked: jump (keeping the
  // interval's phase) to a few periods before it.
  if (rule.count === undefined && start.day < options.skipBeforeDay) {
    const target = periodIndexOf(rule, options.skipBeforeDay);
    const steps = Math.floor((target - index) / rule.interval) - 2;
    if (steps > 0) index += steps * rule.interval;
  }
  const result: Expansion = { occurrences, beyondEnd: false, capped: false, tooLong: false };
  if (options.afterUntil?.(start)) return result;
  for (let walked = 0; ; walked += 1, index += rule.interval) {
    if (walked >= maxPeriods) {
      result.tooLong = true;
      return result;
    }
    const period = periodAt(rule, index);
    if (period.first > options.endDay) {
      result.beyondEnd = true;
      return result;
    }
    let set: WallValue[] = [];
    for (const day of daysOf(rule, period)) for (const secs of times) set.push({ day, secs });
    if (rule.bySetPos) {
      const picked: WallValue[] = [];
      for (const position of rule.bySetPos) {
        const item = position > 0 ? set[position - 1] : set[set.length + position];
        if (item && !picked.some((p) => compare(p, item) === 0)) picked.push(item);
      }
      set = picked.sort(compare);
    }
    for (const value of set) {
      if (compare(value, start) <= 0) continue;
      if (options.afterUntil?.(value)) return result;
      if (value.day > options.endDay) {
        result.beyondEnd = true;
        return result;
      }
      if (rule.count !== undefined && count >= rule.count) return result;
      if (occurrences.length >= options.maxOccurrences) {
        result.capped = true;
        return result;
      }
      count += 1;
      occurrences.push(value);
    }
  }
}
