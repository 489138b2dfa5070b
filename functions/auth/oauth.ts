// The OAuth 2.0 authorization-code flow with PKCE (S256) against the Cognito Hosted UI (locally:
// cognito-local's /oauth2/authorize and /oauth2/token). Endpoints, issuer and JWKS URL are
// configured explicitly (cognito-local's discovery document names the wrong host), and the id token
// is verified with jose against the pool's JWKS, which works the same locally and in AWS.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { createRemoteJWKSet, jwtVerify, type JWTPayload } from 'jose';
import type { UiLanguage } from '#shared/enums';
import { optionalEnv, requireEnv } from '#functions/lib/env';
import { identityFromClaims, type Identity } from './identity';

const CLIENT_ID = requireEnv('COGNITO_CLIENT_ID');
const AUTHORIZE_URL = requireEnv('COGNITO_AUTHORIZE_URL');
const TOKEN_URL = requireEnv('COGNITO_TOKEN_URL');
const ISSUER = requireEnv('COGNITO_ISSUER');
const APP_URL = optionalEnv('APP_URL', 'http://localhost:3000').replace(/\/+$/, '');
/** The callback registered on the app client (CallbackURLs). */
export const REDIRECT_URI = `${APP_URL}/api/callback`;
export const SCOPES = 'openid email profile aws.cognito.signin.user.admin';
const TOKEN_TIMEOUT_MS = 5_000;

/** Created once: jose caches the keys and refetches on an unknown key id. */
const jwks = createRemoteJWKSet(new URL(requireEnv('COGNITO_JWKS_URL')), { timeoutDuration: TOKEN_TIMEOUT_MS });

export interface Pkce {
  verifier: string;
  challenge: string;
}

export function createPkce(): Pkce {
  // 32 random bytes -> a 43-character verifier, the minimum RFC 7636 allows and what most clients use.
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

/**
 * Managed login's `lang` for each interface language: Cognito localizes its managed login pages
 * (branding version 2, not the classic Hosted UI) in de, en, es, fr, id, it, ja, ko, pt-BR, zh-CN
 * and zh-TW, chosen by a `lang` query parameter on /oauth2/authorize (it keeps the choice in a
 * cookie for the pages that follow). Our Portuguese is Brazil's.
 */
export const MANAGED_LOGIN_LANG: Readonly<Record<UiLanguage, string>> = { pt: 'pt-BR', en: 'en', es: 'es' };

export function authorizeUrl(state: string, codeChallenge: string, language?: UiLanguage): string {
  const url = new URL(AUTHORIZE_URL);
  url.search = new URLSearchParams({
    response_type: 'code',
    client_id: CLIENT_ID,
    redirect_uri: REDIRECT_URI,
    scope: SCOPES,
    state,
    code_challenge: codeChallenge,
    code_challenge_method: 'S256',
    ...(language ? { lang: MANAGED_LOGIN_LANG[language] } : {}),
  }).toString();
  return url.toString();
}

export function sameSecret(a: string | undefined, b: string | undefined): boolean {
  if (!a || !b) return false;
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

export class OAuthError extends Error {
  constructor(
    /** Short code for `/login?error=…`. */
    readonly code: 'token_exchange_failed' | 'invalid_token' | 'missing_email',
    detail: string,
  ) {
    super(detail);
    this.name = 'OAuthError';
  }
}

/**
 * Redeems the code (with the PKCE verifier) at the token endpoint; returns the raw id token and the
 * access token (kept server-side only: a two-factor enrolment after a Hosted UI sign-in uses it).
 */
export async function exchangeCode(code: string, codeVerifier: string): Promise<{ idToken: string; accessToken: string | null }> {
  let response: Response;
  try {
    response = await fetch(TOKEN_URL, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        client_id: CLIENT_ID,
        code,
        redirect_uri: REDIRECT_URI,
        code_verifier: codeVerifier,
      }),
      signal: AbortSignal.timeout(TOKEN_TIMEOUT_MS),
    });
  } catch (error) {
    throw new OAuthError('token_exchange_failed', `token endpoint unreachable: ${(error as Error).message}`);
  }
  const body = (await response.json().catch(() => ({}))) as { id_token?: unknown; access_token?: unknown; error?: unknown };
  if (!response.ok || typeof body.id_token !== 'string') {
    throw new OAuthError('token_exchange_failed', `token endpoint answered ${response.status} ${String(body.error ?? '')}`);
  }
  return { idToken: body.id_token, accessToken: typeof body.access_token === 'string' ? body.access_token : null };
}

/** Verifies signature, issuer, audience, expiry and token use of a Cognito id token. */
export async function verifyIdToken(idToken: string): Promise<Identity> {
  let payload: JWTPayload;
  try {
    ({ payload } = await jwtVerify(idToken, jwks, { issuer: ISSUER, audience: CLIENT_ID, algorithms: ['RS256'] }));
  } catch (error) {
    throw new OAuthError('invalid_token', `id token rejected: ${(error as Error).message}`);
  }
  if (payload.token_use !== 'id' || !payload.sub) throw new OAuthError('invalid_token', 'not an id token');
  const identity = identityFromClaims(payload);
  if (!identity) throw new OAuthError('missing_email', 'the id token carries no e-mail');
  return identity;
}
