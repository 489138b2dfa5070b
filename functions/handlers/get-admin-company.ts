import { companyForAdmin } from '#functions/billing/admin-console';
import { apiHandler, json } from '#functions/lib/http';

/** GET /api/admin/companies/{id} (master only): the company's state, the console's actions on it (audit) and its billing history. */
export const handler = apiHandler('get-admin-company', {}, async ({ params }) => json(await companyForAdmin(params.id)));
