import { ownerPropertiesBody, type OwnerPropertiesBody } from '#shared/schemas';
import { apiHandler, json } from '#functions/lib/http';
import { assertUnscoped, changeOwnerProperties } from '#functions/team/property-access';

/** PUT /api/team/{userId}/owner-properties {propertyIds} (CEO, managers who see every property): an owner's properties, from their next request. */
export const handler = apiHandler<OwnerPropertiesBody>('update-owner-properties', { body: ownerPropertiesBody }, async ({ caller, params, body }) => {
  assertUnscoped();
  return json(await changeOwnerProperties(caller, params.userId, body.propertyIds));
});
