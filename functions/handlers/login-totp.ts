import * as z from 'zod/mini';
import { totpCodeBody } from '#shared/schemas';
import { translateMessage } from '#shared/messages';
import { apiHandler, json } from '#functions/lib/http';
import { parseBody } from '#functions/auth/requests';
import { currentUserView, startSession } from '#functions/auth/session';
import { clearStepCookie, completeTotpSignIn } from '#functions/auth/two-factor';

/**
 * POST /api/auth/login-totp `{ code }` with the step cookie of a password sign-in answered
 * 'totp_required': session cookie + `{ message, user }`; 401 wrong code or expired step, 429 locked.
 */
export const handler = apiHandler('login-totp', { body: z.unknown() }, async ({ body, language, event }) => {
  const { code } = parseBody(totpCodeBody, body, ['auth.totpCodeFormat']);
  const user = await completeTotpSignIn(event, code);
  const cookie = await startSession(user, event);
  return json({ message: translateMessage('auth.loginSuccess', language), user: currentUserView(user) }, 200, { cookies: [cookie, clearStepCookie()] });
});
