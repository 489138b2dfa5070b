// The master's console and an ended trial, in a real browser (issue 22): the master account opens
// /admin, ends a company's trial; that company's CEO then gets the trial-ended message on a write and
// lands on the pricing screen, while a manager sees the message and stays. The master's own pricing
// page shows no trial banner; anyone else opening /admin gets Not Found.
import { createCompanyWithOwner, getCompany } from '../functions/data/repositories/companies';
import { createProperty } from '../functions/data/repositories/properties';
import { findUserByEmail } from '../functions/data/repositories/users';
import { addMember } from '../functions/data/repositories/users';
import { STARTUP_TIMEOUT_MS, screenshot, startTestApp, type PageOptions, type TestApp } from './support/app';

const MASTER = process.env.MASTER_EMAIL ?? 'master@rentalops.test';

let app: TestApp;
beforeAll(async () => {
  // The second test's two English pages are the first test's (cleaned by the pool), not new browser
  // contexts running the app for the first time.
  app = await startTestApp({ reusePages: true });
  if (!(await findUserByEmail(MASTER))) {
    await createCompanyWithOwner({ company: { name: 'RentalOps Platform', plan: 'trial' }, owner: { email: MASTER, firstName: 'Master', lastName: 'Admin', role: 'ceo' } });
  }
}, STARTUP_TIMEOUT_MS);
afterAll(async () => app?.close());

async function signedIn(email: string, options: PageOptions = {}) {
  const page = await app.signedInPage(email, options);
  return page;
}

describe('the master console', () => {
  it('ends a trial; the CEO then gets the trial-ended message and lands on pricing, a manager stays', async () => {
    const tag = Date.now().toString(36);
    const ceoEmail = `ceo.${tag}@trial.rentalops.test`;
    const managerEmail = `manager.${tag}@trial.rentalops.test`;
    const { company, user } = await createCompanyWithOwner({ company: { name: `Serra ${tag}`, plan: 'trial' }, owner: { email: ceoEmail, firstName: 'Rita', lastName: 'Serra', role: 'ceo' } });
    await createProperty({ companyId: company.id, plan: 'trial', unlimited: false }, { name: `Casa ${tag}`, address: 'Rua 1, Porto' });
    const now = new Date().toISOString();
    await addMember({ companyId: company.id, plan: 'trial', unlimited: true }, { ...user, id: crypto.randomUUID(), email: managerEmail, role: 'operational_manager', createdAt: now, updatedAt: now });

    const master = await signedIn(MASTER);
    await master.goto('/admin');
    await master.getByRole('heading', { level: 1, name: 'Platform console' }).waitFor();
    const row = master.getByTestId(`admin-company-${company.id}`);
    await row.waitFor();
    expect(await row.innerText()).toContain('Free Trial');
    await master.getByTestId(`admin-manage-${company.id}`).click();
    const dialog = master.getByRole('dialog', { name: `Serra ${tag}` });
    await dialog.getByTestId('admin-end-trial').click();
    await dialog.getByTestId('admin-audit').getByText('Trial ended').waitFor();
    await dialog.getByTestId('admin-company-state').getByText('Trial ended (read-only)').waitFor();
    expect(await dialog.getByTestId('admin-audit').innerText()).toContain(MASTER);
    await screenshot(master, 'admin-console-trial-ended');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await row.getByText('Trial ended (read-only)').waitFor();

    // The CEO (Portuguese): reads still work; a write gets the message and lands on pricing.
    const ceo = await signedIn(ceoEmail, { language: 'pt' });
    await ceo.goto('/properties');
    await ceo.getByText(`Casa ${tag}`).waitFor();
    await ceo.getByRole('button', { name: 'Adicionar Propriedade' }).click();
    const add = ceo.getByRole('dialog', { name: 'Adicionar Propriedade' });
    await add.getByLabel('Nome').fill('Casa nova');
    await add.getByLabel('Endereço').fill('Rua Nova 1, Braga');
    await add.getByRole('button', { name: 'Adicionar Propriedade' }).click();
    await ceo.getByText('Seu período de teste terminou. Escolha um plano para continuar trabalhando', { exact: false }).first().waitFor();
    await ceo.waitForURL('**/pricing');
    await ceo.getByRole('heading', { level: 1 }).waitFor();
    await screenshot(ceo, 'trial-ended-ceo-on-pricing');

    // A manager (English) sees the message meant for them and stays on the screen.
    const manager = await signedIn(managerEmail);
    await manager.goto('/properties');
    await manager.getByRole('button', { name: 'Add Property' }).click();
    const form = manager.getByRole('dialog', { name: 'Add Property' });
    await form.getByLabel('Name').fill('Casa nova');
    await form.getByLabel('Address').fill('Rua Nova 1, Braga');
    await form.getByRole('button', { name: 'Add Property' }).click();
    await manager.getByText("Your company's trial has ended, so changes are paused.", { exact: false }).first().waitFor();
    expect(new URL(manager.url()).pathname).toBe('/properties');
  });

  it('shows no trial banner on the master account\'s pricing page, and Not Found at /admin to anyone else', async () => {
    // The master's own company is on the trial plan (as the seed and a sign-up leave it): still no banner.
    const masterUser = await findUserByEmail(MASTER);
    expect((await getCompany(masterUser!.companyId))?.plan).toBe('trial');
    const master = await signedIn(MASTER);
    await master.goto('/pricing');
    await master.getByTestId('plan-card-professional').waitFor();
    expect(await master.getByText('You are on the free trial').count()).toBe(0);
    expect(await master.getByText('Your trial has expired!').count()).toBe(0);
    // The console is one click away for the master, and not offered to anyone else.
    await master.getByRole('link', { name: 'Platform console' }).click();
    await master.waitForURL((url) => url.pathname === '/admin');

    const ceo = await signedIn('ceo@demo.rentalops.test');
    await ceo.goto('/pricing');
    await ceo.getByTestId('plan-card-professional').waitFor();
    expect(await ceo.getByRole('link', { name: 'Platform console' }).count()).toBe(0);
    await ceo.goto('/admin');
    await ceo.getByText('Page Not Found').waitFor();
  });
});
