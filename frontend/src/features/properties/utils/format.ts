import { formatInstant } from '../../../lib/zoned-format';
import { localeOf } from '../../../lib/intl';

/**
 * A date in the interface language ("Mar 4, 2026"), in `timeZone` when given (the browser's
 * otherwise); empty for a missing or invalid value.
 */
export function formatDate(value: string | null | undefined, language: string | undefined, timeZone?: string): string {
  return formatInstant(value, localeOf(language), 'date', timeZone);
}

/** A date and time in the interface language ("Mar 4, 2026, 3:00 PM"; "…, 3:00 PM EST" in another zone). */
export function formatDateTime(value: string | null | undefined, language: string | undefined, timeZone?: string): string {
  return formatInstant(value, localeOf(language), 'dateTime', timeZone);
}

/** Case- and accent-insensitive form for searching ("Atlântico" matches "atlantico"). */
export function searchable(text: string | null | undefined): string {
  return (text ?? '').normalize('NFD').replace(/\p{Diacritic}/gu, '').toLowerCase().trim();
}

/** A time of day in the interface language ("3:00 PM"; "3:00 PM EST" in another zone). */
export function formatTime(value: string | null | undefined, language: string | undefined, timeZone?: string): string {
  return formatInstant(value, localeOf(language), 'time', timeZone);
}
