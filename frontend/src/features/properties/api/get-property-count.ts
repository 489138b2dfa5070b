import useSWR from 'swr';
import type { ApiError } from '../../../lib/api-client';

/** GET /api/dashboard/metrics: `activeProperties` is the company's property count. */
export const DASHBOARD_METRICS_KEY = '/api/dashboard/metrics';

interface DashboardMetrics {
  activeProperties?: number;
}

export interface PropertyCountState {
  count: number | undefined;
  isLoading: boolean;
  error: ApiError | undefined;
}

/** The company's property count, shared with the dashboard through the metrics cache entry. */
export function usePropertyCount(): PropertyCountState {
  const { data, error, isLoading } = useSWR<DashboardMetrics, ApiError>(DASHBOARD_METRICS_KEY);
  const count = typeof data?.activeProperties === 'number' ? data.activeProperties : undefined;
  return { count, isLoading, error };
}
