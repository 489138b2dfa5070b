// The dashboard's read addresses, free of React and SWR: the hooks beside this file use them, and so
// does the entry, which sends the first screen's reads before the screen's code has arrived
// (app/early-reads.ts).
import { normaliseRole } from '#shared/enums';

/** Also refreshed after every task write (features/tasks/api/refresh-task-queries.ts). */
export const DASHBOARD_METRICS_KEY = '/api/dashboard/metrics';
/** The reservations feature refreshes this key after a reservation or a feed changed (reservations/api/keys.ts). */
export const DOUBLE_BOOKINGS_KEY = '/api/reservations/double-bookings';
/** GET /api/dashboard/readiness (issue 40 point 3; CEO and managers), worked out on the server. */
export const DASHBOARD_READINESS_KEY = '/api/dashboard/readiness';
/** Starts with /api/tasks, so task writes refresh it (features/tasks/api/refresh-task-queries.ts). */
export const RECENT_TASKS_KEY = '/api/tasks/recent';
export const TOP_PERFORMERS_KEY = '/api/team/top-performers';
export const UPCOMING_CHECKINS_KEY = '/api/reservations/upcoming';
// The name lookups: the same queries (same SWR keys, so one request each) as the task screens' lookups.
export const PROPERTIES_KEY = '/api/properties?limit=100';
export const TEAM_KEY = '/api/team';
/** What the lookups read (the dashboard's first reads). */
export const NAME_LOOKUP_KEYS = [PROPERTIES_KEY, TEAM_KEY] as const;

/** Whether the role sees the double bookings and the readiness (CEO and managers; the API answers them only). */
export function managesOf(role: string | undefined): boolean {
  const normalised = normaliseRole(role);
  return normalised === 'ceo' || normalised === 'operational_manager';
}

/**
 * What the dashboard's first render shows (CEO and managers). Staff are sent to their own day from
 * `/`, so they read nothing here.
 */
export function dashboardFirstUrls(role: string | undefined): string[] {
  return managesOf(role) ? [DOUBLE_BOOKINGS_KEY, DASHBOARD_READINESS_KEY, DASHBOARD_METRICS_KEY, RECENT_TASKS_KEY, UPCOMING_CHECKINS_KEY, TOP_PERFORMERS_KEY, ...NAME_LOOKUP_KEYS] : [];
}
