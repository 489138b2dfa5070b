import useSWR from 'swr';
import type { PropertyReadiness } from '#shared/enums';
import type { ApiError } from '../../../lib/api-client';

/** GET /api/dashboard/readiness (issue 40 point 3; CEO and managers), worked out on the server. */
export const DASHBOARD_READINESS_KEY = '/api/dashboard/readiness';

export interface DashboardReadiness {
  day: string;
  checkins: number;
  notReady: number;
  homes: Array<{ reservationId: string; propertyId: string; propertyName: string; checkinDate: string; readiness: PropertyReadiness }>;
}

/** Today's check-ins and the homes not ready for them; read again every minute while shown. */
export function useDashboardReadiness(enabled: boolean): { readiness: DashboardReadiness | undefined; error: ApiError | undefined } {
  const { data, error } = useSWR<DashboardReadiness, ApiError>(enabled ? DASHBOARD_READINESS_KEY : null, { revalidateIfStale: true, refreshInterval: 60_000 });
  return { readiness: data, error };
}
