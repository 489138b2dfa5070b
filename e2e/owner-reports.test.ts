// Owner reports in a real browser (issue 21 point 4): a manager sets a property's owner on the
// property page (the shared form: validation messages first) and downloads that owner's report
// for a month; staff see no owner section. Works on a company of its own.
import { readFileSync } from 'node:fs';
import { createCompanyWithOwner } from '../functions/data/repositories/companies';
import { createProperty, getProperty } from '../functions/data/repositories/properties';
import { addMember } from '../functions/data/repositories/users';
import type { User } from '../shared/schemas';
import { STARTUP_TIMEOUT_MS, startTestApp, type TestApp } from './support/app';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
}, STARTUP_TIMEOUT_MS);
afterAll(async () => app?.close());

async function ownCompany() {
  const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const { company } = await createCompanyWithOwner({
    company: { name: `Donos ${tag}`, plan: 'professional' },
    owner: { email: `ceo.${tag}@owners.rentalops.test`, firstName: 'Inês', lastName: 'Duarte', role: 'ceo' },
  });
  const property = await createProperty({ companyId: company.id, plan: 'professional', unlimited: false }, { name: `Casa do Rio ${tag}`, address: 'Rua do Rio 3, Porto' });
  const member = (role: 'operational_manager' | 'staff'): User => {
    const now = new Date().toISOString();
    return { id: crypto.randomUUID(), email: `${role}.${tag}@owners.rentalops.test`, firstName: 'Rita', lastName: role, role, companyId: company.id, authProvider: 'cognito', completedTasks: 0, createdAt: now, updatedAt: now };
  };
  const manager = member('operational_manager');
  const staff = member('staff');
  for (const user of [manager, staff]) await addMember({ companyId: company.id, plan: 'professional', unlimited: true }, user);
  return { company, property, manager, staff };
}

describe('owner reports', () => {
  it('a manager sets the owner and downloads the report; staff see no owner', async () => {
    const { company, property, manager, staff } = await ownCompany();
    const page = await app.signedInPage(manager.email, { language: 'en' });
    await page.goto(`/properties/${property.id}`);
    const section = page.locator('section#owner');
    await section.getByText('No owner yet', { exact: false }).waitFor();

    await section.getByRole('button', { name: 'Add owner' }).click();
    await section.getByLabel("Owner's e-mail").fill('not an e-mail');
    await section.getByRole('button', { name: 'Save owner' }).click();
    await section.getByText("The owner's name is required").waitFor();
    // A malformed address is said to be one (not "enter the e-mail").
    await section.getByText('Invalid e-mail').waitFor();

    await section.getByLabel("Owner's name").fill('Joana Proprietária');
    await section.getByLabel("Owner's e-mail").fill('joana.owner@example.com');
    await section.getByLabel('Report language').click();
    await page.getByRole('option', { name: 'Spanish' }).click();
    await section.getByRole('button', { name: 'Save owner' }).click();
    await section.getByText('joana.owner@example.com · Spanish').waitFor();
    expect((await getProperty(company.id, property.id))?.owner).toEqual({ name: 'Joana Proprietária', email: 'joana.owner@example.com', language: 'es' });

    await section.getByLabel('Report month').fill('2026-03');
    const [download] = await Promise.all([page.waitForEvent('download'), section.getByRole('button', { name: 'Download owner report' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^rentalops-owner-report-.*-2026-03\.pdf$/);
    const file = await download.path();
    expect(readFileSync(file!).subarray(0, 5).toString()).toBe('%PDF-');
    await page.context().close();

    const staffPage = await app.signedInPage(staff.email, { language: 'en' });
    await staffPage.goto(`/properties/${property.id}`);
    await staffPage.getByRole('heading', { level: 1, name: property.name }).waitFor();
    expect(await staffPage.locator('section#owner').count()).toBe(0);
    expect(await staffPage.getByText('joana.owner@example.com').count()).toBe(0);
    await staffPage.context().close();
  });
});
