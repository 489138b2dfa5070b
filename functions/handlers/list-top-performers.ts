import { topPerformers, toTeamMember } from '#functions/data/repositories/users';
import { apiHandler, json } from '#functions/lib/http';

export const handler = apiHandler('list-top-performers', {}, async ({ caller }) =>
  json((await topPerformers(caller.companyId, 5)).map(toTeamMember)),
);
