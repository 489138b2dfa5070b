// Calendar days (YYYY-MM-DD) of stays. A stay's nights are its check-in day up to the day before
// check-out: a check-out day can be the next guest's check-in day. Days are plain dates (no time,
// no zone): arithmetic on them goes through UTC midnights, so no DST or host zone can shift them.
import { zonedInstant, zonedTime } from './rules';

const DAY_MS = 86_400_000;
const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

export const isDay = (value: string): boolean => DAY_PATTERN.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`));

export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

/** The nights of a stay: checkinDay, checkinDay+1, …, checkoutDay-1. */
export function stayNights(checkinDay: string, checkoutDay: string): string[] {
  const count = daysBetween(checkinDay, checkoutDay);
  return Array.from({ length: Math.max(0, count) }, (_, i) => addDays(checkinDay, i));
}

/** The local calendar day of an instant in a time zone. */
export function localDay(instant: Date | string, timeZone: string): string {
  return zonedTime(typeof instant === 'string' ? new Date(instant) : instant, timeZone).date;
}

/** The instant of a local wall-clock hour on a day in a time zone. */
export function localInstant(day: string, hour: number, timeZone: string): string {
  return zonedInstant(day, hour, 0, timeZone).toISOString();
}

/** First day of a month (YYYY-MM) and the first day of the next one. */
export function monthBounds(month: string): { first: string; next: string } {
  const [y, m] = month.split('-').map(Number);
  const next = m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
  return { first: `${month}-01`, next };
}
