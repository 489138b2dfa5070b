// Number and date formats of the financial screens.
import { dateTimeFormat, numberFormat } from '../../../lib/intl';

/** SPEC point 9: amounts are shown in US dollars, in the US format ($12,345.67), on every screen. */
const usd = numberFormat('en-US', { style: 'currency', currency: 'USD' });

/** Exact: the decimal text of integer cents is formatted, never a float sum. */
export function formatCents(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  const text = `${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
  return `${sign}${usd.format(text as unknown as number)}`;
}

/** +12.3% / -2.1% in the interface language. */
export function formatChange(change: number, language: string): string {
  const text = numberFormat(language, { maximumFractionDigits: 1, minimumFractionDigits: 1 }).format(Math.abs(change));
  return `${change > 0 ? '+' : change < 0 ? '-' : ''}${text}%`;
}

/** A calendar date (YYYY-MM-DD) shown as a date, without a time zone shift. */
export function formatDay(day: string, language: string): string {
  return dateTimeFormat(language, { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${day.slice(0, 10)}T00:00:00Z`));
}

/** Short month name of YYYY-MM (chart labels). */
export function formatMonth(month: string, language: string): string {
  return dateTimeFormat(language, { month: 'short', timeZone: 'UTC' }).format(new Date(`${month}-01T00:00:00Z`));
}

/** Today as YYYY-MM-DD in the browser's calendar (default for date fields). */
export function todayInput(): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}
