import type { TFunction } from 'i18next';
import { formatInstant } from '../../../lib/zoned-format';
import { dateTimeFormat, localeOf } from '../../../lib/intl';

/** First day of the week in the interface language: Sunday (en-US, pt-BR) or Monday (es-ES). */
export function weekStartOf(language: string | undefined): number {
  return language === 'es' ? 1 : 0;
}

/** A plain day (YYYY-MM-DD) in the interface language ("Mar 4, 2026"), without any zone shift. */
export function formatDay(day: string | null | undefined, language: string | undefined, options: Intl.DateTimeFormatOptions = { dateStyle: 'medium' }): string {
  if (!day) return '';
  const date = new Date(`${day.slice(0, 10)}T12:00:00Z`);
  if (Number.isNaN(date.getTime())) return '';
  return dateTimeFormat(localeOf(language), { ...options, timeZone: 'UTC' }).format(date);
}

/** "March 2026" / "Março de 2026" / "Marzo de 2026" for a YYYY-MM month. */
export function formatMonth(month: string, language: string | undefined): string {
  const text = formatDay(`${month}-01`, language, { month: 'long', year: 'numeric' });
  return text.charAt(0).toLocaleUpperCase(localeOf(language)) + text.slice(1);
}

/** Short weekday names in the week's order ("Sun", "Mon"… or "lun", "mar"…). */
export function weekdayNames(language: string | undefined, weekStartsOn: number, style: 'short' | 'narrow' = 'short'): string[] {
  const format = dateTimeFormat(localeOf(language), { weekday: style, timeZone: 'UTC' });
  // 2026-03-01 is a Sunday.
  return Array.from({ length: 7 }, (_, i) => format.format(new Date(Date.UTC(2026, 2, 1 + ((weekStartsOn + i) % 7), 12))));
}

/** An instant as date and time in the interface language and `timeZone` (the company's; named when not the browser's). */
export function formatDateTime(value: string | null | undefined, language: string | undefined, timeZone?: string): string {
  return formatInstant(value, localeOf(language), 'dateTime', timeZone);
}

/** An hour of the day (0-23) as a time in the interface language ("3:00 PM", "15:00"). */
export function formatHour(hour: number, language: string | undefined): string {
  return dateTimeFormat(localeOf(language), { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' }).format(new Date(Date.UTC(2026, 0, 1, hour)));
}

const SOURCES = ['direct', 'airbnb', 'vrbo', 'booking', 'ical', 'other'] as const;

/** The name of a reservation's or feed's channel; an unknown value is shown as it is. */
export function sourceName(t: TFunction, source: string | null | undefined): string {
  if (!source) return t('reservations.sources.none');
  const key = source.toLowerCase();
  return (SOURCES as readonly string[]).includes(key) ? t(`reservations.sources.${key}`) : source;
}
