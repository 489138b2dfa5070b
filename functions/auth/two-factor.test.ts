// TOTP two-factor through the route table against the local stand-ins (cognito-local holds the
// secret and checks the codes; the codes here come from the `otpauth` package, as an authenticator
// app would make them): enrolment required by the company, the code step at sign-in in both paths,
// wrong codes refused and counted by the sign-in throttle, and a member turning it on for themself.
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { Secret, TOTP } from 'otpauth';
import { invoke, type InvokeResult } from '../../local/invoke';
import { createTestCompany } from '../../tests/support/fixtures';
import { createPoolUser, setCookie, signInOnHostedUi } from '../../tests/support/identity';
import { db, tableName } from '../data/client';
import { keys } from '../data/keys';
import { FIRST_DELAY_SECONDS } from './throttle';

const PASSWORD = 'Two-factor-42';
const PT = { 'accept-language': 'pt-BR' };

const totp = (secret: string) => new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 });

/** A 6-digit code that is none of the codes valid around now (cognito-local accepts one step either side). */
function wrongCode(secret: string): string {
  const valid = new Set([-30_000, 0, 30_000].map((offset) => totp(secret).generate({ timestamp: Date.now() + offset })));
  for (let n = 0; ; n += 1) {
    const candidate = String((123456 + n * 7919) % 1_000_000).padStart(6, '0');
    if (!valid.has(candidate)) return candidate;
  }
}

async function requireTwoFactor(companyId: string, on = true): Promise<void> {
  await db.send(
    new UpdateCommand({ TableName: tableName(), Key: keys.company(companyId), UpdateExpression: 'SET twoFactorEnabled = :on', ExpressionAttributeValues: { ':on': on } }),
  );
}

/** A member of a company (with the given two-factor setting) who can sign in with PASSWORD. */
async function member(companyRequires: boolean) {
  const company = await createTestCompany();
  const { user } = await company.add('staff');
  await createPoolUser(user.email, PASSWORD);
  await requireTwoFactor(company.companyId, companyRequires);
  return { company, user };
}

const login = (email: string, password = PASSWORD, headers: Record<string, string> = {}) =>
  invoke('POST', '/api/auth/login-email', { body: { email, password }, headers });

const cookieOf = (response: InvokeResult, name: string) => setCookie(response, name)?.pair;

/** Password sign-in answered 'totp_enrol', the secret shown, the first code verified: returns the secret. */
async function enrol(email: string): Promise<{ secret: string; verified: InvokeResult }> {
  const step = await login(email);
  expect(step).toMatchObject({ status: 401, body: { step: 'totp_enrol', code: 'totp_enrol' } });
  const stepCookie = cookieOf(step, 'rentalops_2fa')!;
  const setup = await invoke('POST', '/api/auth/two-factor/setup', { cookies: [stepCookie] });
  expect(setup.status).toBe(200);
  const { secret } = setup.body as { secret: string };
  const verified = await invoke('POST', '/api/auth/two-factor/verify', { body: { code: totp(secret).generate() }, cookies: [stepCookie] });
  return { secret, verified };
}

