import type { UiLanguage } from '#shared/enums';

const LOCALES: Record<UiLanguage, string> = { en: 'en-US', pt: 'pt-BR', es: 'es-ES' };

export function localeOf(language: string | undefined): string {
  return LOCALES[(language ?? 'en') as UiLanguage] ?? LOCALES.en;
}

/** A date in the interface language ("Mar 4, 2026"); empty for a missing or invalid value. */
export function formatDate(value: string | null | undefined, language: string | undefined): string {
  if (!value) return '';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(localeOf(language), { dateStyle: 'medium' }).format(date);
}

/** A date and time in the interface language ("Mar 4, 2026, 3:00 PM"). */
export function formatDateTime(value: string | null | undefined, language: string | undefined): string {
  if (!value) return '';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(localeOf(language), { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}

/** Case- and accent-insensitive form for searching ("Atlântico" matches "atlantico"). */
export function searchable(text: string | null | undefined): string {
  return (text ?? '').normalize('NFD').replace(/\p{Diacritic}/gu, '').toLowerCase().trim();
}

/** A time of day in the interface language ("3:00 PM"). */
export function formatTime(value: string | null | undefined, language: string | undefined): string {
  if (!value) return '';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(localeOf(language), { timeStyle: 'short' }).format(date);
}
