// Instants shown in a given time zone (a company's: check-in and check-out are the property's local
// times), naming the zone only when it is not the browser's own, so nobody misreads 15:00 in New York
// as 15:00 where they sit.
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
