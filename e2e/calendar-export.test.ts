// Calendar export screens (issue 39 point 5) in a real browser: the property page's export URL for
// managers (shown, replaced after a confirmation, the old URL then a 404) and the personal task feed
// on My notifications. Works on a company of its own.
import { createCompanyWithOwner } from '../functions/data/repositories/companies';
import { createProperty } from '../functions/data/repositories/properties';
import { STARTUP_TIMEOUT_MS, startTestApp, type TestApp } from './support/app';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
}, STARTUP_TIMEOUT_MS);
afterAll(async () => app?.close());

async function ownCompany(language: 'en' | 'pt' | 'es') {
  const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const email = `ceo.${tag}@export.rentalops.test`;
  const { company } = await createCompanyWithOwner({ company: { name: `Export ${tag}`, plan: 'professional' }, owner: { email, firstName: 'Inês', lastName: 'Duarte', role: 'ceo' } });
  const property = await createProperty({ companyId: company.id, plan: 'professional', unlimited: false }, { name: `Casa ${tag}`, address: 'Rua das Flores 1, Porto' });
  const page = await app.signedInPage(email, { language });
  return { page, property };
}

describe('calendar export screens', () => {
  it('shows a manager the property export URL and replaces it after a confirmation; the old URL stops answering', async () => {
    const { page, property } = await ownCompany('en');
    await page.goto(`/properties/${property.id}`);
    const section = page.locator('#calendar-export');
    await section.getByRole('heading', { name: 'Calendar export' }).waitFor();
    const field = section.getByLabel('Export URL (iCal)');
    const before = await field.inputValue();
    expect(before).toMatch(/\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    expect((await page.request.get(new URL(before).pathname)).status()).toBe(200);

    await section.getByRole('button', { name: 'New URL' }).click();
    const dialog = page.getByRole('dialog', { name: 'Replace the export URL?' });
    await dialog.getByRole('button', { name: 'New URL' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.waitForFunction((old) => (document.querySelector('#calendar-export input') as HTMLInputElement | null)?.value !== old, before);
    const after = await field.inputValue();
    expect(after).not.toBe(before);
    expect((await page.request.get(new URL(before).pathname)).status()).toBe(404);
    const feed = await page.request.get(new URL(after).pathname);
    expect(feed.status()).toBe(200);
    expect(feed.headers()['content-type']).toContain('text/calendar');
  });

  it('lets a member make their own task feed URL on My notifications, in Portuguese', async () => {
    const { page } = await ownCompany('pt');
    await page.goto('/account/notifications');
    await page.getByRole('heading', { name: 'Minhas tarefas no meu calendário' }).waitFor();
    await page.getByRole('button', { name: 'Criar URL do calendário' }).click();
    const field = page.getByLabel('URL do calendário (iCal)');
    await field.waitFor();
    const url = await field.inputValue();
    expect(url).toMatch(/\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    expect((await page.request.get(new URL(url).pathname)).status()).toBe(200);
  });
});
