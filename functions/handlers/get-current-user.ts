import { currentUserView } from '#functions/auth/session';
import { getUser } from '#functions/data/repositories/users';
import { UnauthorizedError } from '#functions/lib/errors';
import { apiHandler, json } from '#functions/lib/http';

export const handler = apiHandler('get-current-user', {}, async ({ caller }) => {
  const user = await getUser(caller.companyId, caller.userId);
  if (!user) throw new UnauthorizedError();
  return json(currentUserView(user));
});
