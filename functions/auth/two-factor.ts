// TOTP two-factor: the step between a right password and a session. Cognito owns the secret and
// the check (functions/auth/cognito.ts); this module keeps the in-between state server-side:
// - a sign-in whose user has TOTP on gets Cognito's SOFTWARE_TOKEN_MFA challenge: its session is
//   kept as a one-time item and the browser asked for the code (step 'totp_required');
// - a sign-in whose company requires two-factor but who has not enrolled, or a member turning it on
//   for themself, gets an enrolment step holding the Cognito access token (step 'totp_enrol'): the
//   browser is shown the secret (and its otpauth:// URI) and proves a first code.
// The step item (tokens repository, kind 'two-factor', 10 min) is named by a random id in an
// httpOnly cookie, and what it holds (Cognito session or access token) is encrypted with a key
// derived from that id: reading the table alone does not let anyone use it. Wrong codes count in
// the per-address sign-in throttle (functions/auth/throttle.ts).
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import type { User } from '#shared/schemas';
import { getCompany } from '#functions/data/repositories/companies';
import { getUser } from '#functions/data/repositories/users';
import { consumeToken, issueToken, peekToken, revokeToken, TOKEN_TTL_SECONDS } from '#functions/data/repositories/tokens';
import { clearedCookie, readCookie, serializeCookie } from '#functions/lib/cookies';
import { BadRequestError, ConflictError, TooManyRequestsError, UnauthorizedError } from '#functions/lib/errors';
import { markTotpEnabled } from './account-store';
import * as cognito from './cognito';
import { clearFailures, lockedForSeconds, recordFailure } from './throttle';

export const TWO_FACTOR_COOKIE = 'rentalops_2fa';
export const TOTP_ISSUER = 'RentalOps';

export type TwoFactorStep = 'totp_required' | 'totp_enrol';

interface PendingStep extends Record<string, unknown> {
  step: TwoFactorStep;
  email: string;
  userId: string;
  companyId: string;
  /** The Cognito challenge session ('totp_required') or access token ('totp_enrol'), encrypted. */
  sealed: string;
}

const sealKey = (id: string) => createHash('sha256').update(`rentalops-2fa:${id}`).digest();

function seal(id: string, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', sealKey(id), iv);
  const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
}

function unseal(id: string, sealed: string): string {
  const raw = Buffer.from(sealed, 'base64url');
  const decipher = createDecipheriv('aes-256-gcm', sealKey(id), raw.subarray(0, 12));
  decipher.setAuthTag(raw.subarray(12, 28));
  return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
}

/** True when the user has turned TOTP on (recorded by the app when the enrolment succeeded). */
export const hasTotp = (user: User): boolean => Boolean((user as User & { totpEnabledAt?: string | null }).totpEnabledAt);

/** True when the user's company asks every member for a second factor. */
export async function companyRequiresTotp(user: User): Promise<boolean> {
  return (await getCompany(user.companyId))?.twoFactorEnabled === true;
}

/** Starts a step for `user`; returns the Set-Cookie value that names it. */
export async function beginStep(step: TwoFactorStep, user: Pick<User, 'email' | 'id' | 'companyId'>, secret: string): Promise<string> {
  const id = randomBytes(32).toString('base64url');
  await issueToken<PendingStep>('two-factor', { step, email: user.email, userId: user.id, companyId: user.companyId, sealed: seal(id, secret) }, { token: id });
  return serializeCookie(TWO_FACTOR_COOKIE, id, TOKEN_TTL_SECONDS['two-factor']);
}

export const clearStepCookie = () => clearedCookie(TWO_FACTOR_COOKIE);

interface OpenStep {
  id: string;
  data: PendingStep;
  secret: string;
}

/** The step the request's cookie names, of the expected kind, or 401 "sign in again". */
async function openStep(event: Pick<APIGatewayProxyEventV2, 'cookies' | 'headers'>, step: TwoFactorStep): Promise<OpenStep> {
  const id = readCookie(event, TWO_FACTOR_COOKIE);
  if (!id || !/^[A-Za-z0-9_-]{40,64}$/.test(id)) throw new UnauthorizedError('auth.totpSessionExpired');
  const check = await peekToken<PendingStep>('two-factor', id);
  if (check.status !== 'valid' || check.data.step !== step) throw new UnauthorizedError('auth.totpSessionExpired');
  try {
    return { id, data: check.data, secret: unseal(id, check.data.sealed) };
  } catch {
    throw new UnauthorizedError('auth.totpSessionExpired');
  }
}

