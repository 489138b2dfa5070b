import { availabilityQuery, availabilitySchema, type AvailabilityQuery } from '#shared/schemas';
import { apiJson, publicApiHandler } from '#functions/lib/public-api';
import { propertyAvailability } from '#functions/public-api/properties';

/** GET /api/v1/properties/{id}/availability?from=YYYY-MM-DD&to=YYYY-MM-DD: each night from `from` up to, not including, `to`. */
export const handler = publicApiHandler<unknown, AvailabilityQuery>('v1-get-property-availability', { query: availabilityQuery }, async ({ caller, params, query }) =>
  apiJson(availabilitySchema.parse(await propertyAvailability(caller.companyId, params.id, query))),
);
