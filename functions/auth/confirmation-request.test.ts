// Resending the confirmation e-mail, and the per-address cooldown of link e-mails, against the local
// stand-ins (DynamoDB Local, cognito-local, aws-ses-v2-local).
import { invoke } from '../../local/invoke';
import { uniqueEmail } from '../../tests/support/fixtures';
import { cognitoStatus, confirmedAccount, linkTokenFor, mailTo, registration } from '../../tests/support/identity';
import { claimMailSlot, MAIL_COOLDOWN_SECONDS } from './mail-cooldown';

const confirmationMails = async (email: string) => (await mailTo(email)).filter((mail) => mail.body.text?.includes('/confirm-email?token='));

describe('resend the confirmation e-mail', () => {
  it('sends a new link to an unconfirmed address, which confirms it, at most once a minute', async () => {
    const body = registration();
    expect((await invoke('POST', '/api/auth/register', { body })).status).toBe(201);
    expect(await confirmationMails(body.email)).toHaveLength(1);

    const resent = await invoke('POST', '/api/auth/resend-confirmation', { body: { email: body.email }, headers: { 'accept-language': 'es' } });
    expect(resent).toMatchObject({ status: 200, body: { message: 'Si este correo está pendiente de confirmación, enviamos un nuevo enlace de confirmación.' } });
    const mails = await confirmationMails(body.email);
    expect(mails).toHaveLength(2);
    expect(mails[1].subject).toMatch(/correo/i);

    const tooSoon = await invoke('POST', '/api/auth/resend-confirmation', { body: { email: body.email } });
    expect(tooSoon.status).toBe(200);
    expect(await confirmationMails(body.email)).toHaveLength(2);

    const confirmed = await invoke('POST', '/api/email/confirm', { body: { token: await linkTokenFor(body.email, 'confirm-email') } });
    expect(confirmed.status).toBe(200);
    expect(await cognitoStatus(body.email)).toBe('CONFIRMED');
  });

  it('answers the same for an unknown or already confirmed address and sends nothing', async () => {
    const stranger = uniqueEmail('stranger');
    const account = await confirmedAccount();
    const before = (await mailTo(account.email)).length;

    const unknown = await invoke('POST', '/api/auth/resend-confirmation', { body: { email: stranger } });
    const known = await invoke('POST', '/api/auth/resend-confirmation', { body: { email: account.email } });

    expect(unknown).toMatchObject({ status: 200 });
    expect(known.body).toEqual(unknown.body);
    expect(await mailTo(stranger)).toHaveLength(0);
    expect(await mailTo(account.email)).toHaveLength(before);
  });

  it('answers 400 for an address that is not an e-mail', async () => {
    const response = await invoke('POST', '/api/auth/resend-confirmation', { body: { email: 'nope' } });
    expect(response).toMatchObject({ status: 400, body: { message: 'Invalid e-mail' } });
  });
});

describe('link e-mail cooldown', () => {
  it('allows one e-mail of a kind per address per minute, each kind on its own', async () => {
    const email = uniqueEmail('cooldown');
    const start = new Date('2026-11-23T10:00:00Z');
    expect(await claimMailSlot('reset-password', email, start)).toBe(true);
    expect(await claimMailSlot('reset-password', email.toUpperCase(), new Date(start.getTime() + 30_000))).toBe(false);
    expect(await claimMailSlot('confirm-email', email, start)).toBe(true);
    expect(await claimMailSlot('reset-password', email, new Date(start.getTime() + MAIL_COOLDOWN_SECONDS * 1000))).toBe(true);
  });

  it('sends one reset e-mail when "forgot password" is asked twice in a row', async () => {
    const account = await confirmedAccount();
    await invoke('POST', '/api/auth/forgot-password', { body: { email: account.email } });
    await invoke('POST', '/api/auth/forgot-password', { body: { email: account.email } });
    expect((await mailTo(account.email)).filter((mail) => mail.body.text?.includes('/reset-password?token='))).toHaveLength(1);
  });
});
