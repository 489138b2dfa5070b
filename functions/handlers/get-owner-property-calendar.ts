import { ownerCalendarQuery, type OwnerCalendarQuery } from '#shared/schemas';
import { ownerCalendar } from '#functions/owners/portal';
import { apiHandler, json } from '#functions/lib/http';

/** GET /api/owner/properties/{id}/calendar?from=&to= (owner, their own property; else 404): stays, blocks, owner stays, their requests. */
export const handler = apiHandler<unknown, OwnerCalendarQuery>('get-owner-property-calendar', { query: ownerCalendarQuery }, async ({ caller, params, query }) =>
  json(await ownerCalendar(caller, params.id, query)),
);
