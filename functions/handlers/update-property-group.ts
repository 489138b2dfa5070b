import { propertyGroupBody, type PropertyGroupBody } from '#shared/schemas';
import { updatePropertyGroup } from '#functions/data/repositories/property-groups';
import { apiHandler, json } from '#functions/lib/http';
import { assertUnscoped } from '#functions/team/property-access';

/** PUT /api/property-groups/{groupId} {name, propertyIds}: renames it and sets its properties. */
export const handler = apiHandler<PropertyGroupBody>('update-property-group', { body: propertyGroupBody }, async ({ caller, params, body }) => {
  assertUnscoped();
  return json(await updatePropertyGroup(caller.companyId, params.groupId, body));
});