describe('two-factor required by the company', () => {
  it('makes a member enrol at sign-in: no session until a first code from the secret is verified', async () => {
    const { user } = await member(true);

    const step = await login(user.email, PASSWORD, PT);
    expect(step.status).toBe(401);
    expect(step.body).toEqual({ step: 'totp_enrol', code: 'totp_enrol', message: expect.stringContaining('Sua empresa exige autenticação de dois fatores') });
    expect(cookieOf(step, 'rentalops_sid')).toBeUndefined();
    const stepCookie = setCookie(step, 'rentalops_2fa')!;
    expect(stepCookie.attributes).toMatch(/HttpOnly/);

    const setup = await invoke('POST', '/api/auth/two-factor/setup', { cookies: [stepCookie.pair] });
    expect(setup.status).toBe(200);
    const { secret, otpauthUri } = setup.body as { secret: string; otpauthUri: string };
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    const uri = new URL(otpauthUri);
    expect(uri.protocol).toBe('otpauth:');
    expect(decodeURIComponent(uri.pathname)).toContain(`RentalOps:${user.email}`);
    expect(Object.fromEntries(uri.searchParams)).toMatchObject({ secret, issuer: 'RentalOps', digits: '6', period: '30', algorithm: 'SHA1' });

    const wrong = await invoke('POST', '/api/auth/two-factor/verify', { body: { code: wrongCode(secret) }, cookies: [stepCookie.pair], headers: PT });
    expect(wrong).toMatchObject({ status: 401, body: { message: expect.stringContaining('Código incorreto') } });
    expect(cookieOf(wrong, 'rentalops_sid')).toBeUndefined();

    const verified = await invoke('POST', '/api/auth/two-factor/verify', { body: { code: totp(secret).generate() }, cookies: [stepCookie.pair] });
    expect(verified.status).toBe(200);
    const session = cookieOf(verified, 'rentalops_sid')!;
    expect(setCookie(verified, 'rentalops_2fa')?.attributes).toMatch(/Max-Age=0/);
    const me = await invoke('GET', '/api/auth/user', { cookies: [session] });
    expect(me.body).toMatchObject({ id: user.id, twoFactorEnabled: true });

    // The step is used up.
    const replay = await invoke('POST', '/api/auth/two-factor/setup', { cookies: [stepCookie.pair] });
    expect(replay.status).toBe(401);
  });

  it('then asks for the code at every sign-in: refused without it, signed in with it', async () => {
    const { user } = await member(true);
    const { secret } = await enrol(user.email);

    const step = await login(user.email, PASSWORD, { 'accept-language': 'en' });
    expect(step).toMatchObject({ status: 401, body: { step: 'totp_required', message: 'Enter the 6-digit code from your authenticator app.' } });
    expect(cookieOf(step, 'rentalops_sid')).toBeUndefined();
    const stepCookie = cookieOf(step, 'rentalops_2fa')!;

    // Without the step cookie (another browser), or with a malformed code: refused.
    const noStep = await invoke('POST', '/api/auth/login-totp', { body: { code: totp(secret).generate() } });
    expect(noStep).toMatchObject({ status: 401, body: { message: 'This sign-in step has expired. Please sign in again.' } });
    for (const [code, language, message] of [['12345', 'pt', 'O código tem 6 dígitos'], ['abcdef', 'es', 'El código tiene 6 dígitos'], [123456, 'en', 'The code has 6 digits']] as const) {
      const malformed = await invoke('POST', '/api/auth/login-totp', { body: { code }, cookies: [stepCookie], headers: { 'accept-language': language } });
      expect(malformed).toMatchObject({ status: 400, body: { message } });
    }

    const signedIn = await invoke('POST', '/api/auth/login-totp', { body: { code: totp(secret).generate().replace(/^(\d{3})/, '$1 ') }, cookies: [stepCookie] });
    expect(signedIn).toMatchObject({ status: 200, body: { user: { id: user.id } } });
    const me = await invoke('GET', '/api/auth/user', { cookies: [cookieOf(signedIn, 'rentalops_sid')!] });
    expect(me.status).toBe(200);
  });

  it('refuses wrong codes and counts them in the sign-in throttle of that source (429 after five, even with the right code)', async () => {
    const { user } = await member(true);
    const { secret } = await enrol(user.email);
    const stepCookie = cookieOf(await login(user.email), 'rentalops_2fa')!;

    for (let attempt = 1; attempt <= 5; attempt += 1) {
      const wrong = await invoke('POST', '/api/auth/login-totp', { body: { code: wrongCode(secret) }, cookies: [stepCookie], headers: { 'accept-language': 'es' } });
      expect(wrong).toMatchObject({ status: 401, body: { message: expect.stringContaining('Código incorrecto') } });
      expect(cookieOf(wrong, 'rentalops_sid')).toBeUndefined();
    }
    const locked = await invoke('POST', '/api/auth/login-totp', { body: { code: totp(secret).generate() }, cookies: [stepCookie] });
    expect(locked.status).toBe(429);
    // The first of the growing waits (functions/auth/throttle.ts).
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(locked.headers['retry-after'])).toBeLessThanOrEqual(FIRST_DELAY_SECONDS);
    expect(cookieOf(locked, 'rentalops_sid')).toBeUndefined();
    // The password path is locked for the address from that source as well.
    expect((await login(user.email)).status).toBe(429);
  });

  it('sends a Hosted UI sign-in that has not enrolled to /two-factor with an enrolment step instead of a session', async () => {
    const { user } = await member(true);
    const start = await invoke('GET', '/api/login');
    const signedIn = await signInOnHostedUi(start.headers.location, user.email, PASSWORD);
    const callback = new URL(signedIn.location!);
    const done = await invoke('GET', `/api/callback${callback.search}`, { cookies: [cookieOf(start, 'rentalops_oauth_state')!] });

    expect(done).toMatchObject({ status: 302, headers: { location: '/two-factor' } });
    expect(cookieOf(done, 'rentalops_sid')).toBeUndefined();
    const stepCookie = cookieOf(done, 'rentalops_2fa')!;
    const setup = await invoke('POST', '/api/auth/two-factor/setup', { cookies: [stepCookie] });
    const { secret } = setup.body as { secret: string };
    const verified = await invoke('POST', '/api/auth/two-factor/verify', { body: { code: totp(secret).generate() }, cookies: [stepCookie] });
    expect(verified.status).toBe(200);
    expect(cookieOf(verified, 'rentalops_sid')).toBeDefined();
    // From now on Cognito asks for the code (the password path shows it here).
    expect((await login(user.email)).body).toMatchObject({ step: 'totp_required' });
  });
});

