import * as z from 'zod/mini';
import { tokenBody } from '#shared/schemas';
import { translateMessage } from '#shared/messages';
import { apiHandler, json } from '#functions/lib/http';
import { confirmEmail } from '#functions/auth/email-confirmation';
import { answeringLinkErrors, parseBody } from '#functions/auth/requests';

/** POST /api/email/confirm `{ token }`: `{ message, alreadyConfirmed }`, or 400 `{ message, code: 'expired' | 'invalid' }`. */
export const handler = apiHandler('confirm-email', { body: z.unknown() }, async ({ body, language }) =>
  answeringLinkErrors(language, async () => {
    const { token } = parseBody(tokenBody, body, ['auth.linkInvalid']);
    const outcome = await confirmEmail(token);
    return json({ message: translateMessage(outcome === 'already' ? 'auth.emailAlreadyConfirmed' : 'auth.emailConfirmed', language), alreadyConfirmed: outcome === 'already' });
  }),
);
