// Registration, e-mail confirmation, e-mail/password sign-in and logout, through the route table
// against the local stand-ins (DynamoDB Local, cognito-local, aws-ses-v2-local).
import { invoke } from '../../local/invoke';
import { putRaw, uniqueEmail } from '../../tests/support/fixtures';
import { cognitoEmailVerified, cognitoStatus, confirmedAccount, linkTokenFor, mailTo, registration, setCookie } from '../../tests/support/identity';
import { getCompany } from '../data/repositories/companies';
import { findUserByEmail } from '../data/repositories/users';
import { keys } from '../data/keys';
import { getPreferences } from '../data/repositories/notifications';
import { issueToken } from '#functions/data/repositories/tokens';

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

  it('answers 409 for an e-mail that already has an account, and creates nothing new', async () => {
    const body = registration();
    expect((await invoke('POST', '/api/auth/register', { body })).status).toBe(201);
    const first = await findUserByEmail(body.email);

    const again = await invoke('POST', '/api/auth/register', { body: { ...body, email: body.email.toUpperCase(), firstName: 'Other' } });

    expect(again.status).toBe(409);
    expect(again.body.message).toBe('An account with this e-mail already exists');
    expect(await findUserByEmail(body.email)).toEqual(first);
    expect(await mailTo(body.email)).toHaveLength(1);
  });

  it('deletes the Cognito user again when the DynamoDB write fails', async () => {
    const body = registration();
    // A claim on the address without a user behind it: the pre-check passes, the transaction fails.
    await putRaw({ ...keys.emailClaim(body.email), entity: 'emailClaim', userId: 'someone-else', companyId: 'elsewhere' });

    const response = await invoke('POST', '/api/auth/register', { body });

    expect(response.status).toBe(409);
    expect(await cognitoStatus(body.email)).toBeUndefined();
    expect(await mailTo(body.email)).toHaveLength(0);
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

  it('refuses the sixth attempt within 15 minutes with 429, even with the right password', async () => {
    const account = await confirmedAccount();
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      const response = await invoke('POST', '/api/auth/login-email', { body: { email: account.email, password: `wrong-${attempt}` } });
      expect(response.status).toBe(401);
    }

    const sixth = await invoke('POST', '/api/auth/login-email', { body: account });

    expect(sixth.status).toBe(429);
    expect(sixth.body.message).toMatch(/too many failed sign-in attempts/i);
    expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(14 * 60);
    expect(Number(sixth.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);
    expect(sixth.cookies).toHaveLength(0);
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
