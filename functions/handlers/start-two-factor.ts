import * as z from 'zod/mini';
import { twoFactorStartBody } from '#shared/schemas';
import { getUser } from '#functions/data/repositories/users';
import { UnauthorizedError } from '#functions/lib/errors';
import { apiHandler, json } from '#functions/lib/http';
import { parseBody } from '#functions/auth/requests';
import { startEnrolment } from '#functions/auth/two-factor';

/**
 * POST /api/auth/two-factor/start `{ password }`: a signed-in member turns two-factor on for
 * themself. Answers the enrolment step cookie and `{ secret, otpauthUri, email }`; the first code
 * goes to /api/auth/two-factor/verify. 400 wrong password, 409 already on, 429 locked.
 */
export const handler = apiHandler('start-two-factor', { body: z.unknown() }, async ({ body, caller }) => {
  const { password } = parseBody(twoFactorStartBody, body, ['auth.emailPasswordRequired']);
  const user = await getUser(caller.companyId, caller.userId);
  if (!user) throw new UnauthorizedError();
  const { cookie, ...secret } = await startEnrolment(user, password);
  return json(secret, 200, { cookies: [cookie] });
});
