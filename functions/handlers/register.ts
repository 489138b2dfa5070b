import * as z from 'zod/mini';
import { registerBody } from '#shared/schemas';
import { translateMessage } from '#shared/messages';
import { apiHandler, json } from '#functions/lib/http';
import { registerAccount } from '#functions/auth/registration';
import { parseBody } from '#functions/auth/requests';

/** SPEC point 5's register rules, in the order the screen checks them. */
const RULES = ['auth.allFieldsRequired', 'auth.passwordsDontMatch', 'auth.passwordTooShort', 'validation.email'] as const;

/** POST /api/auth/register: Cognito sign-up, company + CEO, confirmation e-mail; 201 `{ message }`. */
export const handler = apiHandler('register', { body: z.unknown() }, async ({ body, language }) => {
  const input = parseBody(registerBody, body, RULES);
  await registerAccount(input, language);
  return json({ message: translateMessage('auth.registered', language) }, 201);
});
