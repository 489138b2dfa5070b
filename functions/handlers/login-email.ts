import * as z from 'zod/mini';
import { loginBody } from '#shared/schemas';
import { translateMessage } from '#shared/messages';
import { apiHandler, json } from '#functions/lib/http';
import { signInWithPassword } from '#functions/auth/password-login';
import { parseBody } from '#functions/auth/requests';
import { currentUserView, startSession } from '#functions/auth/session';

/**
 * POST /api/auth/login-email: session cookie + `{ message, user }`; 401 / 403 / 429 otherwise.
 * A right password that needs a second step answers 401 `{ message, code, step }` with the step
 * cookie: step 'totp_required' (send the code to /api/auth/login-totp) or 'totp_enrol' (the company
 * requires two-factor: /api/auth/two-factor/setup, then /verify).
 */
export const handler = apiHandler('login-email', { body: z.unknown() }, async ({ body, language, event }) => {
  const { email, password } = parseBody(loginBody, body, ['auth.emailPasswordRequired']);
  const result = await signInWithPassword(email, password, event.requestContext?.http?.sourceIp);
  if (result.step) {
    const message = translateMessage(result.step === 'totp_required' ? 'auth.totpRequired' : 'auth.totpEnrolRequired', language);
    return json({ message, code: result.step, step: result.step }, 401, { cookies: [result.cookie] });
  }
  const cookie = await startSession(result.user, event);
  return json({ message: translateMessage('auth.loginSuccess', language), user: currentUserView(result.user) }, 200, { cookies: [cookie] });
});
