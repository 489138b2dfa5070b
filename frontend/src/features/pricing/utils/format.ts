import { dateTimeFormat, formatDollars, localeOf } from '../../../lib/intl';

/** Whole US dollars, in the interface language (SPEC point 9: amounts are shown in US dollars). */
export function formatUsd(amount: number, language: string, fractionDigits = 0): string {
  return formatDollars(amount, language, fractionDigits);
}

/** A day, long form, as the company's clock reads it. */
export function formatDay(iso: string, language: string, timeZone?: string | null): string {
  return dateTimeFormat(localeOf(language), { dateStyle: 'long', timeZone: timeZone ?? undefined }).format(new Date(iso));
}
