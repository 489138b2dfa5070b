// Instants shown in a given time zone (a company's: check-in and check-out are the property's local
// times, a task is due at the company's wall-clock time), naming the zone only when it is not the
// browser's own, so nobody misreads 15:00 in New York as 15:00 where they sit; and the
// `datetime-local` input read and written in that zone.
import { zonedInstant, zonedTime } from '#shared/rules';
import { browserTimeZone, dateTimeFormat } from './intl';

export type InstantParts = 'date' | 'time' | 'dateTime';

/** Intl options for an instant's date, time or both in `timeZone` (the browser's zone when absent). */
export function zonedFormatOptions(parts: InstantParts, timeZone?: string): Intl.DateTimeFormatOptions {
  const named = Boolean(timeZone) && timeZone !== browserTimeZone();
  const zone = timeZone ? { timeZone } : {};
  if (parts === 'date') return { dateStyle: 'medium', ...zone };
  // dateStyle/timeStyle cannot be combined with timeZoneName, so a named zone spells the fields out.
  const time: Intl.DateTimeFormatOptions = named ? { hour: 'numeric', minute: '2-digit', timeZoneName: 'short' } : { timeStyle: 'short' };
  if (parts === 'time') return { ...time, ...zone };
  const date: Intl.DateTimeFormatOptions = named ? { year: 'numeric', month: 'short', day: 'numeric' } : { dateStyle: 'medium' };
  return { ...date, ...time, ...zone };
}

/** An ISO instant formatted in `locale` and `timeZone`; empty for a missing or invalid value. */
export function formatInstant(value: string | null | undefined, locale: string, parts: InstantParts, timeZone?: string): string {
  if (!value) return '';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return dateTimeFormat(locale, zonedFormatOptions(parts, timeZone)).format(date);
}

// ---- The `datetime-local` input, read and written as the wall clock of a time zone ----------------

const pad = (value: number) => String(value).padStart(2, '0');
const WALL_CLOCK = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})(?::\d{2}(?:\.\d+)?)?$/;

/**
 * '2026-03-05T19:30:00.000Z' -> '2026-03-05T14:30', the wall clock of `timeZone` (the browser's zone
 * when absent) as a `datetime-local` input holds it; '' for a missing or invalid instant.
 */
export function toZonedInput(value: string | null | undefined, timeZone?: string): string {
  if (!value) return '';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  const local = zonedTime(date, timeZone ?? browserTimeZone());
  return `${local.date}T${pad(local.hour)}:${pad(local.minute)}`;
}

/**
 * A `datetime-local` value ('2026-03-05T14:30') read as the wall clock of `timeZone` (the browser's
 * zone when absent) -> ISO instant; null when empty. A time the clocks skip (02:30 on a spring-forward
 * day) is read as the same time after the change (03:30), as browsers read it. An unreadable value is
 * returned as is, so the schema reports it as an invalid date.
 */
export function fromZonedInput(value: string, timeZone?: string): string | null {
  if (!value) return null;
  const match = WALL_CLOCK.exec(value);
  if (!match) return value;
  const [, day, hours, minutes] = match;
  const hour = Number(hours);
  const minute = Number(minutes);
  const zone = timeZone ?? browserTimeZone();
  const midnight = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(midnight.getTime()) || midnight.toISOString().slice(0, 10) !== day || hour > 23 || minute > 59) return value;
  // A time in the spring-forward gap reads as the time after it (zonedInstant's rule).
  return zonedInstant(day, hour, minute, zone).toISOString();
}

/**
 * The name of `timeZone` to put beside a time typed in it, e.g. "New York time (EST)" with the name
 * the interface gives it (`zoneName`), else "America/New York (EST)"; '' when it is the browser's
 * own zone (or none is given): there nobody needs telling.
 */
export function zoneHint(timeZone: string | undefined, locale: string, at: Date = new Date(), zoneName?: string): string {
  if (!timeZone || timeZone === browserTimeZone()) return '';
  const short = dateTimeFormat(locale, { timeZone, timeZoneName: 'short' }).formatToParts(at).find((part) => part.type === 'timeZoneName')?.value;
  const name = zoneName ?? timeZone.replace(/_/g, ' ');
  return short ? `${name} (${short})` : name;
}
