// The Integrations page and the API reference in a real browser (issue 39 points 1, 3 and 4): a CEO
// on the Enterprise plan creates an API key on the page, sees it once, calls the public API with it
// and revokes it (the next call is 401); adds a webhook pointed at the local inspector (/dev/webhooks),
// whose signed test event and a task's event arrive there and show in the endpoint's deliveries, and
// replays one. A trial company's CEO is led to the Plans page; a manager is not offered the page.
// /developers renders the reference from /api/v1/openapi.json (Scalar), under the site's CSP.
// The webhooks' target runs on this machine, as under npm start.
process.env.WEBHOOK_ALLOW_PRIVATE_HOSTS = 'true';

import type { Page } from 'playwright-core';
import { createCompanyWithOwner } from '../functions/data/repositories/companies';
import { createProperty } from '../functions/data/repositories/properties';
import { STARTUP_TIMEOUT_MS, screenshot, startTestApp, type TestApp } from './support/app';
import { eventually } from './support/eventually';

let app: TestApp;
const tag = Date.now().toString(36);
const ceoEmail = `ceo.${tag}@integrations.rentalops.test`;
let propertyId: string;

beforeAll(async () => {
  // A test's page, cleaned, is lent to the later tests that ask for the same language and size; the
  // tests leave their pages open for that (the harness closes or cleans them when each test ends).
  app = await startTestApp({ reusePages: true });
  const { company } = await createCompanyWithOwner({
    company: { name: `Faro Lofts ${tag}`, plan: 'enterprise' },
    owner: { email: ceoEmail, firstName: 'Inês', lastName: 'Faro', role: 'ceo' },
  });
  propertyId = (await createProperty({ companyId: company.id, plan: 'enterprise', unlimited: true }, { name: `Loft ${tag}`, address: 'Rua do Sol 3, Faro' })).id;
}, STARTUP_TIMEOUT_MS);
afterAll(async () => app?.close());

const DESKTOP = { width: 1366, height: 900 };

/** A call to the public API with `key` and no cookie, as another system makes it. */
const callApi = (key: string) => fetch(`${app.url}/api/v1/tasks?limit=1`, { headers: { authorization: `Bearer ${key}` } });

async function openIntegrations(page: Page) {
  await page.goto('/');
  await page.getByRole('navigation').getByRole('link', { name: 'Integrations' }).click();
  await page.getByRole('heading', { level: 1, name: 'Integrations' }).waitFor();
}

