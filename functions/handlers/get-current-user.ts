import { currentUserView } from '#functions/auth/session';
import { getUser } from '#functions/data/repositories/users';
import { UnauthorizedError } from '#functions/lib/errors';
import { apiHandler, json } from '#functions/lib/http';
import { currentPropertyScope } from '#functions/lib/tenant';

export const handler = apiHandler('get-current-user', {}, async ({ caller }) => {
  const user = await getUser(caller.companyId, caller.userId);
  if (!user) throw new UnauthorizedError();
  // Whether the caller sees every property (not scoped to property groups, not an owner): the app
  // offers groups and new properties only then (docs/property-scope.md).
  return json({ ...currentUserView(user), seesEveryProperty: currentPropertyScope() === undefined });
});
