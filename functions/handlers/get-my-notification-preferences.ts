import { getCompany } from '#functions/data/repositories/companies';
import { getMemberPreferences } from '#functions/data/repositories/member-preferences';
import { apiHandler, json } from '#functions/lib/http';

/** GET /api/me/notification-preferences (every role): how the caller is told of their work (defaults until the first save). */
export const handler = apiHandler('get-my-notification-preferences', {}, async ({ caller }) => {
  const { member } = await getMemberPreferences(caller.companyId, caller.userId, await getCompany(caller.companyId));
  return json(member);
});
