import { listUsers, toTeamMember } from '#functions/data/repositories/users';
import { apiHandler, json } from '#functions/lib/http';

export const handler = apiHandler('list-team', {}, async ({ caller }) => json((await listUsers(caller.companyId)).map(toTeamMember)));
