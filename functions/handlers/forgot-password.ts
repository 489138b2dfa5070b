import type * as z from 'zod/mini';
import { forgotPasswordBody } from '#shared/schemas';
import { translateMessage } from '#shared/messages';
import { apiHandler, json } from '#functions/lib/http';
import { requestPasswordReset } from '#functions/auth/reset-request';

/** POST /api/auth/forgot-password: the same 200 `{ message }` whether or not the address has an account. */
export const handler = apiHandler<z.infer<typeof forgotPasswordBody>>('forgot-password', { body: forgotPasswordBody }, async ({ body, language }) => {
  await requestPasswordReset(body.email, language);
  return json({ message: translateMessage('auth.resetEmailSent', language) });
});