/** Posts a code on the Hosted UI's code page (the form signInOnHostedUi got back). */
async function answerCodePage(page: string, authorizeUrl: string, code: string) {
  const id = /name="mfa_id" value="([^"]+)"/.exec(page)?.[1];
  if (!id) throw new Error(`No code page: ${page}`);
  const posted = await fetch(new URL('/oauth2/authorize', authorizeUrl), { method: 'POST', body: new URLSearchParams({ mfa_id: id, code }), redirect: 'manual' });
  return { status: posted.status, location: posted.headers.get('location') ?? undefined, page: await posted.text() };
}

describe('two-factor on the Hosted UI', () => {
  it('asks an enrolled member for the code after the password; a wrong code gets the page again, the right one a session', async () => {
    const { user } = await member(true);
    const { secret } = await enrol(user.email);

    const start = await invoke('GET', '/api/login');
    const authorizeUrl = start.headers.location;
    const signedIn = await signInOnHostedUi(authorizeUrl, user.email, PASSWORD);
    expect(signedIn.status).toBe(200);
    expect(signedIn.page).toContain('name="code"');
    expect(signedIn.location).toBeUndefined();

    const wrong = await answerCodePage(signedIn.page, authorizeUrl, wrongCode(secret));
    expect(wrong.status).toBe(200);
    expect(wrong.page).toContain('Incorrect code');

    const right = await answerCodePage(wrong.page, authorizeUrl, totp(secret).generate());
    expect(right.status).toBe(302);
    const callback = new URL(right.location!);
    const done = await invoke('GET', `/api/callback${callback.search}`, { cookies: [cookieOf(start, 'rentalops_oauth_state')!] });
    expect(done).toMatchObject({ status: 302, headers: { location: '/' } });
    const me = await invoke('GET', '/api/auth/user', { cookies: [cookieOf(done, 'rentalops_sid')!] });
    expect(me.body).toMatchObject({ id: user.id, twoFactorEnabled: true });
  });

  it('lets a member without two-factor through on the password alone, and refuses a wrong password as before', async () => {
    const { user } = await member(false);
    const start = await invoke('GET', '/api/login');
    const wrong = await signInOnHostedUi(start.headers.location, user.email, 'not-the-password');
    expect(wrong.page).toContain('Incorrect username or password');
    const right = await signInOnHostedUi(start.headers.location, user.email, PASSWORD);
    expect(right.status).toBe(302);
    expect(new URL(right.location!).pathname).toBe('/api/callback');
  });
});

describe('two-factor chosen by a member', () => {
  it('signs in with the password alone while off, and asks for the code once the member turned it on', async () => {
    const { user } = await member(false);
    const first = await login(user.email);
    expect(first.status).toBe(200);
    const session = cookieOf(first, 'rentalops_sid')!;

    const wrongPassword = await invoke('POST', '/api/auth/two-factor/start', { body: { password: 'not-my-password' }, cookies: [session] });
    expect(wrongPassword.status).toBe(400);
    const started = await invoke('POST', '/api/auth/two-factor/start', { body: { password: PASSWORD }, cookies: [session] });
    expect(started.status).toBe(200);
    const { secret } = started.body as { secret: string };
    const verified = await invoke('POST', '/api/auth/two-factor/verify', { body: { code: totp(secret).generate() }, cookies: [cookieOf(started, 'rentalops_2fa')!] });
    expect(verified.status).toBe(200);

    const again = await invoke('POST', '/api/auth/two-factor/start', { body: { password: PASSWORD }, cookies: [cookieOf(verified, 'rentalops_sid')!] });
    expect(again.status).toBe(409);
    expect((await login(user.email)).body).toMatchObject({ step: 'totp_required' });
  });

  it('refuses /two-factor/start without a session', async () => {
    expect((await invoke('POST', '/api/auth/two-factor/start', { body: { password: PASSWORD } })).status).toBe(401);
  });
});
