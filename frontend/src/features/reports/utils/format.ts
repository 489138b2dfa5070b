import { dateTimeFormat, numberFormat } from '../../../lib/intl';
/** SPEC point 9: amounts in US dollars, in the US format ($12,345.67), from exact cents. */
const usd = numberFormat('en-US', { style: 'currency', currency: 'USD' });

export function formatCents(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${usd.format(`${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}` as unknown as number)}`;
}

/** `short` is the compact axis label (11/5, 05/11, 5/11 by language); `medium` the full date. */
export function formatDay(day: string, language: string, style: 'medium' | 'short' = 'medium'): string {
  const options: Intl.DateTimeFormatOptions = style === 'short' ? { day: 'numeric', month: 'numeric', timeZone: 'UTC' } : { dateStyle: 'medium', timeZone: 'UTC' };
  return dateTimeFormat(language, options).format(new Date(`${day}T00:00:00Z`));
}

export function formatMonth(month: string, language: string): string {
  return dateTimeFormat(language, { month: 'short', timeZone: 'UTC' }).format(new Date(`${month}-01T00:00:00Z`));
}
