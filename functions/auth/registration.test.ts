// Registration, e-mail confirmation, e-mail/password sign-in and logout, through the route table
// against the local stand-ins (DynamoDB Local, cognito-local, aws-ses-v2-local).
import { invoke } from '../../local/invoke';
import { putRaw, uniqueEmail } from '../../tests/support/fixtures';
import { cognitoEmailVerified, cognitoStatus, confirmedAccount, createPoolUser, linkTokenFor, mailTo, registration, setCookie } from '../../tests/support/identity';
import { getCompany } from '../data/repositories/companies';
import { findUserByEmail } from '../data/repositories/users';
import { keys } from '../data/keys';
import { getPreferences } from '../data/repositories/notifications';
import { issueToken } from '#functions/data/repositories/tokens';
import { ACCOUNT_FREE_FAILURES, FIRST_DELAY_SECONDS, FORGET_SECONDS, SOURCE_FREE_FAILURES, delayAfter, lockedForSeconds, recordFailure } from '../auth/throttle';

const PT = { 'accept-language': 'pt-BR,pt;q=0.9' };

describe('registration with e-mail and password', () => {
  it('registers, confirms by the e-mailed link, signs in, reads the user, and signs out', async () => {
    const body = registration();

    const registered = await invoke('POST', '/api/auth/register', { body, headers: PT });
    expect(registered.status).toBe(201);
    expect(registered.body).toEqual({ message: 'Conta criada com sucesso! Verifique seu email.' });
    // Created by the app (AdminCreateUser + permanent password), not by SignUp (which leaves
    // UNCONFIRMED and has Cognito mail a code): the address is unproven until our own link.
    expect(await cognitoStatus(body.email)).toBe('CONFIRMED');
    expect(await cognitoEmailVerified(body.email)).toBe(false);
    const user = await findUserByEmail(body.email);
    expect(user).toMatchObject({ role: 'ceo', firstName: 'Ana', lastName: 'Souza', emailVerified: null });
    const company = await getCompany(user!.companyId);
    expect(company).toMatchObject({ plan: 'trial', name: 'Rentalops' });

    const [mail] = await mailTo(body.email);
    expect(mail.subject).toBe('Confirme seu email no RentalOps');
    expect(mail.body.text).toContain('http://localhost:3000/confirm-email?token=');
    const confirmed = await invoke('POST', '/api/email/confirm', { body: { token: await linkTokenFor(body.email, 'confirm-email') } });
    expect(confirmed).toMatchObject({ status: 200, body: { message: 'E-mail confirmed! You can sign in now.' } });
    expect(await cognitoEmailVerified(body.email)).toBe(true);
    expect((await findUserByEmail(body.email))?.emailVerified).toEqual(expect.any(String));

    const login = await invoke('POST', '/api/auth/login-email', { body: { email: body.email.toUpperCase(), password: body.password }, headers: PT });
    expect(login.status).toBe(200);
    expect(login.body).toMatchObject({ message: 'Login realizado com sucesso!', user: { email: body.email, role: 'ceo', firstName: 'Ana' } });
    const session = setCookie(login, 'rentalops_sid');
    expect(session?.attributes).toMatch(/HttpOnly/);
    expect(session?.attributes).toMatch(/SameSite=Lax/);

    const me = await invoke('GET', '/api/auth/user', { cookies: [session!.pair] });
    expect(me).toMatchObject({ status: 200, body: { email: body.email, role: 'ceo', companyId: user!.companyId } });

    const logout = await invoke('GET', '/api/logout', { cookies: [session!.pair] });
    expect(logout.status).toBe(302);
    expect(logout.headers.location).toBe('/auth');
    expect(setCookie(logout, 'rentalops_sid')?.attributes).toMatch(/Max-Age=0/);
    expect((await invoke('GET', '/api/auth/user', { cookies: [session!.pair] })).status).toBe(401);
  });

  it('starts the company in the language the sign-up screen was in (Accept-Language), else Portuguese', async () => {
    const cases: Array<[Record<string, string>, string, string]> = [
      [{ 'accept-language': 'es' }, 'spanish', 'es'],
      [{ 'accept-language': 'en-US,en;q=0.9' }, 'english', 'en'],
      [{ 'accept-language': 'pt-BR' }, 'portuguese', 'pt'],
      [{}, 'portuguese', 'pt'],
      [{ 'accept-language': 'fr-FR' }, 'portuguese', 'pt'],
    ];
    for (const [headers, companyLanguage, notificationLanguage] of cases) {
      const body = registration();
      expect((await invoke('POST', '/api/auth/register', { body, headers })).status).toBe(201);
      const user = await findUserByEmail(body.email);
      expect((await getCompany(user!.companyId))?.preferredLanguage).toBe(companyLanguage);
      // The CEO's notifications follow it until they choose a language of their own.
      expect((await getPreferences(user!.companyId, user!.id)).language).toBe(notificationLanguage);
    }
  });

  it('refuses to sign in before the e-mail is confirmed, on either path', async () => {
    const body = registration();
    expect((await invoke('POST', '/api/auth/register', { body })).status).toBe(201);

    const wrong = await invoke('POST', '/api/auth/login-email', { body: { email: body.email, password: 'not-the-password' } });
    expect(wrong.status).toBe(401);
    const login = await invoke('POST', '/api/auth/login-email', { body: { email: body.email, password: body.password } });

    expect(login.status).toBe(403);
    expect(login.body).toMatchObject({ code: 'email-not-confirmed', message: expect.stringMatching(/confirm your e-mail/i) });
    expect(setCookie(login, 'rentalops_sid')).toBeUndefined();
  });

  it.each([
    ['every field empty', { email: '', password: '', confirmPassword: '', firstName: '', lastName: '' }, 'Todos os campos são obrigatórios'],
    ['no body fields at all', { email: undefined, password: undefined, confirmPassword: undefined, firstName: undefined, lastName: undefined }, 'Todos os campos são obrigatórios'],
    ['a missing last name', { lastName: '  ' }, 'Todos os campos são obrigatórios'],
    ['passwords that differ', { password: 'secret12', confirmPassword: 'secret13' }, 'Senhas não coincidem'],
    ['passwords that differ and are short', { password: 'abc', confirmPassword: 'abd' }, 'Senhas não coincidem'],
    ['a password of 7 characters', { password: 'tide-42', confirmPassword: 'tide-42' }, 'Senha muito curta (mínimo de 8 caracteres)'],
    ['one of the most common passwords', { password: 'password1', confirmPassword: 'password1' }, 'Esta senha está entre as mais comuns'],
    ['a common password in capitals', { password: 'IloveYou', confirmPassword: 'IloveYou' }, 'Esta senha está entre as mais comuns'],
    ['an address that is not an e-mail', { email: 'ana.souza@@rentalops.test' }, 'Email inválido'],
  ])('answers 400 for %s, with its message, and creates nobody', async (_case, overrides, message) => {
    const body = registration({ email: uniqueEmail('invalid'), ...overrides });
    const email = typeof body.email === 'string' && body.email ? body.email : uniqueEmail('unused');

    const response = await invoke('POST', '/api/auth/register', { body, headers: PT });

    expect(response.status).toBe(400);
    expect(response.body.message).toContain(message);
    expect(await cognitoStatus(email)).toBeUndefined();
    expect(await findUserByEmail(email)).toBeUndefined();
    expect(await mailTo(email)).toHaveLength(0);
  });

  it('answers the rules in English and Spanish too', async () => {
    const short = registration({ password: 'abcdefg', confirmPassword: 'abcdefg' });
    const en = await invoke('POST', '/api/auth/register', { body: short, headers: { 'accept-language': 'en-US' } });
    const es = await invoke('POST', '/api/auth/register', { body: short, headers: { 'accept-language': 'es' } });
    expect(en.body.message).toBe('Password too short (at least 8 characters)');
    expect(es.body.message).toBe('Contraseña demasiado corta (mínimo 8 caracteres)');

    const common = registration({ password: 'qwerty123', confirmPassword: 'qwerty123' });
    const commonEn = await invoke('POST', '/api/auth/register', { body: common, headers: { 'accept-language': 'en-US' } });
    const commonEs = await invoke('POST', '/api/auth/register', { body: common, headers: { 'accept-language': 'es' } });
    expect(commonEn).toMatchObject({ status: 400, body: { message: 'This password is one of the most common ones and easy to guess. Choose another.' } });
    expect(commonEs).toMatchObject({ status: 400, body: { message: 'Esta contraseña está entre las más comunes y es fácil de adivinar. Elige otra.' } });
    expect(await cognitoStatus(common.email)).toBeUndefined();
  });

  it('records the plan picked on /register as a plan-change request, and refuses a plan nobody can pick', async () => {
    const body = { ...registration(), plan: 'professional' };
    expect((await invoke('POST', '/api/auth/register', { body })).status).toBe(201);
    const user = await findUserByEmail(body.email);
    expect(await getCompany(user!.companyId)).toMatchObject({ plan: 'trial', requestedPlan: 'professional' });

    const master = { ...registration(), plan: 'trial' };
    const refused = await invoke('POST', '/api/auth/register', { body: master });
    expect(refused.status).toBe(400);
    expect(await findUserByEmail(master.email)).toBeUndefined();
  });

  it('answers an e-mail that already has an account exactly like a new one, creates nothing, and e-mails its owner a note in their language', async () => {
    const EN = { 'accept-language': 'en-US' };
    // The owner signed up on a Spanish screen: their notifications (and this note) are in Spanish.
    const body = registration();
    expect((await invoke('POST', '/api/auth/register', { body, headers: { 'accept-language': 'es' } })).status).toBe(201);
    const first = await findUserByEmail(body.email);

    const fresh = await invoke('POST', '/api/auth/register', { body: registration(), headers: EN });
    const again = await invoke('POST', '/api/auth/register', { body: { ...body, email: body.email.toUpperCase(), firstName: 'Other', password: 'another-pass-77', confirmPassword: 'another-pass-77' }, headers: EN });

    // The same status, body and headers as a new address gets: the screen shows "check your e-mail" either way.
    expect(again.status).toBe(fresh.status);
    expect(again.body).toEqual(fresh.body);
    expect(again.body).toEqual({ message: expect.stringMatching(/check your e-mail/i) });
    expect(Object.keys(again.headers).sort()).toEqual(Object.keys(fresh.headers).sort());
    expect(again.cookies).toEqual(fresh.cookies);
    // Nothing new: the same user, the pool user's password unchanged (not confirmed yet: 403 with the first password, 401 with the other).
    expect(await findUserByEmail(body.email)).toEqual(first);
    expect((await invoke('POST', '/api/auth/login-email', { body: { email: body.email, password: body.password } })).status).toBe(403);
    expect((await invoke('POST', '/api/auth/login-email', { body: { email: body.email, password: 'another-pass-77' } })).status).toBe(401);

    const mails = await mailTo(body.email);
    expect(mails).toHaveLength(2);
    const note = mails.find((mail) => mail.subject === 'Alguien intentó crear una cuenta de RentalOps con tu correo')!;
    expect(note.body.text).toContain('Hola Ana');
    expect(note.body.text).toContain('No se creó ninguna cuenta nueva');
    expect(note.body.text).toContain('http://localhost:3000/login');
    expect(note.body.text).toContain('http://localhost:3000/forgot-password');
    expect(note.body.text).not.toMatch(/token=/);

    // Tried again at once: the same answer, and no second note within the minute (nobody floods a mailbox with this form).
    const third = await invoke('POST', '/api/auth/register', { body, headers: EN });
    expect(third).toMatchObject({ status: 201, body: fresh.body });
    expect(await mailTo(body.email)).toHaveLength(2);
  });

  it('answers a taken address in about the time a new registration takes', async () => {
    const taken = registration();
    expect((await invoke('POST', '/api/auth/register', { body: taken })).status).toBe(201);
    const timed = async (body: Record<string, unknown>) => {
      const started = Date.now();
      expect((await invoke('POST', '/api/auth/register', { body })).status).toBe(201);
      return Date.now() - started;
    };
    const fresh: number[] = [];
    const again: number[] = [];
    for (let i = 0; i < 3; i++) {
      fresh.push(await timed(registration()));
      again.push(await timed({ ...taken, firstName: `Try ${i}` }));
    }
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[1];
    // Without the wait, a taken address answers after a read and a mail only: a fraction of a new registration.
    expect(median(again)).toBeGreaterThanOrEqual(median(fresh) * 0.5);
    expect(median(again)).toBeLessThanOrEqual(median(fresh) * 3 + 500);
  });

  it('answers like any taken address when a pool user the app does not know holds the e-mail', async () => {
    const body = registration();
    await createPoolUser(body.email, 'pool-pass-123');
    const response = await invoke('POST', '/api/auth/register', { body, headers: PT });
    expect(response).toMatchObject({ status: 201, body: { message: 'Conta criada com sucesso! Verifique seu email.' } });
    expect(await findUserByEmail(body.email)).toBeUndefined();
    const [note] = await mailTo(body.email);
    expect(note.subject).toBe('Alguém tentou criar uma conta no RentalOps com seu email');
  });

  it('deletes the Cognito user again when the DynamoDB write fails, and answers like a taken address', async () => {
    const body = registration();
    // A claim on the address without a user behind it (a registration of it at the same moment): the pre-check passes, the transaction fails.
    await putRaw({ ...keys.emailClaim(body.email), entity: 'emailClaim', userId: 'someone-else', companyId: 'elsewhere' });

    const response = await invoke('POST', '/api/auth/register', { body, headers: PT });

    expect(response).toMatchObject({ status: 201, body: { message: 'Conta criada com sucesso! Verifique seu email.' } });
    expect(await cognitoStatus(body.email)).toBeUndefined();
    expect((await mailTo(body.email)).map((mail) => mail.subject)).toEqual(['Alguém tentou criar uma conta no RentalOps com seu email']);
  });
});

