import { propertyUpdateBody, type PropertyUpdateBody } from '#shared/schemas';
import { apiHandler, json } from '#functions/lib/http';
import { changeProperty } from '#functions/properties/property-writes';

/**
 * PUT /api/properties/{id} (CEO and managers): name, address, the access fields, (issue 40) whether
 * cleanings here need an inspection and who inspects: each field only when sent (propertyUpdateBody).
 */
export const handler = apiHandler<PropertyUpdateBody>('update-property', { body: propertyUpdateBody }, async ({ caller, params, body }) =>
  json(await changeProperty(caller, params.id, body)),
);
