// E-mail/password sign-in through Cognito (AdminInitiateAuth ADMIN_USER_PASSWORD_AUTH), behind the
// throttle of failures per address and source (functions/auth/throttle.ts). Returns the app user to start a session for, or the two-factor step the
// browser must complete first (functions/auth/two-factor.ts); every refusal is a named error.
import { decodeJwt } from 'jose';
import type { User } from '#shared/schemas';
import { findUserByEmail } from '#functions/data/repositories/users';
import { EmailNotConfirmedError, ForbiddenError, TooManyRequestsError, UnauthorizedError } from '#functions/lib/errors';
import * as cognito from './cognito';
import { identityFromClaims } from './identity';
import { userForIdentity } from './provisioning';
import { clearFailures, lockedForSeconds, recordFailure } from './throttle';
import { beginStep, companyRequiresTotp, type TwoFactorStep } from './two-factor';

export type PasswordSignInResult = { user: User; step?: undefined } | { step: TwoFactorStep; cookie: string };

/** `source`: the client IP the request came from (API Gateway's requestContext.http.sourceIp). */
export async function signInWithPassword(email: string, password: string, source?: string): Promise<PasswordSignInResult> {
  const wait = await lockedForSeconds(email, source);
  if (wait > 0) throw new TooManyRequestsError('auth.tooManyAttempts', wait);

  const result = await cognito.signInWithPassword(email, password);
  switch (result.outcome) {
    case 'invalid-credentials':
      await recordFailure(email, source);
      throw new UnauthorizedError('auth.invalidCredentials');
    case 'not-confirmed':
      throw new EmailNotConfirmedError();
    case 'reset-required':
      throw new ForbiddenError('auth.passwordResetRequired');
    case 'totp-required': {
      // The password was right; the code decides. Cognito asks whenever the user has TOTP on.
      const known = await findUserByEmail(email);
      if (!known) throw new UnauthorizedError('auth.invalidCredentials');
      return { step: 'totp_required', cookie: await beginStep('totp_required', known, result.session) };
    }
    case 'ok':
      break;
  }
  // The id token came straight from Cognito over TLS in answer to our own call, so its claims can be
  // read without checking the signature (OpenID Connect Core 3.1.3.7). It names a person the app may
  // not know yet (a pool user created outside the app): register them as a first Hosted UI sign-in would.
  const identity = identityFromClaims(decodeJwt(result.idToken)) ?? { email, emailVerified: true, firstName: null, lastName: null, picture: null };
  const { user } = await userForIdentity(identity, { authProvider: 'cognito' });
  // Registration creates the pool user with its password at once (email_verified false); the app's
  // own e-mail link proves the address in both places. Until then the sign-in waits.
  if (!user.emailVerified && !identity.emailVerified) throw new EmailNotConfirmedError();
  await clearFailures(email, source);
  // Cognito answered without a code step, so the user has no TOTP on: enrol first when required.
  if (await companyRequiresTotp(user)) {
    return { step: 'totp_enrol', cookie: await beginStep('totp_enrol', user, result.accessToken) };
  }
  return { user };
}
