import type { UiLanguage } from '#shared/enums';
import { formatInstant } from '../../../lib/zoned-format';

const LOCALES: Record<UiLanguage, string> = { en: 'en-US', pt: 'pt-BR', es: 'es-ES' };

/** An instant's date in the interface language and `timeZone` (the company's): "Mar 4, 2026"; empty for a missing or invalid value. */
export function formatDate(value: string | null | undefined, language: string | undefined, timeZone?: string): string {
  const locale = LOCALES[(language ?? 'en') as UiLanguage] ?? LOCALES.en;
  return formatInstant(value, locale, 'date', timeZone);
}
