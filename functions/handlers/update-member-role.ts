import { memberRoleBody, type MemberRoleBody } from '#shared/schemas';
import { changeRole } from '#functions/team/roles';
import { apiHandler, json } from '#functions/lib/http';

/** PUT /api/team/{userId}/role (CEO): the company always keeps at least one CEO. */
export const handler = apiHandler<MemberRoleBody>('update-member-role', { body: memberRoleBody }, async ({ caller, params, body }) =>
  json(await changeRole(caller, params.userId, body.role)),
);
