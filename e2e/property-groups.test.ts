// Property groups under Properties and a member's Access in Team (issue 41), in a real browser: the
// CEO makes a group of one of two properties, gives a manager access to it, and the manager's
// properties screen then lists only that property.
import type { Page } from 'playwright-core';
import { createCompanyWithOwner } from '../functions/data/repositories/companies';
import { createProperty } from '../functions/data/repositories/properties';
import { addMember } from '../functions/data/repositories/users';
import { STARTUP_TIMEOUT_MS, startTestApp, type TestApp } from './support/app';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ reusePages: true });
}, STARTUP_TIMEOUT_MS);
afterAll(async () => app?.close());

async function propertyNames(page: Page): Promise<string[]> {
  await page.goto('/properties');
  await page.getByRole('heading', { level: 1, name: 'Properties' }).waitFor();
  const list = page.getByRole('region', { name: 'Property list' }).or(page.locator('section[aria-label="Property list"]'));
  await list.first().waitFor();
  return (await list.first().getByRole('heading').allInnerTexts()).map((text) => text.trim()).sort();
}

describe('property groups and access', () => {
  it('lets the CEO group properties and limit a manager to a group; the manager then sees only those', async () => {
    const tag = Date.now().toString(36);
    const ceoEmail = `ceo.${tag}@groups.rentalops.test`;
    const managerEmail = `manager.${tag}@groups.rentalops.test`;
    const { company } = await createCompanyWithOwner({
      company: { name: `Grupos ${tag}`, plan: 'professional' },
      owner: { email: ceoEmail, firstName: 'Inês', lastName: 'Duarte', role: 'ceo' },
    });
    const ctx = { companyId: company.id, plan: company.plan, unlimited: true };
    const north = await createProperty(ctx, { name: `Casa Norte ${tag}`, address: 'Rua 1, Porto' });
    const south = await createProperty(ctx, { name: `Casa Sul ${tag}`, address: 'Rua 2, Faro' });
    const now = new Date().toISOString();
    await addMember(ctx, {
      id: crypto.randomUUID(), email: managerEmail, firstName: 'Rui', lastName: 'Gestor', role: 'operational_manager', companyId: company.id,
      authProvider: 'cognito', completedTasks: 0, createdAt: now, updatedAt: now,
    });

    const ceo = await app.signedInPage(ceoEmail, { language: 'en' });
    await ceo.goto('/properties');
    await ceo.getByRole('button', { name: 'Groups' }).click();
    const dialog = ceo.getByRole('dialog', { name: 'Property groups' });
    await dialog.getByText('No groups yet', { exact: false }).waitFor();
    await dialog.getByRole('button', { name: 'New group' }).click();
    await dialog.getByRole('button', { name: 'Save group' }).click();
    await dialog.getByText('Give the group a name').waitFor();
    await dialog.getByLabel('Group name').fill('Norte');
    await dialog.getByLabel(north.name).check();
    await dialog.getByRole('button', { name: 'Save group' }).click();
    await ceo.getByText('Group “Norte” created').waitFor();
    await dialog.getByRole('list', { name: 'Property groups' }).getByText(north.name).waitFor();
    // Rename it.
    await dialog.getByRole('button', { name: 'Change Norte' }).click();
    await dialog.getByLabel('Group name').fill('Norte e Douro');
    await dialog.getByRole('button', { name: 'Save group' }).click();
    await dialog.getByText('Norte e Douro').waitFor();
    await dialog.getByRole('button', { name: 'Close' }).click();

    await ceo.goto('/team');
    await ceo.getByRole('button', { name: 'Actions for Rui Gestor' }).click();
    await ceo.getByRole('menuitem', { name: /Access/ }).click();
    const access = ceo.getByRole('dialog', { name: 'Access of Rui Gestor' });
    await access.getByText('Sees every property').waitFor();
    await access.getByLabel('Norte e Douro').check();
    await access.getByRole('button', { name: 'Save access' }).click();
    await ceo.getByText('Access of Rui Gestor saved').waitFor();

    const manager = await app.signedInPage(managerEmail, { language: 'en' });
    expect(await propertyNames(manager)).toEqual([north.name]);
    // A scoped manager is offered neither groups nor new properties (they could not see them).
    expect(await manager.getByRole('button', { name: 'Groups' }).count()).toBe(0);
    expect(await manager.getByRole('button', { name: 'Add Property' }).count()).toBe(0);
    expect(await propertyNames(ceo)).toEqual([north.name, south.name].sort());
    expect(await ceo.getByRole('button', { name: 'Add Property' }).count()).toBe(1);
    await manager.goto(`/properties/${south.id}`);
    await manager.getByText("Property not found").first().waitFor();
  }, 120_000);
});
