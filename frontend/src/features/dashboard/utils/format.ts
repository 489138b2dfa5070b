// Number and date formats of the dashboard.
import { formatInstant } from '../../../lib/zoned-format';
import { formatCents, numberFormat } from '../../../lib/intl';

/** Dollars (the API's cents / 100) in US dollars in the interface language, from the whole cents. */
export function formatUsd(amount: number, language: string): string {
  return formatCents(Math.round(amount * 100), language);
}

export function formatNumber(value: number, language: string): string {
  return numberFormat(language).format(value);
}

/** 87 -> "87%" (in the interface language's convention). */
export function formatPercent(value: number, language: string): string {
  return numberFormat(language, { style: 'percent', maximumFractionDigits: 0 }).format(value / 100);
}

/** A change in percent with its sign: 2.5 -> "+2.5%", -3 -> "-3%", 0 -> "0%". */
export function formatPercentChange(value: number, language: string): string {
  return numberFormat(language, { style: 'percent', maximumFractionDigits: 1, signDisplay: 'exceptZero' }).format(value / 100);
}

/** An instant's date and time, in `timeZone` when given (naming it when it is not the browser's). */
export function formatDateTime(iso: string | null | undefined, language: string, timeZone?: string): string | undefined {
  return formatInstant(iso, language, 'dateTime', timeZone) || undefined;
}
