// Sign-in through the Hosted UI (OAuth code flow + PKCE + state) against cognito-local's
// /oauth2/authorize and /oauth2/token, then the app's /api/callback.
import { createHash } from 'node:crypto';
import { generateKeyPair, SignJWT } from 'jose';
import { invoke } from '../../local/invoke';
import { createTestCompany, uniqueEmail } from '../../tests/support/fixtures';
import { createPoolUser, setCookie, signInOnHostedUi } from '../../tests/support/identity';
import { getCompany } from '../data/repositories/companies';
import { findUserByEmail } from '../data/repositories/users';
import { verifyIdToken } from './oauth';
import { peekToken } from '#functions/data/repositories/tokens';

const PASSWORD = 'hosted-ui-1';

/** GET /api/login, sign in on the Hosted UI, and return the callback URL and the state cookie. */
async function throughHostedUi(email: string, query = '') {
  const start = await invoke('GET', `/api/login${query}`);
  const authorize = new URL(start.headers.location);
  const stateCookie = setCookie(start, 'rentalops_oauth_state')!;
  const signedIn = await signInOnHostedUi(authorize.toString(), email, PASSWORD);
  return { start, authorize, stateCookie, signedIn, callback: new URL(signedIn.location ?? 'http://invalid/') };
}

describe('sign-in through the Hosted UI', () => {
  it('redirects to the provider with PKCE (S256), state and the registered callback', async () => {
    const start = await invoke('GET', '/api/login');

    expect(start.status).toBe(302);
    const authorize = new URL(start.headers.location);
    expect(`${authorize.origin}${authorize.pathname}`).toBe(process.env.COGNITO_AUTHORIZE_URL);
    expect(Object.fromEntries(authorize.searchParams)).toMatchObject({
      response_type: 'code',
      client_id: process.env.COGNITO_CLIENT_ID,
      redirect_uri: 'http://localhost:3000/api/callback',
      scope: 'openid email profile aws.cognito.signin.user.admin',
      code_challenge_method: 'S256',
      code_challenge: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      state: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
    });
    const cookie = setCookie(start, 'rentalops_oauth_state')!;
    expect(cookie.value).toBe(authorize.searchParams.get('state'));
    expect(cookie.attributes).toMatch(/HttpOnly/);
    expect(cookie.attributes).toMatch(/Max-Age=600/);
  });

  it('registers a first-time user automatically: trial company for 7 days, the user as its CEO, the chosen plan requested', async () => {
    const email = uniqueEmail('hosted');
    await createPoolUser(email, PASSWORD);

    const { callback, stateCookie, signedIn } = await throughHostedUi(email, '?plan=enterprise');
    expect(signedIn.status).toBe(302);
    expect(callback.pathname).toBe('/api/callback');
    expect(callback.searchParams.get('code')).toBeTruthy();
    const done = await invoke('GET', `/api/callback${callback.search}`, { cookies: [stateCookie.pair] });

    expect(done.status).toBe(302);
    expect(done.headers.location).toBe('/');
    const session = setCookie(done, 'rentalops_sid')!;
    expect(session.attributes).toMatch(/HttpOnly/);
    expect(setCookie(done, 'rentalops_oauth_state')?.attributes).toMatch(/Max-Age=0/);
    const me = await invoke('GET', '/api/auth/user', { cookies: [session.pair] });
    expect(me).toMatchObject({ status: 200, body: { email, role: 'ceo' } });

    const user = await findUserByEmail(email);
    expect(user).toMatchObject({ role: 'ceo', authProvider: 'cognito-hosted-ui' });
    const company = await getCompany(user!.companyId);
    expect(company).toMatchObject({ plan: 'trial', requestedPlan: 'enterprise' });
    const sevenDays = Date.now() + 7 * 24 * 60 * 60 * 1000;
    expect(Math.abs(new Date(company!.trialEndsAt!).getTime() - sevenDays)).toBeLessThan(60_000);
  });

  it('signs an existing user into their own company without creating another', async () => {
    const company = await createTestCompany();
    const manager = await company.add('operational_manager');
    await createPoolUser(manager.user.email, PASSWORD);

    const { callback, stateCookie } = await throughHostedUi(manager.user.email);
    const done = await invoke('GET', `/api/callback${callback.search}`, { cookies: [stateCookie.pair] });

    expect(done.headers.location).toBe('/');
    const me = await invoke('GET', '/api/auth/user', { cookies: [setCookie(done, 'rentalops_sid')!.pair] });
    expect(me.body).toMatchObject({ id: manager.user.id, companyId: company.companyId, role: 'operational_manager' });
  });

  it('refuses a callback whose state does not match the cookie, and creates nothing', async () => {
    const email = uniqueEmail('hosted');
    await createPoolUser(email, PASSWORD);
    const { callback } = await throughHostedUi(email);
    const other = await invoke('GET', '/api/login');
    const otherCookie = setCookie(other, 'rentalops_oauth_state')!;

    const wrongCookie = await invoke('GET', `/api/callback${callback.search}`, { cookies: [otherCookie.pair] });
    const noCookie = await invoke('GET', `/api/callback${callback.search}`);
    const forged = new URLSearchParams(callback.search);
    forged.set('state', otherCookie.value.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')));
    const wrongState = await invoke('GET', `/api/callback?${forged}`, { cookies: [otherCookie.pair] });

    for (const response of [wrongCookie, noCookie, wrongState]) {
      expect(response.status).toBe(302);
      expect(response.headers.location).toBe('/login?error=invalid_state');
      expect(setCookie(response, 'rentalops_sid')).toBeUndefined();
    }
    expect(await findUserByEmail(email)).toBeUndefined();
  });

  it('accepts a state only once', async () => {
    const email = uniqueEmail('hosted');
    await createPoolUser(email, PASSWORD);
    const { callback, stateCookie } = await throughHostedUi(email);
    const first = await invoke('GET', `/api/callback${callback.search}`, { cookies: [stateCookie.pair] });
    expect(first.headers.location).toBe('/');

    const replay = await invoke('GET', `/api/callback${callback.search}`, { cookies: [stateCookie.pair] });

    expect(replay.headers.location).toBe('/login?error=invalid_state');
    expect(setCookie(replay, 'rentalops_sid')).toBeUndefined();
  });

  it('sends the browser to /login with the reason when the provider reports an error or the code is bad', async () => {
    const start = await invoke('GET', '/api/login');
    const state = new URL(start.headers.location).searchParams.get('state')!;
    const cookie = setCookie(start, 'rentalops_oauth_state')!;
    const denied = await invoke('GET', `/api/callback?error=access_denied&state=${state}`, { cookies: [cookie.pair] });
    expect(denied.headers.location).toBe('/login?error=access_denied');

    const again = await invoke('GET', '/api/login');
    const againState = new URL(again.headers.location).searchParams.get('state')!;
    const badCode = await invoke('GET', `/api/callback?code=not-a-code&state=${againState}`, { cookies: [setCookie(again, 'rentalops_oauth_state')!.pair] });
    expect(badCode.headers.location).toBe('/login?error=token_exchange_failed');
  });

  it('does not let the provider sign in someone who never confirmed the e-mail', async () => {
    const body = { email: uniqueEmail('hosted'), password: PASSWORD, confirmPassword: PASSWORD, firstName: 'Rui', lastName: 'Lima' };
    expect((await invoke('POST', '/api/auth/register', { body })).status).toBe(201);

    // The app made the pool user with its password (no public SignUp), so the provider accepts the
    // password; the callback refuses while the e-mail is unproven on both sides.
    const { callback, stateCookie } = await throughHostedUi(body.email);
    const done = await invoke('GET', `/api/callback${callback.search}`, { cookies: [stateCookie.pair] });

    expect(done).toMatchObject({ status: 302, headers: { location: '/login?error=email_not_confirmed' } });
    expect(setCookie(done, 'rentalops_sid')).toBeUndefined();
  });

  it('keeps the PKCE verifier server-side, under the state, and sends only its S256 digest', async () => {
    const start = await invoke('GET', '/api/login?plan=basic');
    const authorize = new URL(start.headers.location);

    const stored = await peekToken<{ codeVerifier: string; plan: string }>('oauth', authorize.searchParams.get('state')!);

    expect(stored.status).toBe('valid');
    if (stored.status !== 'valid') return;
    expect(stored.data.plan).toBe('basic');
    expect(stored.data.codeVerifier).toMatch(/^[A-Za-z0-9_-]{43,128}$/);
    expect(createHash('sha256').update(stored.data.codeVerifier).digest('base64url')).toBe(authorize.searchParams.get('code_challenge'));
    expect(start.headers.location).not.toContain(stored.data.codeVerifier);
  });

  it('ignores a plan that is not offered', async () => {
    const start = await invoke('GET', '/api/login?plan=free-forever');
    expect(start.status).toBe(302);
    const stored = await peekToken<{ plan: string | null }>('oauth', new URL(start.headers.location).searchParams.get('state')!);
    expect(stored).toMatchObject({ status: 'valid', data: { plan: null } });
  });
});

describe('sign-in in the app\'s language', () => {
  const WORDS = {
    pt: { lang: 'pt-BR', heading: 'Entrar no RentalOps', password: 'Senha', submit: 'Entrar', wrong: 'Nome de usuário ou senha incorretos.' },
    en: { lang: 'en', heading: 'Sign in to RentalOps', password: 'Password', submit: 'Sign in', wrong: 'Incorrect username or password.' },
    es: { lang: 'es', heading: 'Iniciar sesión en RentalOps', password: 'Contraseña', submit: 'Iniciar sesión', wrong: 'Nombre de usuario o contraseña incorrectos.' },
  } as const;

  it.each(Object.entries(WORDS))('sends `lang` for %s to managed login, whose page (the stand-in) is in that language, a wrong password included', async (language, words) => {
    const email = uniqueEmail('hosted-lang');
    await createPoolUser(email, PASSWORD);
    const start = await invoke('GET', `/api/login?lang=${language}`);
    const authorize = new URL(start.headers.location);
    expect(authorize.searchParams.get('lang')).toBe(words.lang);

    const page = await fetch(authorize);
    const html = await page.text();
    expect(page.status).toBe(200);
    expect(html).toContain(`<html lang="${words.lang}">`);
    for (const text of [words.heading, `>${words.password}</label>`, `>${words.submit}</button>`]) expect(html).toContain(text);
    const others = Object.values(WORDS).filter((other) => other !== words);
    for (const other of others) expect(html).not.toContain(other.heading);

    const wrong = await signInOnHostedUi(authorize.toString(), email, 'not-the-password');
    expect(wrong.status).toBe(200);
    expect(wrong.page).toContain(words.wrong);
    expect(wrong.page).toContain(`<html lang="${words.lang}">`);

    // The right password still ends at the app's callback, whatever the language.
    const right = await signInOnHostedUi(authorize.toString(), email, PASSWORD);
    expect(right.status).toBe(302);
    const callback = new URL(right.location!);
    expect(callback.pathname).toBe('/api/callback');
    expect(callback.searchParams.get('state')).toBe(authorize.searchParams.get('state'));
    const done = await invoke('GET', `/api/callback${callback.search}`, { cookies: [setCookie(start, 'rentalops_oauth_state')!.pair] });
    expect(done.headers.location).toBe('/');
  });

  it('takes the browser\'s language when the app names none, and ignores one it does not speak', async () => {
    const spanishBrowser = await invoke('GET', '/api/login', { headers: { 'accept-language': 'es-MX,es;q=0.9,en;q=0.5' } });
    expect(new URL(spanishBrowser.headers.location).searchParams.get('lang')).toBe('es');

    // The app's choice wins over the browser's.
    const chosen = await invoke('GET', '/api/login?lang=pt', { headers: { 'accept-language': 'es-MX' } });
    expect(new URL(chosen.headers.location).searchParams.get('lang')).toBe('pt-BR');

    for (const query of ['?lang=de', '?lang=pt-BR', '?lang=%3Cscript%3E', '?lang=en&lang=es', '?lang=']) {
      const start = await invoke('GET', `/api/login${query}`, { headers: { 'accept-language': 'fr-FR' } });
      expect(start.status).toBe(302);
      expect(new URL(start.headers.location).searchParams.has('lang')).toBe(false);
    }
    // No language at all: no `lang`, and the stand-in (like Cognito) shows English.
    const none = await invoke('GET', '/api/login');
    const authorize = new URL(none.headers.location);
    expect(authorize.searchParams.has('lang')).toBe(false);
    expect(await (await fetch(authorize)).text()).toContain(WORDS.en.heading);
  });

  it('escapes what the query carries into the stand-in\'s page, and still refuses a callback it does not know', async () => {
    const start = await invoke('GET', '/api/login?lang=es');
    const authorize = new URL(start.headers.location);
    authorize.searchParams.set('state', '"><script>alert(1)</script>');
    const html = await (await fetch(authorize)).text();
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(html).toContain('&quot;&gt;&lt;script&gt;');

    authorize.searchParams.set('redirect_uri', 'https://evil.example/api/callback');
    const refused = await fetch(authorize);
    expect(refused.status).toBe(400);
  });
});

describe('id token verification', () => {
  it('rejects a token signed with a key that is not the pool’s', async () => {
    const { privateKey } = await generateKeyPair('RS256');
    const forged = await new SignJWT({ email: 'mallory@example.com', token_use: 'id' })
      .setProtectedHeader({ alg: 'RS256', kid: 'CognitoLocal' })
      .setIssuer(process.env.COGNITO_ISSUER as string)
      .setAudience(process.env.COGNITO_CLIENT_ID as string)
      .setSubject('mallory')
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(privateKey);

    await expect(verifyIdToken(forged)).rejects.toMatchObject({ code: 'invalid_token' });
  });
});
