import useSWR from 'swr';
import type { PlanRequest } from '#shared/schemas';
import type { ApiError } from '../../../lib/api-client';

export const PLAN_REQUESTS_KEY = '/api/plan-requests';

export interface PlanRequestsState {
  /** The company's pending plan-change request, if any (the list holds 0 or 1). */
  pending: PlanRequest | undefined;
  isLoading: boolean;
  error: ApiError | undefined;
}

/** GET /api/plan-requests. */
export function usePlanRequests(): PlanRequestsState {
  const { data, error, isLoading } = useSWR<PlanRequest[], ApiError>(PLAN_REQUESTS_KEY);
  return { pending: Array.isArray(data) ? data[0] : undefined, isLoading, error };
}
