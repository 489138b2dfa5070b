import type { TFunction } from 'i18next';
import type { DispatchBoard, DispatchRow } from '#shared/dispatch';
import { dateTimeFormat, numberFormat } from '../../../lib/intl';
import { hoursOf } from './board-moves';

/** A local date (YYYY-MM-DD) as a weekday and date, whatever the browser's zone (read at UTC noon). */
export function formatDay(day: string, locale: string, style: 'short' | 'long' = 'short'): string {
  const date = new Date(`${day}T12:00:00Z`);
  const options: Intl.DateTimeFormatOptions =
    style === 'long' ? { weekday: 'long', month: 'long', day: 'numeric', timeZone: 'UTC' } : { weekday: 'short', month: 'short', day: 'numeric', timeZone: 'UTC' };
  return dateTimeFormat(locale, options).format(date);
}

/** The row's heading: the member, "Unassigned", or "Former member". */
export function rowName(t: TFunction, row: DispatchRow): string {
  if (!row.member) return t('dispatch.row.unassigned');
  if (row.member.former) return t('dispatch.row.former');
  return row.member.name;
}

/** A workload in hours as the interface language writes it: 1.5 in English, 1,5 in Portuguese and Spanish. */
export function formatHours(minutes: number, locale: string): string {
  return numberFormat(locale, { maximumFractionDigits: 1 }).format(hoursOf(minutes));
}

/**
 * How the board's words name its week: "this week" for the current one (it holds today); any other
 * calendar week with i18next context `week` ("Week of …" in the header, "h in the week", "No tasks in the
 * week of {{from}}"), so that a week browsed to is never called "this week".
 */
export function weekWords(board: DispatchBoard, locale: string): { context: 'week' | 'days' | undefined; from: string } {
  const { days, today, view } = board.week;
  // Seven days from a day are not "this week" either (a Sunday's run from today holds next week's
  // days): context `days` ("h in these 7 days", "No tasks in these 7 days").
  if (view === 'rolling') return { context: 'days', from: formatDay(days[0], locale) };
  return { context: days.includes(today) ? undefined : 'week', from: formatDay(days[0], locale) };
}

/** The board's header line: "This week: …", "Week of …", "Next 7 days: …" (from today), "7 days from …". */
export function boardTitle(t: TFunction, board: DispatchBoard, locale: string, zone: string): string {
  const { days, today, view } = board.week;
  const range = { from: formatDay(days[0], locale), to: formatDay(days[6], locale), zone };
  if (view === 'rolling') return t('dispatch.rollingOf', { ...range, context: days[0] === today ? undefined : 'from' });
  return t('dispatch.weekOf', { ...range, context: weekWords(board, locale).context });
}
