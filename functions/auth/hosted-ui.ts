// Sign-in through the Cognito Hosted UI: the OAuth authorization-code flow with PKCE and state.
// `beginSignIn` keeps the state and the PKCE verifier server-side (a one-time token item, 10 min)
// and binds the state to the browser with a short-lived httpOnly cookie; `finishSignIn` accepts a
// callback only when the cookie, the query and the stored item agree, uses the item up, redeems the
// code and verifies the id token.
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import type { UiLanguage } from '#shared/enums';
import { clearedCookie, readCookie, serializeCookie } from '#functions/lib/cookies';
import type { Identity } from './identity';
import { authorizeUrl, createPkce, exchangeCode, OAuthError, sameSecret, verifyIdToken } from './oauth';
import type { SelectablePlan } from './provisioning';
import { consumeToken, issueToken, randomToken, TOKEN_TTL_SECONDS } from '#functions/data/repositories/tokens';

export const STATE_COOKIE = 'rentalops_oauth_state';

interface PendingSignIn extends Record<string, unknown> {
  codeVerifier: string;
  plan: SelectablePlan | null;
}

/** `language`: the app's interface language, which the sign-in pages are shown in (absent: the browser's). */
export async function beginSignIn(plan: SelectablePlan | undefined, language?: UiLanguage): Promise<{ location: string; cookie: string }> {
  const state = randomToken();
  const pkce = createPkce();
  await issueToken<PendingSignIn>('oauth', { codeVerifier: pkce.verifier, plan: plan ?? null }, { token: state });
  return { location: authorizeUrl(state, pkce.challenge, language), cookie: serializeCookie(STATE_COOKIE, state, TOKEN_TTL_SECONDS.oauth) };
}

export const clearStateCookie = () => clearedCookie(STATE_COOKIE);

export class SignInRefused extends Error {
  constructor(readonly code: string) {
    super(code);
    this.name = 'SignInRefused';
  }
}

export interface CallbackQuery {
  code?: string;
  state?: string;
  error?: string;
}

export async function finishSignIn(
  query: CallbackQuery,
  event: Pick<APIGatewayProxyEventV2, 'cookies' | 'headers'>,
): Promise<{ identity: Identity; plan: SelectablePlan | null; accessToken: string | null }> {
  const cookieState = readCookie(event, STATE_COOKIE);
  // Use the stored state up whatever happens next, but only when this browser started the flow.
  const pending = query.state && sameSecret(cookieState, query.state) ? await consumeToken<PendingSignIn>('oauth', query.state) : undefined;
  if (query.error) throw new SignInRefused(query.error === 'access_denied' ? 'access_denied' : 'provider_error');
  if (!pending || pending.status !== 'valid') throw new SignInRefused('invalid_state');
  if (!query.code) throw new SignInRefused('missing_code');
  try {
    const { idToken, accessToken } = await exchangeCode(query.code, pending.data.codeVerifier);
    return { identity: await verifyIdToken(idToken), plan: pending.data.plan, accessToken };
  } catch (error) {
    if (error instanceof OAuthError) throw new SignInRefused(error.code);
    throw error;
  }
}
