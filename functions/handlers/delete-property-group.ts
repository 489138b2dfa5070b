import { deletePropertyGroup } from '#functions/data/repositories/property-groups';
import { apiHandler } from '#functions/lib/http';
import { assertUnscoped } from '#functions/team/property-access';

/** DELETE /api/property-groups/{groupId}: 409 while a member's access names it. */
export const handler = apiHandler('delete-property-group', {}, async ({ caller, params }) => {
  assertUnscoped();
  await deletePropertyGroup(caller.companyId, params.groupId);
  return { statusCode: 204, headers: { 'cache-control': 'no-store' } };
});
