import { ownerWorkQuery, type OwnerWorkQuery } from '#shared/schemas';
import { ownerWork } from '#functions/owners/work';
import { apiHandler, json } from '#functions/lib/http';

/** GET /api/owner/properties/{id}/work (owner, their own property; else 404): work done with photos, problems reported, newest first. */
export const handler = apiHandler<unknown, OwnerWorkQuery>('list-owner-property-work', { query: ownerWorkQuery }, async ({ caller, params, query }) =>
  json(await ownerWork(caller, params.id, query)),
);
