import * as z from 'zod/mini';
import { registerBody } from '#shared/schemas';
import { namedLanguage } from '#shared/enums';
import { translateMessage } from '#shared/messages';
import { apiHandler, json } from '#functions/lib/http';
import { registerAccount } from '#functions/auth/registration';
import { parseBody } from '#functions/auth/requests';

/** SPEC point 5's register rules, in the order the screen checks them. */
const RULES = ['auth.allFieldsRequired', 'auth.passwordsDontMatch', 'auth.passwordTooShort', 'validation.email'] as const;

/**
 * POST /api/auth/register: Cognito sign-up, company + CEO, confirmation e-mail; 201 `{ message }`.
 * The company starts in the interface language the request names (Accept-Language, which the
 * frontend always sends), else Portuguese.
 */
export const handler = apiHandler('register', { body: z.unknown() }, async ({ event, body, language }) => {
  const input = parseBody(registerBody, body, RULES);
  await registerAccount(input, language, namedLanguage(event.headers?.['accept-language']));
  return json({ message: translateMessage('auth.registered', language) }, 201);
});
