// The portfolio calendar's read addresses, free of React and SWR: the screen's hooks use them, and so
// does the entry, which sends the first screen's reads before the screen's code has arrived
// (app/early-reads.ts).
import { isManagerRole } from '#shared/enums';
import { calendarChoice } from '../utils/window';

/** Properties per request. */
export const PAGE_SIZE = 100;

/** The group filter's read (a first read of the screen for the CEO and managers). */
export const PROPERTY_GROUPS_KEY = '/api/property-groups';

/** The owners' stay requests that wait for the office (issue 41 point 3). */
export const PENDING_OWNER_STAYS_KEY = '/api/owner-stay-requests?status=pending';

export interface WindowChoice {
  /** The first day; absent: today (the server's, in the company's time zone). */
  from?: string;
  days: number;
}

export function portfolioPath({ from, days }: WindowChoice): string {
  const query = new URLSearchParams();
  if (from) query.set('from', from);
  query.set('days', String(days));
  query.set('limit', String(PAGE_SIZE));
  return `/api/calendar/portfolio?${query.toString()}`;
}

/**
 * What the screen's first render shows for an address (`search`) and role (CEO and managers; others
 * see Not Found): the window's first page, the group filter's groups and the waiting stay requests.
 */
export function calendarFirstUrls(search: string, role: string | undefined): string[] {
  return isManagerRole(role) ? [portfolioPath(calendarChoice(new URLSearchParams(search))), PROPERTY_GROUPS_KEY, PENDING_OWNER_STAYS_KEY] : [];
}
