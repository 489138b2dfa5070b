import { mutate } from 'swr';
import type { PlanRequest, PlanRequestBody } from '#shared/schemas';
import { apiRequest } from '../../../lib/api-client';
import { PLAN_REQUESTS_KEY } from './get-plan-requests';

/**
 * POST /api/plan-requests (CEO only), then the pending request is re-read. Rejects with ApiError:
 * 400 with field errors, 403 for other roles, 409 when the plan is the current one or the pending
 * request changed meanwhile.
 */
export async function createPlanRequest(body: PlanRequestBody): Promise<PlanRequest> {
  try {
    return await apiRequest<PlanRequest>('POST', PLAN_REQUESTS_KEY, body);
  } finally {
    await mutate(PLAN_REQUESTS_KEY);
  }
}
