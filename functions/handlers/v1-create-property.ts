import { publicPropertyCreateBody, type PropertyBody } from '#shared/schemas';
import { apiJson, publicApiHandler } from '#functions/lib/public-api';
import { addProperty } from '#functions/properties/property-writes';
import { publicProperty } from '#functions/public-api/properties';

/** POST /api/v1/properties: the app's property form (create-property); an API key is never the master's unlimited account. */
export const handler = publicApiHandler<PropertyBody>('v1-create-property', { body: publicPropertyCreateBody }, async ({ caller, body }) => {
  const property = await addProperty(caller, body, { unlimited: false });
  return apiJson(publicProperty(property), 201, { location: `/api/v1/properties/${property.id}` });
});
