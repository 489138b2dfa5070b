import { adminCompanyUpdateBody, type AdminCompanyUpdateBody } from '#shared/schemas';
import { updateCompanyByAdmin } from '#functions/billing/admin-console';
import { apiHandler, json } from '#functions/lib/http';

/**
 * PUT /api/admin/companies/{id} (master only): `{ "trialEndsAt": "<ISO>" }` extends or ends a trial,
 * `{ "plan": "basic" }` sets a plan at once. Recorded in the company's audit with who did it.
 */
export const handler = apiHandler<AdminCompanyUpdateBody>('update-admin-company', { body: adminCompanyUpdateBody }, async ({ caller, params, body }) =>
  json(await updateCompanyByAdmin(caller, params.id, body)),
);
