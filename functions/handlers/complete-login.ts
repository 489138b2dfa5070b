import * as z from 'zod/mini';
import { apiHandler, redirect } from '#functions/lib/http';
import { logger } from '#functions/lib/logger';
import { clearStateCookie, finishSignIn, SignInRefused } from '#functions/auth/hosted-ui';
import { userForIdentity } from '#functions/auth/provisioning';
import { startSession } from '#functions/auth/session';
import { beginStep, companyRequiresTotp, hasTotp } from '#functions/auth/two-factor';

const callbackQuery = z.object({
  code: z.catch(z.optional(z.string().check(z.maxLength(2048))), undefined),
  state: z.catch(z.optional(z.string().check(z.maxLength(512))), undefined),
  error: z.catch(z.optional(z.string().check(z.maxLength(200))), undefined),
});

/**
 * GET /api/callback: the Hosted UI sends the browser back here with a code. A first sign-in registers
 * the person (trial company, CEO). Success lands on `/`, any failure on `/login?error=<code>`.
 * Two-factor: a user with TOTP on was asked for the code by the Hosted UI itself (Cognito, MFA on
 * for the user); one whose company requires it but who has not enrolled lands on `/two-factor`
 * with an enrolment step (the access token of this sign-in) instead of a session.
 */
export const handler = apiHandler('complete-login', { query: callbackQuery }, async ({ query, event }) => {
  try {
    const { identity, plan, accessToken } = await finishSignIn(query, event);
    const { user } = await userForIdentity(identity, { authProvider: 'cognito-hosted-ui', requestedPlan: plan });
    // Registered by e-mail but the confirmation link not followed yet (the pool user exists already).
    if (!user.emailVerified && !identity.emailVerified) throw new SignInRefused('email_not_confirmed');
    if (!hasTotp(user) && (await companyRequiresTotp(user))) {
      if (!accessToken) throw new SignInRefused('token_exchange_failed');
      const step = await beginStep('totp_enrol', user, accessToken);
      return redirect('/two-factor', { cookies: [step, clearStateCookie()] });
    }
    const session = await startSession(user, event);
    return redirect('/', { cookies: [session, clearStateCookie()] });
  } catch (error) {
    const code = error instanceof SignInRefused ? error.code : 'server_error';
    if (code === 'server_error') logger.error('Hosted UI sign-in failed', { error: error as Error });
    else logger.warn('Hosted UI sign-in refused', { code });
    return redirect(`/login?error=${encodeURIComponent(code)}`, { cookies: [clearStateCookie()] });
  }
});