describe('the Integrations page', () => {
  it('creates an API key that is shown once, works on the public API, and stops working once revoked', async () => {
    const page = await app.signedInPage(ceoEmail, { language: 'en' });
    await openIntegrations(page);
    await page.getByRole('button', { name: 'New key' }).click();
    const dialog = page.getByRole('dialog', { name: 'New API key' });
    await dialog.getByLabel('Name').fill(`Accounting ${tag}`);
    await dialog.getByLabel('Read and write').check();
    await dialog.getByRole('button', { name: 'Create key' }).click();

    const field = dialog.getByLabel(`API key "Accounting ${tag}"`);
    await field.waitFor();
    const key = await field.inputValue();
    expect(key).toMatch(/^rok_\S{20,}$/);
    await dialog.getByText('it will not be shown again', { exact: false }).waitFor();
    await screenshot(page, 'integrations-key-once', { fullPage: false });
    expect((await callApi(key)).status).toBe(200);

    await dialog.getByRole('button', { name: 'Done' }).click();
    await dialog.waitFor({ state: 'detached' });
    const row = page.getByTestId('api-key-row').filter({ hasText: `Accounting ${tag}` });
    await row.getByText('write', { exact: true }).waitFor();
    // The list shows the key's prefix, never the key.
    const prefix = (await row.locator('code').innerText()).replace(/…$/, '');
    expect(key.startsWith(prefix)).toBe(true);
    expect(await page.content()).not.toContain(key);

    await row.getByRole('button', { name: `Revoke the key Accounting ${tag}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Revoke this key?' });
    await confirm.getByRole('button', { name: 'Revoke' }).click();
    await row.waitFor({ state: 'detached' });
    expect((await callApi(key)).status).toBe(401);
    // The company's history has both.
    await page.getByTestId('activity-row').filter({ hasText: 'API key revoked' }).filter({ hasText: `Accounting ${tag}` }).waitFor();
    await page.getByTestId('activity-row').filter({ hasText: 'API key created' }).filter({ hasText: `Accounting ${tag}` }).waitFor();
  });

  it('adds a webhook to the local inspector: the signed test event and a task event arrive there, and show in its deliveries', async () => {
    const page = await app.signedInPage(ceoEmail, { language: 'en' });
    await openIntegrations(page);
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add webhook endpoint' });
    // Under the local server the URL is the inspector's.
    const url = await dialog.getByLabel('URL').inputValue();
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/dev\/webhooks\/in\/demo$/);
    await dialog.getByLabel('URL').fill(url.replace(/demo$/, tag));
    await dialog.getByLabel('Note (optional)').fill('Channel manager');
    await dialog.getByRole('button', { name: 'Add endpoint' }).click();
    const secret = await dialog.getByLabel('Signing secret').inputValue();
    expect(secret).toMatch(/^whsec_/);
    await screenshot(page, 'integrations-webhook-secret', { fullPage: false });
    await dialog.getByRole('button', { name: 'Done' }).click();
    const row = page.getByTestId('webhook-row').filter({ hasText: `/dev/webhooks/in/${tag}` });
    await row.getByText('Active').waitFor();

    // A task made in the app reaches the endpoint as task.created.
    const created = await page.request.post('/api/tasks', { data: { title: `Deep clean ${tag}`, propertyId, type: 'cleaning' } });
    expect(created.status()).toBe(201);

    // The inspector got both, signed with the secret shown once.
    const inspector = await app.newPage({ language: 'en' });
    await eventually(async () => {
      await inspector.goto(`/dev/webhooks?secret=${encodeURIComponent(secret)}`);
      const text = await inspector.locator('body').innerText();
      return text.includes('"type": "task.created"') && text.includes('webhook.test');
    });
    const mine = inspector.locator('article').filter({ hasText: `· ${tag} ·` });
    expect(await mine.count()).toBeGreaterThanOrEqual(2);
    expect(await mine.filter({ hasText: 'signature does not verify' }).count()).toBe(0);
    expect(await mine.filter({ hasText: 'signature verifies' }).count()).toBe(await mine.count());

    await row.getByRole('button', { name: 'Deliveries' }).click();
    const deliveries = page.getByRole('dialog', { name: /Deliveries/ });
    const taskDelivery = deliveries.getByTestId('delivery-row').filter({ hasText: 'task.created' });
    await taskDelivery.getByText('204').waitFor();
    await deliveries.getByTestId('delivery-row').filter({ hasText: 'webhook.test' }).waitFor();
    await screenshot(page, 'integrations-deliveries', { fullPage: false });
    await taskDelivery.getByRole('button', { name: 'Replay' }).click();
    await page.getByText('Delivered again').waitFor();
    await deliveries.getByTestId('delivery-row').filter({ hasText: 'Replay' }).first().waitFor();
    await deliveries.getByRole('button', { name: 'Close' }).click();

    // A new secret, shown once (the old one still signs for 24 h).
    await row.getByRole('button', { name: 'Rotate secret' }).click();
    await page.getByRole('dialog', { name: 'Rotate the signing secret?' }).getByRole('button', { name: 'Rotate secret' }).click();
    const rotated = page.getByRole('dialog', { name: 'New signing secret' });
    const newSecret = await rotated.getByLabel('Signing secret').inputValue();
    expect(newSecret).toMatch(/^whsec_/);
    expect(newSecret).not.toBe(secret);
    await rotated.getByRole('button', { name: 'Done' }).click();
    await row.getByText('the previous secret also signs until', { exact: false }).waitFor();

    // Switched off, then deleted.
    await row.getByRole('switch', { name: 'Enabled' }).click();
    await row.getByText('Disabled').waitFor();
    expect(await row.getByRole('switch', { name: 'Enabled' }).isChecked()).toBe(false);
    await row.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog', { name: 'Delete this endpoint?' }).getByRole('button', { name: 'Delete' }).click();
    await row.waitFor({ state: 'detached' });
    await page.getByTestId('activity-row').filter({ hasText: 'Endpoint deleted' }).first().waitFor();
  });

  it("leads a trial company's CEO to the Plans page (pt), and offers the page to no one but the CEO", async () => {
    const page = await app.switchedPage('ceo@serra.rentalops.test', { language: 'pt' });
    await page.goto('/settings/integrations');
    await page.getByRole('heading', { level: 1, name: 'Integrações' }).waitFor();
    const upsells = page.getByTestId('plan-upsell');
    await upsells.first().getByText('Profissional', { exact: false }).waitFor();
    expect(await page.getByRole('button', { name: 'Nova chave' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Adicionar endpoint' }).count()).toBe(0);
    await upsells.first().getByRole('link', { name: 'Ver planos' }).click();
    await page.waitForURL('**/pricing');

    const manager = await app.signedInPage('manager@demo.rentalops.test', { language: 'en' });
    await manager.goto('/notifications');
    await manager.getByRole('heading', { level: 1, name: 'Notifications' }).waitFor();
    expect(await manager.getByRole('navigation').getByRole('link', { name: 'Integrations' }).count()).toBe(0);
  });

  it.each([
    ['en', DESKTOP, 'desktop'],
    ['pt', { width: 390, height: 844 }, 'phone'],
    ['es', { width: 390, height: 844 }, 'phone'],
  ] as const)('draws in %s on a %s', async (language, viewport, size) => {
    const page = await app.switchedPage(ceoEmail, { language, viewport });
    await page.goto('/settings/integrations');
    await page.getByTestId('activity-row').first().waitFor();
    await screenshot(page, `integrations-${language}-${size}`);
    // Nothing wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
  });
});

describe('/developers', () => {
  it('renders the API reference from the OpenAPI document, with a curl example, under the site CSP', async () => {
    const page = await app.newPage({ language: 'en' });
    const response = await page.goto('/developers');
    expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
    await page.getByRole('heading', { name: 'List tasks' }).first().waitFor({ timeout: 60_000 });
    await page.getByText('curl', { exact: false }).first().waitFor();
    await screenshot(page, 'developers-reference', { fullPage: false });
  });

  it('is linked from the Integrations page, as is the OpenAPI document', async () => {
    const page = await app.signedInPage(ceoEmail, { language: 'en' });
    await page.goto('/settings/integrations');
    expect(await page.getByRole('link', { name: 'API reference' }).getAttribute('href')).toBe('/developers');
    expect(await page.getByRole('link', { name: 'OpenAPI document' }).getAttribute('href')).toBe('/api/v1/openapi.json');
    await page.getByRole('link', { name: 'API reference' }).click();
    await page.waitForURL('**/developers');
    await page.getByRole('heading', { name: 'List tasks' }).first().waitFor({ timeout: 60_000 });
  });
});
