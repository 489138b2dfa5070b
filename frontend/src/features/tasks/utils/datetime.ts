// Conversions between stored ISO timestamps and the `datetime-local` input (the browser's zone).
import { dateTimeFormat } from '../../../lib/intl';

const pad = (value: number) => String(value).padStart(2, '0');

/** '2026-03-05T14:30:00.000Z' -> '2026-03-05T11:30' in the browser's time zone; '' when absent. */
export function toDateTimeLocal(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/**
 * '2026-03-05T11:30' (local) -> ISO timestamp; null when empty. An unreadable value is returned as
 * is, so the schema reports it as an invalid date.
 */
export function fromDateTimeLocal(value: string): string | null {
  if (!value) return null;
  const date = new Date(value); // a date-time without offset is read in the local zone
  return Number.isNaN(date.getTime()) ? value : date.toISOString();
}

/** Date and time in the interface language, e.g. "Mar 5, 2026, 11:30 AM". */
export function formatDateTime(iso: string | null | undefined, language: string): string | undefined {
  if (!iso) return undefined;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return undefined;
  return dateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}
