import * as z from 'zod/mini';
import { totpCodeBody } from '#shared/schemas';
import { translateMessage } from '#shared/messages';
import { apiHandler, json } from '#functions/lib/http';
import { parseBody } from '#functions/auth/requests';
import { currentUserView, startSession } from '#functions/auth/session';
import { clearStepCookie, completeEnrolment } from '#functions/auth/two-factor';

/**
 * POST /api/auth/two-factor/verify `{ code }` with an enrolment's step cookie: TOTP on, a session
 * cookie + `{ message, user }`; 401 wrong code or expired step, 429 locked.
 */
export const handler = apiHandler('verify-two-factor', { body: z.unknown() }, async ({ body, language, event }) => {
  const { code } = parseBody(totpCodeBody, body, ['auth.totpCodeFormat']);
  const user = await completeEnrolment(event, code);
  const cookie = await startSession(user, event);
  return json({ message: translateMessage('auth.totpEnabled', language), user: currentUserView(user) }, 200, { cookies: [cookie, clearStepCookie()] });
});
