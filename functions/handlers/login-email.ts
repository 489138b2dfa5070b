import * as z from 'zod/mini';
import { loginBody } from '#shared/schemas';
import { translateMessage } from '#shared/messages';
import { apiHandler, json } from '#functions/lib/http';
import { signInWithPassword } from '#functions/auth/password-login';
import { parseBody } from '#functions/auth/requests';
import { currentUserView, startSession } from '#functions/auth/session';

/** POST /api/auth/login-email: session cookie + `{ message, user }`; 401 / 403 / 429 otherwise. */
export const handler = apiHandler('login-email', { body: z.unknown() }, async ({ body, language, event }) => {
  const { email, password } = parseBody(loginBody, body, ['auth.emailPasswordRequired']);
  const user = await signInWithPassword(email, password);
  const cookie = await startSession(user, event);
  return json({ message: translateMessage('auth.loginSuccess', language), user: currentUserView(user) }, 200, { cookies: [cookie] });
});
