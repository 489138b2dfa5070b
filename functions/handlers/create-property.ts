import { propertyBody, type PropertyBody } from '#shared/schemas';
import { apiHandler, json } from '#functions/lib/http';
import { addProperty } from '#functions/properties/property-writes';

export const handler = apiHandler<PropertyBody>('create-property', { body: propertyBody }, async ({ caller, body }) =>
  json(await addProperty(caller, body, { unlimited: caller.isMaster }), 201),
);
