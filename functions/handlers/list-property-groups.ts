import { listPropertyGroups } from '#functions/data/repositories/property-groups';
import { apiHandler, json } from '#functions/lib/http';
import { assertUnscoped } from '#functions/team/property-access';

/** GET /api/property-groups (CEO and managers who see every property): every group, by name. */
export const handler = apiHandler('list-property-groups', {}, async ({ caller }) => {
  assertUnscoped();
  return json(await listPropertyGroups(caller.companyId));
});
