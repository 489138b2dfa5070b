// Two-factor (TOTP) calls. Each works on the step the server keeps behind an httpOnly cookie (set
// by a password sign-in answered 401 `{ step }`, by the Hosted UI callback, or by `start`).
import { apiRequest } from '../../../lib/api-client';
import type { CurrentUser } from './get-current-user';

/** What a password sign-in asks next, when it does not answer a session. */
export type TwoFactorStep = 'totp_required' | 'totp_enrol';

export interface TotpSecret {
  /** Base32, for manual entry. */
  secret: string;
  /** otpauth://totp/…: a tap on a phone opens the authenticator app with it. */
  otpauthUri: string;
  email: string;
}

export interface SignedIn {
  message?: string;
  user?: CurrentUser;
}

/** The step of a refused sign-in answer (401 `{ step }`), if it is one. */
export function twoFactorStepOf(body: unknown): TwoFactorStep | undefined {
  const step = (body as { step?: unknown } | undefined)?.step;
  return step === 'totp_required' || step === 'totp_enrol' ? step : undefined;
}

export const loginWithTotp = (code: string) => apiRequest<SignedIn>('POST', '/api/auth/login-totp', { code });
export const setupTwoFactor = () => apiRequest<TotpSecret>('POST', '/api/auth/two-factor/setup');
export const verifyTwoFactor = (code: string) => apiRequest<SignedIn>('POST', '/api/auth/two-factor/verify', { code });
/** A signed-in member turning two-factor on: the password again, then the secret. */
export const startTwoFactor = (password: string) => apiRequest<TotpSecret>('POST', '/api/auth/two-factor/start', { password });