describe('the e-mail confirmation link', () => {
  it('refuses an expired link with code "expired", and keeps saying so', async () => {
    const body = registration();
    await invoke('POST', '/api/auth/register', { body });
    const user = await findUserByEmail(body.email);
    const dayAndABitAgo = new Date(Date.now() - 25 * 60 * 60 * 1000);
    const token = await issueToken('confirm-email', { email: body.email, userId: user!.id, companyId: user!.companyId }, { now: dayAndABitAgo });

    for (const headers of [{ 'accept-language': 'en' }, PT]) {
      const response = await invoke('POST', '/api/email/confirm', { body: { token }, headers });
      expect(response.status).toBe(400);
      expect(response.body.code).toBe('expired');
    }
    const en = await invoke('POST', '/api/email/confirm', { body: { token } });
    expect(en.body.message).toContain('expired');
    expect(await cognitoEmailVerified(body.email)).toBe(false);
  });

  it('says "already confirmed" when a used link is opened again, and confirms nothing twice', async () => {
    const body = registration();
    await invoke('POST', '/api/auth/register', { body });
    const token = await linkTokenFor(body.email, 'confirm-email');
    const first = await invoke('POST', '/api/email/confirm', { body: { token } });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ alreadyConfirmed: false, message: 'E-mail confirmed! You can sign in now.' });
    // A second click, or the mail app opening the link first: not an error.
    const again = await invoke('POST', '/api/email/confirm', { body: { token }, headers: PT });
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ alreadyConfirmed: true, message: 'Este email já foi confirmado com este link. Você já pode entrar.' });
    expect(await cognitoEmailVerified(body.email)).toBe(true);
  });

  it('refuses an unknown and a missing token with code "invalid"', async () => {
    const body = registration();
    await invoke('POST', '/api/auth/register', { body });
    const token = await linkTokenFor(body.email, 'confirm-email');
    expect((await invoke('POST', '/api/email/confirm', { body: { token } })).status).toBe(200);

    for (const candidate of [{ token: 'no-such-token-at-all' }, {}, { token: '' }]) {
      const response = await invoke('POST', '/api/email/confirm', { body: candidate });
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ code: 'invalid', message: expect.stringContaining('invalid') });
    }
  });
});

