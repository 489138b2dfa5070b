// Two-factor (TOTP) in a real browser against the local product: a company that requires it, a
// member who enrols at sign-in (the secret from the page, the codes from `otpauth` as an
// authenticator app makes them), then signs in again with a code; a wrong code is refused.
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Page } from 'playwright-core';
import { Secret, TOTP } from 'otpauth';
import { db, tableName } from '../functions/data/client';
import { keys } from '../functions/data/keys';
import { findUserByEmail } from '../functions/data/repositories/users';
import { STARTUP_TIMEOUT_MS, screenshot, startTestApp, type TestApp } from './support/app';


let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
}, STARTUP_TIMEOUT_MS);
afterAll(async () => app?.close());

const PASSWORD = 'Harbour-lights-7';
const input = (page: Page, name: string) => page.locator(`input[name="${name}"]`);
const submitButton = (page: Page) => page.locator('form button[type="submit"]');
const codeOf = (secret: string, offsetMs = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 }).generate({ timestamp: Date.now() + offsetMs });

/** A registered, confirmed CEO whose company requires two-factor (or not). */
async function memberOfStrictCompany(requires = true): Promise<string> {
  const email = `twofactor-${Date.now().toString(36)}@e2e.rentalops.test`;
  const headers = { 'content-type': 'application/json', 'accept-language': 'en' };
  const registered = await fetch(`${app.url}/api/auth/register`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ email, password: PASSWORD, confirmPassword: PASSWORD, firstName: 'Tomás', lastName: 'Reis' }),
  });
  expect(registered.status).toBe(201);
  for (let attempt = 0; attempt < 20; attempt++) {
    const { emails } = (await (await fetch(process.env.SES_STORE_URL as string)).json()) as { emails: Array<{ destination?: { to?: string[] }; body?: { text?: string } }> };
    const mail = emails.find((candidate) => candidate.destination?.to?.includes(email));
    const token = /confirm-email\?token=([A-Za-z0-9_%-]+)/.exec(mail?.body?.text ?? '')?.[1];
    if (token) {
      const confirmed = await fetch(`${app.url}/api/email/confirm`, { method: 'POST', headers, body: JSON.stringify({ token: decodeURIComponent(token) }) });
      expect(confirmed.status).toBe(200);
      break;
    }
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  const user = await findUserByEmail(email);
  await db.send(
    new UpdateCommand({ TableName: tableName(), Key: keys.company(user!.companyId), UpdateExpression: 'SET twoFactorEnabled = :on', ExpressionAttributeValues: { ':on': requires } }),
  );
  return email;
}

async function signIn(page: Page, email: string) {
  await page.goto('/auth');
  await input(page, 'email').fill(email);
  await input(page, 'password').fill(PASSWORD);
  await submitButton(page).click();
}

describe('two-factor authentication', () => {
  it('enrols at sign-in with a code from the secret shown, then asks for a code at the next sign-in', async () => {
    const email = await memberOfStrictCompany();

    const page = await app.newPage({ language: 'en' });
    await signIn(page, email);
    await page.waitForURL((url) => url.pathname === '/two-factor');
    await page.getByRole('heading', { name: 'Set up two-factor authentication' }).waitFor();
    const secretBox = page.getByTestId('totp-secret');
    await secretBox.waitFor();
    const secret = (await secretBox.getAttribute('data-secret'))!;
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    expect(await page.getByRole('link', { name: 'Open in my authenticator app' }).getAttribute('href')).toMatch(/^otpauth:\/\/totp\//);
    await screenshot(page, 'two-factor-enrol-en');

    await input(page, 'code').fill(codeOf(secret));
    await submitButton(page).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('navigation', { name: 'Main navigation' }).waitFor();

    // A new browser: password, then the code step (a wrong code first).
    const next = await app.newPage({ language: 'pt' });
    await signIn(next, email);
    await next.getByRole('heading', { name: 'Autenticação de dois fatores' }).waitFor();
    expect(await submitButton(next).innerText()).toMatch(/verificar e entrar/i);
    const valid = new Set([-30_000, 0, 30_000].map((offset) => codeOf(secret, offset)));
    const wrong = ['000000', '111111', '222222'].find((code) => !valid.has(code))!;
    await input(next, 'code').fill(wrong);
    await submitButton(next).click();
    await next.getByRole('alert').filter({ hasText: 'Código incorreto' }).waitFor();
    await screenshot(next, 'two-factor-sign-in-pt');
    await input(next, 'code').fill(codeOf(secret));
    await submitButton(next).click();
    await next.waitForURL((url) => url.pathname === '/');
    await next.getByRole('navigation', { name: 'Navegação principal' }).waitFor();
  });

  it('lets a member turn it on for themself on /account/security (es)', async () => {
    const email = await memberOfStrictCompany(false);
    const page = await app.newPage({ language: 'es' });
    await signIn(page, email);
    await page.waitForURL((url) => url.pathname === '/');
    await page.goto('/account/security');
    await page.getByRole('heading', { name: 'Seguridad del inicio de sesión' }).waitFor();
    await input(page, 'password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Activar autenticación de dos factores' }).click();
    const secret = (await page.getByTestId('totp-secret').getAttribute('data-secret'))!;
    await input(page, 'code').fill(codeOf(secret));
    await page.getByRole('button', { name: 'Verificar y activar' }).click();
    await page.getByText('Autenticación de dos factores activada.').first().waitFor();
    await screenshot(page, 'two-factor-settings-es');

    const next = await app.newPage({ language: 'es' });
    await signIn(next, email);
    await next.getByRole('heading', { name: 'Autenticación de dos factores' }).waitFor();
  });
});
