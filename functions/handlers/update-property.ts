import { propertyBody, type PropertyBody } from '#shared/schemas';
import { updateProperty } from '#functions/data/repositories/properties';
import { apiHandler, json } from '#functions/lib/http';

export const handler = apiHandler<PropertyBody>('update-property', { body: propertyBody }, async ({ caller, params, body }) =>
  json(await updateProperty(caller.companyId, params.id, body)),
);