describe('e-mail/password sign-in', () => {
  it('answers 401 "Email ou senha incorretos" for a wrong password and for an unknown address', async () => {
    const account = await confirmedAccount();
    const wrong = await invoke('POST', '/api/auth/login-email', { body: { email: account.email, password: 'nope-nope' }, headers: PT });
    const unknown = await invoke('POST', '/api/auth/login-email', { body: { email: uniqueEmail('ghost'), password: 'whatever' }, headers: PT });
    for (const response of [wrong, unknown]) {
      expect(response.status).toBe(401);
      expect(response.body.message).toBe('Email ou senha incorretos');
      expect(response.cookies).toHaveLength(0);
    }
  });

  it('answers 400 "Email e senha são obrigatórios" without e-mail or password', async () => {
    for (const body of [{}, { email: '', password: '' }, { email: 'a@b.co' }]) {
      const response = await invoke('POST', '/api/auth/login-email', { body, headers: PT });
      expect(response.status).toBe(400);
      expect(response.body.message).toBe('Email e senha são obrigatórios');
    }
  });

  const ATTACKER = '203.0.113.7';
  const OWN_DEVICE = '198.51.100.20';
  const login = (body: Record<string, unknown>, sourceIp: string, headers: Record<string, string> = {}) => invoke('POST', '/api/auth/login-email', { body, sourceIp, headers });

  it('slows the source that keeps failing (429 with Retry-After), never the real user on their own address', async () => {
    const account = await confirmedAccount();
    for (let attempt = 1; attempt <= SOURCE_FREE_FAILURES; attempt += 1) {
      expect((await login({ email: account.email, password: `wrong-${attempt}` }, ATTACKER)).status).toBe(401);
    }
    // The attacker's next try waits, even with the right password; a forged X-Forwarded-For changes nothing (the source is API Gateway's).
    for (const headers of [{}, { 'x-forwarded-for': OWN_DEVICE }] as Array<Record<string, string>>) {
      const refused = await login(account, ATTACKER, headers);
      expect(refused.status).toBe(429);
      expect(refused.body.message).toMatch(/too many failed sign-in attempts/i);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(FIRST_DELAY_SECONDS);
      expect(refused.cookies).toHaveLength(0);
    }
    // The real user, from their own device: in at once.
    const own = await login(account, OWN_DEVICE, { 'accept-language': 'pt-BR' });
    expect(own.status).toBe(200);
    expect(own.body.message).toBe('Login realizado com sucesso!');
  });

  it('makes the wait grow with each further failure of the same source, up to 15 minutes, and forgets it an hour after the last', async () => {
    const email = uniqueEmail('throttle');
    const t0 = Date.parse('2030-03-01T10:00:00Z');
    const at = (seconds: number) => new Date(t0 + seconds * 1000);
    let clock = 0;
    const waits: number[] = [];
    for (let failure = 1; failure <= SOURCE_FREE_FAILURES + 7; failure += 1) {
      clock += await lockedForSeconds(email, ATTACKER, at(clock)); // the attacker waits exactly as told, then fails again
      await recordFailure(email, ATTACKER, at(clock));
      waits.push(await lockedForSeconds(email, ATTACKER, at(clock)));
    }
    expect(waits).toEqual([0, 0, 0, 0, 30, 60, 120, 240, 480, 900, 900, 900]);
    expect(waits).toEqual(Array.from({ length: waits.length }, (_, i) => delayAfter(i + 1, SOURCE_FREE_FAILURES)));
    // Another source, and the same source an hour after its last failure, may try at once.
    expect(await lockedForSeconds(email, OWN_DEVICE, at(clock))).toBe(0);
    expect(await lockedForSeconds(email, ATTACKER, at(clock + FORGET_SECONDS))).toBe(0);
  });

  it('keeps a looser cap per account against guessing from many addresses, which never stops a device that signed in before', async () => {
    const account = await confirmedAccount();
    expect((await login(account, OWN_DEVICE)).status).toBe(200); // the user's own device is known from now on
    // A botnet: each address guesses once, under any per-source limit.
    for (let n = 1; n <= ACCOUNT_FREE_FAILURES; n += 1) {
      expect((await login({ email: account.email, password: `guess-${n}` }, `192.0.2.${n}`)).status).toBe(401);
    }
    // A new address now waits, even with the right password...
    const fresh = await login(account, '192.0.2.200');
    expect(fresh.status).toBe(429);
    expect(Number(fresh.headers['retry-after'])).toBeGreaterThan(0);
    // ...while the user's own device gets in with the right password.
    expect((await login(account, OWN_DEVICE)).status).toBe(200);
  });

  it('forgets every failure of the address once its password is reset from the e-mailed link', async () => {
    const account = await confirmedAccount();
    for (let attempt = 1; attempt <= SOURCE_FREE_FAILURES; attempt += 1) await login({ email: account.email, password: 'wrong' }, ATTACKER);
    expect((await login(account, ATTACKER)).status).toBe(429);
    expect((await invoke('POST', '/api/auth/forgot-password', { body: { email: account.email } })).status).toBeLessThan(300);
    const token = await linkTokenFor(account.email, 'reset-password');
    expect((await invoke('POST', '/api/auth/reset-password', { body: { token, newPassword: 'Fresh-start-2030!' } })).status).toBe(200);
    expect((await login({ email: account.email, password: 'Fresh-start-2030!' }, ATTACKER)).status).toBe(200);
  });

  it('forgets the failed attempts after a successful sign-in', async () => {
    const account = await confirmedAccount();
    for (let attempt = 1; attempt <= 4; attempt += 1) {
      await invoke('POST', '/api/auth/login-email', { body: { email: account.email, password: 'wrong' } });
    }
    expect((await invoke('POST', '/api/auth/login-email', { body: account })).status).toBe(200);
    for (let attempt = 1; attempt <= 4; attempt += 1) {
      await invoke('POST', '/api/auth/login-email', { body: { email: account.email, password: 'wrong' } });
    }
    expect((await invoke('POST', '/api/auth/login-email', { body: account })).status).toBe(200);
  });

  it('replaces a session the browser already held', async () => {
    const account = await confirmedAccount();
    const first = setCookie(await invoke('POST', '/api/auth/login-email', { body: account }), 'rentalops_sid')!;

    const second = await invoke('POST', '/api/auth/login-email', { body: account, cookies: [first.pair] });

    expect(second.status).toBe(200);
    expect(setCookie(second, 'rentalops_sid')!.value).not.toBe(first.value);
    expect((await invoke('GET', '/api/auth/user', { cookies: [first.pair] })).status).toBe(401);
  });
});
