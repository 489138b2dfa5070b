// E-mail/password sign-in through Cognito (InitiateAuth USER_PASSWORD_AUTH), behind the per-address
// throttle. Returns the app user to start a session for; every refusal is a named error.
import { decodeJwt } from 'jose';
import type { User } from '#shared/schemas';
import { EmailNotConfirmedError, ForbiddenError, TooManyRequestsError, UnauthorizedError } from '#functions/lib/errors';
import * as cognito from './cognito';
import { identityFromClaims } from './identity';
import { userForIdentity } from './provisioning';
import { clearFailures, lockedForSeconds, recordFailure } from './throttle';

export async function signInWithPassword(email: string, password: string): Promise<User> {
  const wait = await lockedForSeconds(email);
  if (wait > 0) throw new TooManyRequestsError('auth.tooManyAttempts', wait);

  const result = await cognito.signInWithPassword(email, password);
  switch (result.outcome) {
    case 'invalid-credentials':
      await recordFailure(email);
      throw new UnauthorizedError('auth.invalidCredentials');
    case 'not-confirmed':
      throw new EmailNotConfirmedError();
    case 'reset-required':
      throw new ForbiddenError('auth.passwordResetRequired');
    case 'ok':
      break;
  }
  await clearFailures(email);
  // The id token came straight from Cognito over TLS in answer to our own call, so its claims can be
  // read without checking the signature (OpenID Connect Core 3.1.3.7). It names a person the app may
  // not know yet (signed up through the Hosted UI, but never came back): register them as a first
  // Hosted UI sign-in would.
  const identity = identityFromClaims(decodeJwt(result.idToken)) ?? { email, emailVerified: true, firstName: null, lastName: null, picture: null };
  const { user } = await userForIdentity(identity, { authProvider: 'cognito' });
  return user;
}
