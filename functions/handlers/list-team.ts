import { listUsers } from '#functions/data/repositories/users';
import { apiHandler, json } from '#functions/lib/http';
import { teamListView } from '#functions/team/views';

/** GET /api/team: every member (SPEC "Team member"), and whether they are only invited so far. */
export const handler = apiHandler('list-team', {}, async ({ caller }) => json((await listUsers(caller.companyId)).map(teamListView)));
