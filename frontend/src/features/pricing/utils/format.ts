import type { UiLanguage } from '#shared/enums';
import { dateTimeFormat, numberFormat } from '../../../lib/intl';

const LOCALES: Record<UiLanguage, string> = { en: 'en-US', pt: 'pt-BR', es: 'es-ES' };

export function localeOf(language: string): string {
  return LOCALES[language as UiLanguage] ?? LOCALES.en;
}

/** Whole US dollars, in the interface language (SPEC point 9: amounts are shown in US dollars). */
export function formatUsd(amount: number, language: string, fractionDigits = 0): string {
  return numberFormat(localeOf(language), {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: fractionDigits,
    maximumFractionDigits: fractionDigits,
  }).format(amount);
}

/** A day, long form, as the company's clock reads it. */
export function formatDay(iso: string, language: string, timeZone?: string | null): string {
  return dateTimeFormat(localeOf(language), { dateStyle: 'long', timeZone: timeZone ?? undefined }).format(new Date(iso));
}
