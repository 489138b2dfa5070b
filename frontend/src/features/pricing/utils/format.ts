import { dateTimeFormat, localeOf } from '../../../lib/intl';

/** A day, long form, as the company's clock reads it. */
export function formatDay(iso: string, language: string, timeZone?: string | null): string {
  return dateTimeFormat(localeOf(language), { dateStyle: 'long', timeZone: timeZone ?? undefined }).format(new Date(iso));
}
