import { publicPropertyPatchBody, type PropertyUpdateBody } from '#shared/schemas';
import { apiJson, publicApiHandler } from '#functions/lib/public-api';
import { changeProperty } from '#functions/properties/property-writes';
import { publicProperty } from '#functions/public-api/properties';

/** PATCH /api/v1/properties/{id}: only the fields sent change, as the app's PUT (update-property). */
export const handler = publicApiHandler<PropertyUpdateBody>('v1-update-property', { body: publicPropertyPatchBody }, async ({ caller, params, body }) =>
  apiJson(publicProperty(await changeProperty(caller, params.id, body))),
);
