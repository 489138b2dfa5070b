import * as z from 'zod/mini';
import { apiHandler, redirect } from '#functions/lib/http';
import { logger } from '#functions/lib/logger';
import { clearStateCookie, finishSignIn, SignInRefused } from '#functions/auth/hosted-ui';
import { userForIdentity } from '#functions/auth/provisioning';
import { startSession } from '#functions/auth/session';

const callbackQuery = z.object({
  code: z.catch(z.optional(z.string().check(z.maxLength(2048))), undefined),
  state: z.catch(z.optional(z.string().check(z.maxLength(512))), undefined),
  error: z.catch(z.optional(z.string().check(z.maxLength(200))), undefined),
});

/**
 * GET /api/callback: the Hosted UI sends the browser back here with a code. A first sign-in registers
 * the person (trial company, CEO). Success lands on `/`, any failure on `/login?error=<code>`.
 */
export const handler = apiHandler('complete-login', { query: callbackQuery }, async ({ query, event }) => {
  try {
    const { identity, plan } = await finishSignIn(query, event);
    const { user } = await userForIdentity(identity, { authProvider: 'cognito-hosted-ui', requestedPlan: plan });
    const session = await startSession(user, event);
    return redirect('/', { cookies: [session, clearStateCookie()] });
  } catch (error) {
    const code = error instanceof SignInRefused ? error.code : 'server_error';
    if (code === 'server_error') logger.error('Hosted UI sign-in failed', { error: error as Error });
    else logger.warn('Hosted UI sign-in refused', { code });
    return redirect(`/login?error=${encodeURIComponent(code)}`, { cookies: [clearStateCookie()] });
  }
});
