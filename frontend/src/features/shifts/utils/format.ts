import { clockOptions, dateTimeFormat, localeOf } from '../../../lib/intl';

/** "14:05" ("2:05 PM" in English) on the company's clock. */
export function formatTime(at: Date | string, language: string, timeZone: string): string {
  return dateTimeFormat(localeOf(language), { ...clockOptions(language), timeZone }).format(new Date(at));
}

/** "terça-feira, 3 de junho de 2030" on the company's clock. */
export function formatLongDay(at: Date, language: string, timeZone: string): string {
  return dateTimeFormat(localeOf(language), { dateStyle: 'full', timeZone }).format(at);
}

export function fullName(person: { firstName: string | null; lastName: string | null }, fallback: string): string {
  return [person.firstName, person.lastName].filter(Boolean).join(' ') || fallback;
}
