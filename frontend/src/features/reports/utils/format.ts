import { dateTimeFormat } from '../../../lib/intl';

/** Amounts: US dollars in the interface language, exact from integer cents. */
export { formatCents } from '../../../lib/intl';

/** `short` is the compact axis label (11/5, 05/11, 5/11 by language); `medium` the full date. */
export function formatDay(day: string, language: string, style: 'medium' | 'short' = 'medium'): string {
  const options: Intl.DateTimeFormatOptions = style === 'short' ? { day: 'numeric', month: 'numeric', timeZone: 'UTC' } : { dateStyle: 'medium', timeZone: 'UTC' };
  return dateTimeFormat(language, options).format(new Date(`${day}T00:00:00Z`));
}

export function formatMonth(month: string, language: string): string {
  return dateTimeFormat(language, { month: 'short', timeZone: 'UTC' }).format(new Date(`${month}-01T00:00:00Z`));
}
