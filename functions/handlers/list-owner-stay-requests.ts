import { ownerStayRequestsQuery, type OwnerStayRequestsQuery } from '#shared/schemas';
import { officeOwnerStayRequests } from '#functions/owners/stay-requests';
import { apiHandler, json } from '#functions/lib/http';

/** GET /api/owner-stay-requests?status= (CEO, managers; a scoped manager: their properties'): newest first. */
export const handler = apiHandler<unknown, OwnerStayRequestsQuery>('list-owner-stay-requests', { query: ownerStayRequestsQuery }, async ({ caller, query }) =>
  json({ items: await officeOwnerStayRequests(caller, query.status) }),
);
