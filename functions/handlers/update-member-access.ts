import { memberAccessBody, type MemberAccessBody } from '#shared/schemas';
import { apiHandler, json } from '#functions/lib/http';
import { changeAccess } from '#functions/team/property-access';

/** PUT /api/team/{userId}/access {propertyGroupIds} (CEO): [] or absent = every property; from their next request. */
export const handler = apiHandler<MemberAccessBody>('update-member-access', { body: memberAccessBody }, async ({ caller, params, body }) =>
  json(await changeAccess(caller, params.userId, body.propertyGroupIds ?? [])),
);