/** The client IP a step's request came from: its failures count for that source (functions/auth/throttle.ts). */
const sourceOf = (event: Pick<APIGatewayProxyEventV2, 'requestContext'>) => event.requestContext?.http?.sourceIp;

async function refuseWhileLocked(email: string, source?: string): Promise<void> {
  const wait = await lockedForSeconds(email, source);
  if (wait > 0) throw new TooManyRequestsError('auth.tooManyAttempts', wait);
}

async function userOf(step: OpenStep): Promise<User> {
  const user = await getUser(step.data.companyId, step.data.userId);
  if (!user) throw new UnauthorizedError('auth.totpSessionExpired');
  return user;
}

/** The code of a 'totp_required' step: the user to start a session for, or a named refusal. */
export async function completeTotpSignIn(event: Pick<APIGatewayProxyEventV2, 'cookies' | 'headers' | 'requestContext'>, code: string): Promise<User> {
  const step = await openStep(event, 'totp_required');
  const source = sourceOf(event);
  await refuseWhileLocked(step.data.email, source);
  const answer = await cognito.answerTotpChallenge(step.data.email, step.secret, code);
  if (answer.outcome === 'wrong-code') {
    await recordFailure(step.data.email, source);
    throw new UnauthorizedError('auth.totpInvalid');
  }
  await consumeToken('two-factor', step.id);
  if (answer.outcome === 'expired') throw new UnauthorizedError('auth.totpSessionExpired');
  await clearFailures(step.data.email, source);
  return userOf(step);
}

/** otpauth:// URI of a TOTP secret (Key Uri Format), for authenticator apps and QR codes. */
export function otpauthUri(email: string, secret: string): string {
  const label = `${encodeURIComponent(TOTP_ISSUER)}:${encodeURIComponent(email)}`;
  return `otpauth://totp/${label}?secret=${secret}&issuer=${encodeURIComponent(TOTP_ISSUER)}&algorithm=SHA1&digits=6&period=30`;
}

/** A new secret for the 'totp_enrol' step (a second call replaces the first). */
export async function enrolmentSecret(event: Pick<APIGatewayProxyEventV2, 'cookies' | 'headers'>): Promise<{ secret: string; otpauthUri: string; email: string }> {
  const step = await openStep(event, 'totp_enrol');
  const secret = await cognito.associateTotp(step.secret);
  return { secret, otpauthUri: otpauthUri(step.data.email, secret), email: step.data.email };
}

/** The first code of an enrolment: turns TOTP on and returns the user to start a session for. */
export async function completeEnrolment(event: Pick<APIGatewayProxyEventV2, 'cookies' | 'headers' | 'requestContext'>, code: string): Promise<User> {
  const step = await openStep(event, 'totp_enrol');
  const source = sourceOf(event);
  await refuseWhileLocked(step.data.email, source);
  if (!(await cognito.verifyAndEnableTotp(step.data.email, step.secret, code))) {
    await recordFailure(step.data.email, source);
    throw new UnauthorizedError('auth.totpInvalid');
  }
  await revokeToken('two-factor', step.id);
  await markTotpEnabled(step.data.companyId, step.data.userId);
  await clearFailures(step.data.email, source);
  return userOf(step);
}

/**
 * A signed-in member turning TOTP on for themself: the password again (it yields the Cognito access
 * token enrolment needs, and proves it is them), then the secret. Refusals are 400/409/429, never
 * 401, which would read as "signed out".
 */
export async function startEnrolment(user: User, password: string): Promise<{ cookie: string; secret: string; otpauthUri: string; email: string }> {
  if (hasTotp(user)) throw new ConflictError('auth.totpAlreadyEnabled');
  await refuseWhileLocked(user.email);
  const result = await cognito.signInWithPassword(user.email, password);
  if (result.outcome === 'invalid-credentials') {
    await recordFailure(user.email);
    throw new BadRequestError('auth.invalidCredentials', { password: 'auth.invalidCredentials' });
  }
  if (result.outcome === 'totp-required') throw new ConflictError('auth.totpAlreadyEnabled');
  if (result.outcome !== 'ok') throw new BadRequestError('auth.passwordResetRequired');
  await clearFailures(user.email);
  const cookie = await beginStep('totp_enrol', user, result.accessToken);
  const secret = await cognito.associateTotp(result.accessToken);
  return { cookie, secret, otpauthUri: otpauthUri(user.email, secret), email: user.email };
}
