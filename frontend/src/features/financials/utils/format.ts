// Number and date formats of the financial screens. Amounts: formatCents of lib/intl (US dollars
// in the interface language, exact from integer cents).
import { dateTimeFormat, numberFormat } from '../../../lib/intl';

export { formatCents } from '../../../lib/intl';

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
