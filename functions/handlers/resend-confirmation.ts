import type * as z from 'zod/mini';
import { forgotPasswordBody } from '#shared/schemas';
import { translateMessage } from '#shared/messages';
import { apiHandler, json } from '#functions/lib/http';
import { requestConfirmationEmail } from '#functions/auth/confirmation-request';

/** POST /api/auth/resend-confirmation `{ email }`: the same 200 `{ message }` whatever the address. */
export const handler = apiHandler<z.infer<typeof forgotPasswordBody>>('resend-confirmation', { body: forgotPasswordBody }, async ({ body, language }) => {
  await requestConfirmationEmail(body.email, language);
  return json({ message: translateMessage('auth.confirmationResent', language) });
});
