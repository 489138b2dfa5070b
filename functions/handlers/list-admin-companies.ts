import { adminCompaniesQuery, type AdminCompaniesQuery } from '#shared/schemas';
import { listCompaniesForAdmin } from '#functions/billing/admin-console';
import { apiHandler, page } from '#functions/lib/http';

/** GET /api/admin/companies (master only; anyone else 404): every company with plan, trial end, usage and billing state. */
export const handler = apiHandler<unknown, AdminCompaniesQuery>('list-admin-companies', { query: adminCompaniesQuery }, async ({ query }) => {
  const { items, cursor } = await listCompaniesForAdmin({ limit: query.limit, cursor: query.cursor });
  return page(items, cursor);
});
