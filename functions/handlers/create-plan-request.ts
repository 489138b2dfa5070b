import { planRequestBody, type PlanRequestBody } from '#shared/schemas';
import { requestPlanChange } from '#functions/plans/plan-requests';
import { apiHandler, json } from '#functions/lib/http';

/** Records a plan change for the next billing cycle (CEO only; no payment is taken). */
export const handler = apiHandler<PlanRequestBody>('create-plan-request', { body: planRequestBody }, async ({ caller, body }) => {
  const { request, created } = await requestPlanChange(caller, body);
  return json(request, created ? 201 : 200);
});
