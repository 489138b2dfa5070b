// Conversions between stored ISO timestamps and the `datetime-local` input, and how a task's
// instants read: all in the company's time zone (lib/zoned-format), the browser's only when none is
// known yet.
import { formatInstant, fromZonedInput, toZonedInput } from '../../../lib/zoned-format';

/** '2026-03-05T19:30:00.000Z' -> '2026-03-05T14:30' in New York; '' when absent. */
export function toDateTimeLocal(iso: string | null | undefined, timeZone?: string): string {
  return toZonedInput(iso, timeZone);
}

/**
 * '2026-03-05T14:30' (the wall clock of `timeZone`) -> ISO timestamp; null when empty. An
 * unreadable value is returned as is, so the schema reports it as an invalid date.
 */
export function fromDateTimeLocal(value: string, timeZone?: string): string | null {
  return fromZonedInput(value, timeZone);
}

/** Date and time in the interface language and `timeZone`, e.g. "Mar 5, 2026, 2:30 PM EST" (the zone named when not the browser's). */
export function formatDateTime(iso: string | null | undefined, language: string, timeZone?: string): string | undefined {
  return formatInstant(iso, language, 'dateTime', timeZone) || undefined;
}
