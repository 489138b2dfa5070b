// The portfolio calendar's window and rows, pure: which days the address asks for, where a stay's
// bar sits among the days, which nights are free, lanes for stays that overlap (double bookings),
// and the filters (city, owner, guest).
import { addDays, daysBetween } from '#shared/days';
import { PORTFOLIO_WINDOWS } from '#shared/portfolio-windows';
import type { PortfolioProperty, PortfolioStay } from '#shared/schemas';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

export interface CalendarChoice {
  from?: string;
  days: number;
  city: string;
  owner: string;
  /** A property group's id. */
  group: string;
  q: string;
}

/** What the address asks for: `?from=YYYY-MM-DD&days=14|30|60|90&city=&owner=&q=` (14 days by default). */
export function calendarChoice(search: URLSearchParams): CalendarChoice {
  const from = search.get('from') ?? '';
  const days = Number(search.get('days'));
  return {
    ...(DAY.test(from) && !Number.isNaN(Date.parse(`${from}T00:00:00Z`)) ? { from } : {}),
    days: (PORTFOLIO_WINDOWS as readonly number[]).includes(days) ? days : 14,
    city: search.get('city') ?? '',
    owner: search.get('owner') ?? '',
    group: search.get('group') ?? '',
    q: search.get('q') ?? '',
  };
}

/** The address of a choice (empty values left out; 14 days is the default). */
export function choiceSearch(choice: CalendarChoice): Record<string, string> {
  const params: Record<string, string> = {};
  if (choice.from) params.from = choice.from;
  if (choice.days !== 14) params.days = String(choice.days);
  if (choice.city) params.city = choice.city;
  if (choice.owner) params.owner = choice.owner;
  if (choice.group) params.group = choice.group;
  if (choice.q) params.q = choice.q;
  return params;
}

export const windowDays = (from: string, days: number): string[] => Array.from({ length: days }, (_, i) => addDays(from, i));

/** How far previous / next move: a week for two weeks shown, else the window's length. */
export const stepOf = (days: number) => (days <= 14 ? 7 : days);

/**
 * A stay's bar on a grid of 2 x `days` half-day columns (CSS grid lines 1 … 2·days+1): from the
 * afternoon of check-in to the morning of check-out, cut flat at the window's edges.
 */
export function barLines(stay: Pick<PortfolioStay, 'checkinDay' | 'checkoutDay'>, from: string, days: number) {
  const start = daysBetween(from, stay.checkinDay);
  const end = daysBetween(from, stay.checkoutDay);
  return {
    start: start < 0 ? 1 : 2 * start + 2,
    end: end >= days ? 2 * days + 1 : 2 * end + 2,
    cutStart: start < 0,
    cutEnd: end >= days,
  };
}

/** Nights (days) some stay or block takes. */
export function takenNights(row: PortfolioProperty): Set<string> {
  const taken = new Set<string>();
  for (const stay of row.stays) {
    for (let day = stay.checkinDay; day < stay.checkoutDay; day = addDays(day, 1)) taken.add(day);
  }
  return taken;
}

/** Lanes so that overlapping stays (a double booking) sit one under the other. */
export function lanesOf(stays: readonly PortfolioStay[]): Map<string, number> {
  const ends: string[] = [];
  const lanes = new Map<string, number>();
  for (const stay of [...stays].sort((a, b) => a.checkinDay.localeCompare(b.checkinDay))) {
    let lane = ends.findIndex((end) => end <= stay.checkinDay);
    if (lane === -1) lane = ends.length;
    ends[lane] = stay.checkoutDay;
    lanes.set(stay.id, lane);
  }
  return lanes;
}

const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** Whether a stay matches the guest search. */
export const matchesGuest = (stay: PortfolioStay, q: string) => Boolean(q.trim()) && fold(stay.guestName).includes(fold(q.trim()));

/** The rows the filters keep, by name; `group`: the chosen group's properties (absent: no group chosen). */
export function filterRows(rows: readonly PortfolioProperty[], choice: Pick<CalendarChoice, 'city' | 'owner' | 'q'>, group?: ReadonlySet<string>): PortfolioProperty[] {
  return rows
    .filter((row) => !group || group.has(row.id))
    .filter((row) => !choice.city || row.city === choice.city)
    .filter((row) => !choice.owner || row.ownerName === choice.owner)
    .filter((row) => !choice.q.trim() || row.stays.some((stay) => matchesGuest(stay, choice.q)))
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** The distinct values of a field, sorted (the filters' choices). */
export const choicesOf = (rows: readonly PortfolioProperty[], pick: (row: PortfolioProperty) => string | null) =>
  [...new Set(rows.map(pick).filter((value): value is string => Boolean(value)))].sort((a, b) => a.localeCompare(b));
