import { listUsers } from '#functions/data/repositories/users';
import { apiHandler, json } from '#functions/lib/http';
import { teamListView } from '#functions/team/views';
import { withPropertyGroupIds } from '#functions/team/property-access';

/** GET /api/team: every member (SPEC "Team member"), whether they are only invited so far, and their property groups ([] = every property). */
export const handler = apiHandler('list-team', {}, async ({ caller }) =>
  json(await withPropertyGroupIds(caller.companyId, (await listUsers(caller.companyId)).map(teamListView))),
);
