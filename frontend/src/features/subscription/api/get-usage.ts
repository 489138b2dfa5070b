import useSWR from 'swr';
import type { ApiError } from '../../../lib/api-client';

/** GET /api/usage: the company's counters against its plan's limits (-1: unlimited). */
export const USAGE_KEY = '/api/usage';

export interface PlanUsageView {
  plan: string;
  properties: { used: number; limit: number };
  users: { used: number; limit: number };
  storage: { usedBytes: number; limitBytes: number };
}

export function usePlanUsageView() {
  const { data, error, isLoading } = useSWR<PlanUsageView, ApiError>(USAGE_KEY);
  return { usage: data, error, isLoading };
}
