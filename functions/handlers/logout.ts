import { apiHandler, redirect } from '#functions/lib/http';
import { clearedCookie, SESSION_COOKIE } from '#functions/lib/cookies';
import { optionalEnv } from '#functions/lib/env';
import { endSession } from '#functions/auth/session';

const APP_URL = optionalEnv('APP_URL', 'http://localhost:3000').replace(/\/+$/, '');
// In AWS the Hosted UI keeps its own session cookie; without ending it, the next /api/login would sign
// the same person straight back in. Its /logout sends the browser on to logout_uri (/auth), which must
// be one of the app client's LogoutURLs. Locally unset: cognito-local keeps no session.
const HOSTED_UI_LOGOUT_URL = optionalEnv('COGNITO_LOGOUT_URL', '');
const CLIENT_ID = optionalEnv('COGNITO_CLIENT_ID', '');

function afterLogout(): string {
  if (!HOSTED_UI_LOGOUT_URL || !CLIENT_ID) return '/auth';
  const url = new URL(HOSTED_UI_LOGOUT_URL);
  url.searchParams.set('client_id', CLIENT_ID);
  url.searchParams.set('logout_uri', `${APP_URL}/auth`);
  return url.toString();
}

/** GET /api/logout: deletes the session item, clears the cookie, and lands on /auth. */
export const handler = apiHandler('logout', {}, async ({ event }) => {
  await endSession(event);
  return redirect(afterLogout(), { cookies: [clearedCookie(SESSION_COOKIE)] });
});
