import * as z from 'zod/mini';
import { resetPasswordBody } from '#shared/schemas';
import { translateMessage } from '#shared/messages';
import { apiHandler, json } from '#functions/lib/http';
import { resetPassword } from '#functions/auth/password-reset';
import { answeringLinkErrors, parseBody } from '#functions/auth/requests';

/** POST /api/auth/reset-password `{ token, newPassword }`: `{ message }`, or 400 (rules, or link `code`). */
export const handler = apiHandler('reset-password', { body: z.unknown() }, async ({ body, language }) =>
  answeringLinkErrors(language, async () => {
    const { token, newPassword } = parseBody(resetPasswordBody, body, ['auth.linkInvalid']);
    await resetPassword(token, newPassword);
    return json({ message: translateMessage('auth.passwordReset', language) });
  }),
);
