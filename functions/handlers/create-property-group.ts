import { propertyGroupBody, type PropertyGroupBody } from '#shared/schemas';
import { createPropertyGroup } from '#functions/data/repositories/property-groups';
import { apiHandler, json } from '#functions/lib/http';
import { assertUnscoped } from '#functions/team/property-access';

/** POST /api/property-groups {name, propertyIds}: unknown property ids are 400, named. */
export const handler = apiHandler<PropertyGroupBody>('create-property-group', { body: propertyGroupBody }, async ({ caller, body }) => {
  assertUnscoped();
  return json(await createPropertyGroup(caller.companyId, body), 201);
});
