import type { UiLanguage } from '#shared/enums';
import { dateTimeFormat } from '../../../lib/intl';

const LOCALES: Record<UiLanguage, string> = { en: 'en-US', pt: 'pt-BR', es: 'es-ES' };

/** A date in the interface language ("Mar 4, 2026"); empty for a missing or invalid value. */
export function formatDate(value: string | null | undefined, language: string | undefined): string {
  if (!value) return '';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  const locale = LOCALES[(language ?? 'en') as UiLanguage] ?? LOCALES.en;
  return dateTimeFormat(locale, { dateStyle: 'medium' }).format(date);
}
