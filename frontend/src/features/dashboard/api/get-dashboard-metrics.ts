import useSWR from 'swr';
import type { ApiError } from '../../../lib/api-client';
import { waitingForFirstAnswer } from '../../../lib/first-read-helpers';

/** Also refreshed after every task write (features/tasks/api/refresh-task-queries.ts). */
export const DASHBOARD_METRICS_KEY = '/api/dashboard/metrics';

/**
 * GET /api/dashboard/metrics (functions/dashboard/figures.ts): every figure computed from the
 * company's items. A change is null when there is nothing to compare with (the card says "new").
 * monthlyRevenue is in US dollars (null for staff, who do not see money); teamEfficiency is this
 * week's on-time rate (null when nothing was completed this week) and its change is in points.
 */
export interface DashboardMetrics {
  activeProperties: number;
  activePropertiesChange: number | null;
  pendingTasks: number;
  urgentTasks: number;
  monthlyRevenue: number | null;
  monthlyRevenueChange: number | null;
  teamEfficiency: number | null;
  teamEfficiencyChange: number | null;
}

export interface DashboardMetricsState {
  metrics: DashboardMetrics | undefined;
  isLoading: boolean;
  error: ApiError | undefined;
}

/**
 * The four metric cards. The dashboard is the overview screen, so its queries are read again each
 * time it is shown (`revalidateIfStale`; the cached numbers stay on screen meanwhile): tasks,
 * properties and invoices change on other screens and under other users' hands.
 */
export function useDashboardMetrics(): DashboardMetricsState {
  const { data, error } = useSWR<DashboardMetrics, ApiError>(DASHBOARD_METRICS_KEY, { revalidateIfStale: true });
  return { metrics: data, isLoading: waitingForFirstAnswer(DASHBOARD_METRICS_KEY, data, error), error };
}
