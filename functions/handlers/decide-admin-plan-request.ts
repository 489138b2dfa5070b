import { adminPlanRequestDecisionBody, type AdminPlanRequestDecisionBody } from '#shared/schemas';
import { decidePlanRequest } from '#functions/billing/admin-console';
import { apiHandler, json } from '#functions/lib/http';

/** PUT /api/admin/companies/{id}/plan-request (master only): `{ "decision": "apply" | "refuse" }` on the company's pending request. */
export const handler = apiHandler<AdminPlanRequestDecisionBody>('decide-admin-plan-request', { body: adminPlanRequestDecisionBody }, async ({ caller, params, body }) =>
  json(await decidePlanRequest(caller, params.id, body)),
);
