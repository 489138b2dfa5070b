import { cancelPlanChange } from '#functions/plans/plan-requests';
import { apiHandler } from '#functions/lib/http';

/** Cancels the company's pending plan-change request (CEO only). */
export const handler = apiHandler('cancel-plan-request', {}, async ({ caller, params }) => {
  await cancelPlanChange(caller, params.id ?? '');
  return { statusCode: 204, headers: { 'cache-control': 'no-store' } };
});
