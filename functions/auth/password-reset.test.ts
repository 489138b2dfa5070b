// Forgot password and reset password, against the local stand-ins.
import { invoke } from '../../local/invoke';
import { createTestCompany, uniqueEmail } from '../../tests/support/fixtures';
import { cognitoStatus, confirmedAccount, linkTokenFor, mailTo, setCookie } from '../../tests/support/identity';
import { findUserByEmail } from '../data/repositories/users';
import { issueToken } from '#functions/data/repositories/tokens';

const NEW_PASSWORD = 'N3w-Passw0rd!';

async function signIn(email: string, password: string) {
  return invoke('POST', '/api/auth/login-email', { body: { email, password } });
}

describe('forgot password', () => {
  it('answers the same for an unknown address and sends no mail', async () => {
    const account = await confirmedAccount();
    const stranger = uniqueEmail('stranger');

    const known = await invoke('POST', '/api/auth/forgot-password', { body: { email: account.email } });
    const unknown = await invoke('POST', '/api/auth/forgot-password', { body: { email: stranger } });

    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(unknown.body).toEqual(known.body);
    expect(known.body.message).toBe('If an account exists for this e-mail, we have sent a link to reset the password.');
    expect(await mailTo(stranger)).toHaveLength(0);
    const resetMails = (await mailTo(account.email)).filter((mail) => mail.body.text?.includes('/reset-password?token='));
    expect(resetMails).toHaveLength(1);
    expect(resetMails[0].subject).toBe('Reset your RentalOps password');
  });

  it('writes the reset mail in the language of the request', async () => {
    const account = await confirmedAccount();
    await invoke('POST', '/api/auth/forgot-password', { body: { email: account.email }, headers: { 'accept-language': 'es-MX' } });
    const mails = await mailTo(account.email);
    expect(mails[mails.length - 1].subject).toBe('Restablece tu contraseña de RentalOps');
  });

  it('answers 400 for an address that is not an e-mail', async () => {
    const response = await invoke('POST', '/api/auth/forgot-password', { body: { email: 'nope' } });
    expect(response.status).toBe(400);
    expect(response.body.message).toBe('Invalid e-mail');
  });
});

describe('reset password', () => {
  it('sets the new password: it signs in, the old one no longer does, and old sessions end', async () => {
    const account = await confirmedAccount('old-secret');
    const oldSession = setCookie(await signIn(account.email, account.password), 'rentalops_sid')!;
    await invoke('POST', '/api/auth/forgot-password', { body: { email: account.email } });
    const token = await linkTokenFor(account.email, 'reset-password');

    const reset = await invoke('POST', '/api/auth/reset-password', { body: { token, newPassword: NEW_PASSWORD }, headers: { 'accept-language': 'pt' } });

    expect(reset).toMatchObject({ status: 200, body: { message: 'Senha redefinida com sucesso! Entre com sua nova senha.' } });
    expect((await signIn(account.email, account.password)).status).toBe(401);
    expect((await signIn(account.email, NEW_PASSWORD)).status).toBe(200);
    expect((await invoke('GET', '/api/auth/user', { cookies: [oldSession.pair] })).status).toBe(401);
    const again = await invoke('POST', '/api/auth/reset-password', { body: { token, newPassword: 'An0ther-one!' } });
    expect(again).toMatchObject({ status: 400, body: { code: 'invalid' } });
  });

  it.each([
    ['Ab1!', 'A senha deve ter pelo menos 8 caracteres'],
    ['ABCDEFG1!', 'A senha deve conter pelo menos uma letra minúscula'],
    ['abcdefg1!', 'A senha deve conter pelo menos uma letra maiúscula'],
    ['Abcdefgh!', 'A senha deve conter pelo menos um número'],
    ['Abcdefgh1', 'A senha deve conter pelo menos um caractere especial'],
    // Meets every rule of the form, and is still one of the most common passwords.
    ['P@ssw0rd', 'Esta senha está entre as mais comuns e é fácil de adivinhar'],
  ])('refuses %s with "%s" and leaves the link usable', async (newPassword, message) => {
    const account = await confirmedAccount();
    await invoke('POST', '/api/auth/forgot-password', { body: { email: account.email } });
    const token = await linkTokenFor(account.email, 'reset-password');

    const refused = await invoke('POST', '/api/auth/reset-password', { body: { token, newPassword }, headers: { 'accept-language': 'pt-BR' } });

    expect(refused.status).toBe(400);
    expect(refused.body.message).toContain(message);
    expect(refused.body.code).toBeUndefined();
    expect((await signIn(account.email, account.password)).status).toBe(200);
    expect((await invoke('POST', '/api/auth/reset-password', { body: { token, newPassword: NEW_PASSWORD } })).status).toBe(200);
  });

  it('refuses an expired link with code "expired" and leaves the password alone', async () => {
    const account = await confirmedAccount();
    const user = await findUserByEmail(account.email);
    const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
    const token = await issueToken('reset-password', { email: account.email, userId: user!.id, companyId: user!.companyId }, { now: twoHoursAgo });

    const response = await invoke('POST', '/api/auth/reset-password', { body: { token, newPassword: NEW_PASSWORD } });

    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ code: 'expired', message: expect.stringContaining('expired') });
    expect((await signIn(account.email, NEW_PASSWORD)).status).toBe(401);
    expect((await signIn(account.email, account.password)).status).toBe(200);
  });

  it('refuses an unknown or missing token with code "invalid"', async () => {
    for (const body of [{ token: 'made-up-token', newPassword: NEW_PASSWORD }, { newPassword: NEW_PASSWORD }]) {
      const response = await invoke('POST', '/api/auth/reset-password', { body });
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ code: 'invalid', message: expect.stringContaining('invalid') });
    }
  });

  it('lets a team member without a password yet set one through the link', async () => {
    const company = await createTestCompany();
    const member = await company.add('staff');
    expect(await cognitoStatus(member.user.email)).toBeUndefined();

    await invoke('POST', '/api/auth/forgot-password', { body: { email: member.user.email } });
    const token = await linkTokenFor(member.user.email, 'reset-password');
    expect((await invoke('POST', '/api/auth/reset-password', { body: { token, newPassword: NEW_PASSWORD } })).status).toBe(200);

    const login = await signIn(member.user.email, NEW_PASSWORD);
    expect(login).toMatchObject({ status: 200, body: { user: { id: member.user.id, role: 'staff', companyId: company.companyId } } });
  });
});
