import { mutate } from 'swr';
import { apiRequest } from '../../../lib/api-client';
import { PLAN_REQUESTS_KEY } from './get-plan-requests';

/** DELETE /api/plan-requests/{id} (CEO only), then the pending request is re-read. */
export async function cancelPlanRequest(id: string): Promise<void> {
  try {
    await apiRequest('DELETE', `${PLAN_REQUESTS_KEY}/${encodeURIComponent(id)}`);
  } finally {
    await mutate(PLAN_REQUESTS_KEY);
  }
}
