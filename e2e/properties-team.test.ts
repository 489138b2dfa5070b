// Properties, the property page, the team screen and the company dialogs, in a real browser.
// Tests share one database with the other test files of the run: screens that change data work on
// companies created here, and demo-company assertions read the API for counts instead of assuming them.
import type { Page } from 'playwright-core';
import type { Plan, UiLanguage } from '../shared/enums';
import { utcDay, zonedInstant } from '../shared/rules';
import { createProperty } from '../functions/data/repositories/properties';
import { createCompanyWithOwner } from '../functions/data/repositories/companies';
import { createReservation } from '../functions/data/repositories/reservations';
import { createTask } from '../functions/data/repositories/tasks';
import { findUserByEmail } from '../functions/data/repositories/users';
import { createTestCompany } from '../tests/support/fixtures';
import { STARTUP_TIMEOUT_MS, screenshot, startTestApp, switchPage, type PageOptions, type TestApp } from './support/app';

const CEO = 'ceo@demo.rentalops.test';
const MANAGER = 'manager@demo.rentalops.test';
const STAFF = 'staff@demo.rentalops.test';
const MASTER = process.env.MASTER_EMAIL ?? 'master@rentalops.test';
const PHONE = { width: 390, height: 844 };

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ reusePages: true });
}, STARTUP_TIMEOUT_MS);
afterAll(async () => app?.close());

/** A signed-in page that fails fast (10 s) instead of at the test's timeout. */
async function signedIn(email: string, options: PageOptions = {}) {
  const page = await app.signedInPage(email, options);
  return page;
}

let sequence = 0;
/** A company of our own (so counts and edits touch nobody else's data) with `properties` properties. */
async function ownCompany(plan: Plan, properties: number, language: UiLanguage = 'en') {
  const tag = `${Date.now().toString(36)}${++sequence}`;
  const email = `ceo.${tag}@props.rentalops.test`;
  const { company } = await createCompanyWithOwner({
    company: { name: `Maré Alta ${tag}`, plan },
    owner: { email, firstName: 'Inês', lastName: 'Duarte', role: 'ceo' },
  });
  const ctx = { companyId: company.id, plan, unlimited: false };
  const created = [];
  for (let i = 0; i < properties; i++) created.push(await createProperty(ctx, { name: `Casa ${i + 1} ${tag}`, address: `Rua das Flores ${i + 1}, Porto` }));
  const page = await signedIn(email, { language });
  return { company, ctx, created, page, tag, email };
}

async function openProperties(page: Page, title: string) {
  await page.goto('/properties');
  await page.getByRole('heading', { level: 1, name: title }).waitFor();
  await page.getByTestId('plan-usage-count').waitFor();
}

async function dialogScreenshot(page: Page, name: string): Promise<void> {
  await screenshot(page, name, { fullPage: false });
}

async function openCompanyMenu(page: Page, optionsLabel: string) {
  await page.getByRole('button', { name: optionsLabel }).click();
}

describe('the properties screen', () => {
  it('lets a CEO add a property through the dialog, with validation, and updates the grid and the usage panel', async () => {
    const { page, tag } = await ownCompany('basic', 1);
    await openProperties(page, 'Properties');
    expect(await page.getByTestId('plan-usage-count').innerText()).toBe('1 of 5 properties');
    expect(await page.getByTestId('plan-usage-percent').innerText()).toBe('20% used');

    await page.getByRole('button', { name: 'Add Property' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Property' });
    await dialog.getByRole('button', { name: 'Add Property' }).click();
    await dialog.getByText('Property name is required').waitFor();
    await dialog.getByText('Address is required').waitFor();

    const name = `Villa Nova ${tag}`;
    await dialog.getByLabel('Name').fill(name);
    await dialog.getByLabel('Address').fill('Avenida da Liberdade 10, Lisboa');
    await dialog.getByRole('button', { name: 'Add Property' }).click();
    await page.getByText('Property created successfully').waitFor();
    await dialog.waitFor({ state: 'hidden' });

    await page.getByTestId('property-card').filter({ hasText: name }).waitFor();
    await page.getByTestId('plan-usage-count').filter({ hasText: '2 of 5 properties' }).waitFor();
    expect(await page.getByTestId('plan-usage-percent').innerText()).toBe('40% used');

    await page.getByLabel('Search properties').fill('liberdade');
    await expect(page.getByTestId('property-card').count()).resolves.toBe(1);
    await page.getByLabel('Search properties').fill('no such place');
    await page.getByText('No properties match “no such place”').waitFor();
  });

  it('at the plan limit disables the add button and shows the orange alert, in pt, es and en', async () => {
    const { page } = await ownCompany('basic', 5, 'pt');
    await openProperties(page, 'Propriedades');
    const alert = page.getByTestId('property-limit-alert');
    expect((await alert.innerText()).replace(/\s+/g, ' ').trim()).toBe('Limite de propriedades atingido. Fazer upgrade do plano.');
    expect(await alert.getByRole('link').getAttribute('href')).toBe('/pricing');
    expect(await page.getByRole('button', { name: 'Adicionar Propriedade' }).isDisabled()).toBe(true);
    expect(await page.getByTestId('plan-usage-percent').innerText()).toBe('100% utilizado');
    await screenshot(page, 'properties-limit-pt');

    await page.evaluate(() => window.localStorage.setItem('language', 'es'));
    await openProperties(page, 'Propiedades');
    expect((await page.getByTestId('property-limit-alert').innerText()).trim()).toBe('Límite de propiedades alcanzado. Mejorar el plan.');
    expect(await page.getByRole('button', { name: 'Añadir Propiedad' }).isDisabled()).toBe(true);

    await page.evaluate(() => window.localStorage.setItem('language', 'en'));
    await openProperties(page, 'Properties');
    expect((await page.getByTestId('property-limit-alert').innerText()).trim()).toBe('Property limit reached. Upgrade your plan.');
  });

  it("shows the server's plan-limit message in the request's language when the limit is reached meanwhile", async () => {
    const { page, ctx } = await ownCompany('basic', 4, 'pt');
    await openProperties(page, 'Propriedades');
    await page.getByRole('button', { name: 'Adicionar Propriedade' }).click();
    const dialog = page.getByRole('dialog', { name: 'Adicionar Propriedade' });
    await dialog.getByLabel('Nome').fill('Casa tardia');
    await dialog.getByLabel('Endereço').fill('Rua Nova 1, Braga');
    await createProperty(ctx, { name: 'Quinta rival', address: 'Rua Velha 2, Braga' }); // someone else takes the last slot
    await dialog.getByRole('button', { name: 'Adicionar Propriedade' }).click();

    await page.getByText('Falha ao criar propriedade').waitFor();
    await page.getByText('Limite de propriedades atingido. Plano Básico permite até 5 propriedades.').waitFor();
    // The count is re-read: the screen now shows the limit.
    await page.getByTestId('property-limit-alert').waitFor();
  });

  it('opens the add dialog from /properties?new=1 (the dashboard quick action)', async () => {
    const { page } = await ownCompany('trial', 0);
    await page.goto('/properties?new=1');
    await page.getByRole('dialog', { name: 'Add Property' }).waitFor();
    expect(new URL(page.url()).search).toBe('');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.getByText('No Properties Found').waitFor();
    await page.getByRole('button', { name: 'Add Your First Property' }).waitFor();
  });

  it('never puts the master account at a limit', async () => {
    if (!(await findUserByEmail(MASTER))) {
      const { company } = await createCompanyWithOwner({ company: { name: 'Master Holdings', plan: 'basic' }, owner: { email: MASTER, firstName: 'Master', lastName: 'Admin', role: 'ceo' } });
      const ctx = { companyId: company.id, plan: 'basic' as const, unlimited: true };
      for (let i = 0; i < 5; i++) await createProperty(ctx, { name: `Master ${i}`, address: `Street ${i}` });
    }
    const page = await signedIn(MASTER, { language: 'pt' });
    await openProperties(page, 'Propriedades');
    await page.getByTestId('plan-usage').getByText('Conta Master').waitFor();
    await page.getByTestId('plan-usage').getByText('Acesso Total - Sem Limitações').waitFor();
    expect(await page.getByTestId('property-limit-alert').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Adicionar Propriedade' }).isEnabled()).toBe(true);
  });

  it('offers staff no add-property button and no edit button', async () => {
    const page = await signedIn(STAFF, { language: 'en' });
    await openProperties(page, 'Properties');
    await page.getByTestId('property-card').first().waitFor();
    expect(await page.getByRole('button', { name: 'Add Property' }).count()).toBe(0);
    await page.getByTestId('property-card').first().getByRole('link', { name: 'View' }).click();
    await page.getByRole('heading', { level: 2, name: 'Tasks' }).waitFor();
    expect(await page.getByRole('button', { name: 'Edit' }).count()).toBe(0);
  });

  it('shows the SPEC texts and cards of the demo company in en, pt and es, on desktop and phone', async () => {
    const titles: Record<UiLanguage, [string, string]> = { en: ['Properties', 'Active'], pt: ['Propriedades', 'Ativa'], es: ['Propiedades', 'Activa'] };
    // One page, the languages in turn; Portuguese last, as the phone's size is read in it below.
    const page = await signedIn(CEO, { language: 'en' });
    for (const language of ['en', 'es', 'pt'] as const) {
      await switchPage(page, { language });
      await openProperties(page, titles[language][0]);
      const card = page.getByTestId('property-card').filter({ hasText: 'Casa do Farol' });
      await card.getByText(titles[language][1], { exact: true }).waitFor();
      await screenshot(page, `properties-${language}`);
    }
    // The pt page, at a phone's size (the layout answers the viewport: no second page loads the screen).
    await page.setViewportSize(PHONE);
    await page.waitForFunction((width) => window.innerWidth === width, PHONE.width);
    await page.getByRole('heading', { level: 1, name: 'Propriedades' }).waitFor();
    await page.getByRole('button', { name: 'Adicionar Propriedade' }).click();
    await page.getByRole('dialog', { name: 'Adicionar Propriedade' }).waitFor();
    await page.getByRole('button', { name: 'Cancelar' }).click();
    await screenshot(page, 'properties-pt-phone');
  });
});

describe('the property page', () => {
  it("shows a property's details, its tasks newest first (linking to the task) and its reservations, from the grid's Tasks button", async () => {
    const { page, company, created, tag } = await ownCompany('professional', 1);
    const property = created[0];
    const hour = 3_600_000;
    const base = Date.now() - 10 * hour;
    const oldest = await createTask(company.id, { type: 'cleaning', title: `Limpeza ${tag}`, description: null, propertyId: property.id, assignedUserId: null, status: 'completed', dueDate: null }, new Date(base));
    const middle = await createTask(company.id, { type: 'maintenance', title: `Reparo ${tag}`, description: null, propertyId: property.id, assignedUserId: null, status: 'in_progress', dueDate: new Date(base + 30 * hour).toISOString() }, new Date(base + hour));
    const newest = await createTask(company.id, { type: 'laundry', title: `Lençóis ${tag}`, description: null, propertyId: property.id, assignedUserId: null, status: 'pending', dueDate: null }, new Date(base + 2 * hour));
    await createReservation(company.id, { propertyId: property.id, guestName: 'Emma Johnson', checkinDate: new Date(base + 48 * hour).toISOString(), checkoutDate: new Date(base + 120 * hour).toISOString(), integrationSource: 'airbnb' });
    await createReservation(company.id, { propertyId: property.id, guestName: 'Lucas Silva', checkinDate: new Date(base + 200 * hour).toISOString(), checkoutDate: new Date(base + 260 * hour).toISOString(), integrationSource: 'direct' });

    await openProperties(page, 'Properties');
    const card = page.getByTestId('property-card').filter({ hasText: property.name });
    await card.getByRole('link', { name: 'Tasks' }).click();
    await page.waitForURL(new RegExp(`/properties/${property.id}#tasks$`));
    await page.getByRole('heading', { level: 1, name: property.name }).waitFor();
    await page.getByText(property.address).first().waitFor();

    const tasks = page.getByTestId('property-tasks').getByRole('link');
    await tasks.first().waitFor();
    expect(await tasks.evaluateAll((links) => links.map((link) => link.getAttribute('href')))).toEqual([newest, middle, oldest].map((task) => `/tasks/${task.id}`));
    expect(await tasks.nth(0).innerText()).toMatch(/Lençóis[\s\S]*Laundry[\s\S]*Pending/);
    expect(await tasks.nth(1).innerText()).toMatch(/In Progress/);
    expect(await tasks.nth(2).innerText()).toMatch(/Completed/);

    const rows = page.getByTestId('property-reservations').getByRole('row');
    await rows.nth(2).waitFor();
    expect(await rows.nth(0).innerText()).toMatch(/Guest\s+Check-in\s+Check-out\s+Source/);
    expect(await rows.nth(1).innerText()).toMatch(/Emma Johnson[\s\S]*Airbnb/);
    expect(await rows.nth(2).innerText()).toMatch(/Lucas Silva[\s\S]*Direct/);

    // A task opened from here leads back here, not to the task list (also after a reload).
    await tasks.nth(1).click();
    await page.waitForURL(new RegExp(`/tasks/${middle.id}$`));
    const back = page.getByRole('link', { name: 'Back to property' });
    await back.waitFor();
    expect(await page.getByRole('link', { name: 'Back to tasks' }).count()).toBe(0);
    await page.reload();
    await back.click();
    await page.waitForURL(new RegExp(`/properties/${property.id}#tasks$`));
    await page.getByRole('heading', { level: 1, name: property.name }).waitFor();
    // Reached another way, the task still leads back to the task list.
    await page.goto(`/tasks/${middle.id}`);
    await page.getByRole('link', { name: 'Back to tasks' }).waitFor();
  });

  it("shows check-in and check-out at the property's local time, naming the company's zone to a browser elsewhere", async () => {
    const { company, created, email } = await ownCompany('professional', 1);
    expect(company.timezone).toBe('America/New_York');
    // 15:00 and 11:00 in New York (EST), as the reservation dialog would book them.
    const checkin = zonedInstant(utcDay(new Date(Date.now() + 3 * 86_400_000)), 15, 0, 'America/New_York');
    const checkout = zonedInstant(utcDay(new Date(Date.now() + 6 * 86_400_000)), 11, 0, 'America/New_York');
    await createReservation(company.id, { propertyId: created[0].id, guestName: 'Noah Williams', checkinDate: checkin.toISOString(), checkoutDate: checkout.toISOString(), integrationSource: 'direct' });
    const newYorkDay = (at: Date) => new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'America/New_York' }).format(at);

    const lisbon = await signedIn(email, { language: 'en', timezoneId: 'Europe/Lisbon' });
    await lisbon.goto(`/properties/${created[0].id}`);
    const row = lisbon.getByTestId('property-reservations').getByRole('row').filter({ hasText: 'Noah Williams' });
    await row.waitFor();
    const text = await row.innerText();
    expect(text).toMatch(new RegExp(`${newYorkDay(checkin)}\\s+3:00 PM E[SD]T`));
    expect(text).toMatch(new RegExp(`${newYorkDay(checkout)}\\s+11:00 AM E[SD]T`));

    const newYork = await signedIn(email, { language: 'en', timezoneId: 'America/New_York' });
    await newYork.goto(`/properties/${created[0].id}`);
    const local = newYork.getByTestId('property-reservations').getByRole('row').filter({ hasText: 'Noah Williams' });
    await local.waitFor();
    expect(await local.innerText()).toMatch(/3:00 PM(?! E[SD]T)/);
  });

  it('reads in en, pt and es, and fits a phone (demo property)', async () => {
    const page = await signedIn(CEO, { language: 'en' });
    await openProperties(page, 'Properties');
    await page.getByTestId('property-card').filter({ hasText: 'Casa do Farol' }).getByRole('link', { name: 'View' }).click();
    await page.getByRole('heading', { level: 1, name: 'Casa do Farol' }).waitFor();
    await page.getByTestId('property-tasks').getByRole('link').first().waitFor();
    await page.getByTestId('property-reservations').waitFor();
    await screenshot(page, 'property-en');
    const id = decodeURIComponent(new URL(page.url()).pathname.split('/').pop()!);

    // The same page in pt and es, then in en at a phone's size.
    for (const [language, tasksTitle, guest] of [['pt', 'Tarefas', 'Hóspede'], ['es', 'Tareas', 'Huésped']] as const) {
      await switchPage(page, { language });
      await page.goto(`/properties/${id}`);
      await page.getByRole('heading', { level: 2, name: tasksTitle }).waitFor();
      await page.getByRole('columnheader', { name: guest }).waitFor();
      await page.getByTestId('property-tasks').getByRole('link').first().waitFor();
      await screenshot(page, `property-${language}`);
    }
    await switchPage(page, { language: 'en', viewport: PHONE });
    await page.goto(`/properties/${id}`);
    await page.getByTestId('property-tasks').getByRole('link').first().waitFor();
    await page.getByText(/^Check-in: /).first().waitFor();
    await screenshot(page, 'property-en-phone');
  });

  it('edits a property with the same form (PUT) and shows a friendly not-found state for an unknown id', async () => {
    const { page, created, tag } = await ownCompany('basic', 1);
    await page.goto(`/properties/${created[0].id}`);
    await page.getByRole('heading', { level: 1, name: created[0].name }).waitFor();
    await page.getByText('No tasks for this property yet.').waitFor();
    await page.getByText('No reservations for this property.').waitFor();

    await page.getByRole('button', { name: 'Edit' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Property' });
    expect(await dialog.getByLabel('Name').inputValue()).toBe(created[0].name);
    await dialog.getByLabel('Name').fill('');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('Property name is required').waitFor();
    await dialog.getByLabel('Name').fill(`Casa Renovada ${tag}`);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Property updated successfully').waitFor();
    await page.getByRole('heading', { level: 1, name: `Casa Renovada ${tag}` }).waitFor();

    await page.goto('/properties/01NOSUCHPROPERTY');
    await page.getByTestId('property-not-found').getByText('Property not found').waitFor();
    await page.getByRole('link', { name: 'Back to properties' }).first().waitFor();
  });
});

describe('the team screen', () => {
  it('lists the members with role badges, the statistics and the top performers (en)', async () => {
    const page = await signedIn(CEO, { language: 'en' });
    await page.goto('/team');
    await page.getByRole('heading', { level: 1, name: 'Team' }).waitFor();
    // Invitees not joined yet are listed apart (e2e/team-invites.test.ts), not as members.
    // Owners are listed apart too (the owners card): they are not team members.
    const team = ((await (await page.request.get('/api/team')).json()) as Array<{ email: string; role: string; invitationPending?: boolean }>).filter((member) => !member.invitationPending && member.role !== 'owner');
    const performers = (await (await page.request.get('/api/team/top-performers')).json()) as Array<{ firstName: string; score: number }>;

    await page.getByTestId('team-member').first().waitFor();
    expect(await page.getByTestId('team-member').count()).toBe(team.length);
    const carolina = page.getByTestId('team-member').filter({ hasText: 'Carolina Mendes' });
    await carolina.getByText(CEO).waitFor();
    expect(await carolina.getByTestId('role-badge').innerText()).toBe('CEO');
    expect(await page.getByTestId('team-member').filter({ hasText: 'Rafael Souza' }).getByTestId('role-badge').innerText()).toBe('Manager');
    expect(await page.getByTestId('team-member').filter({ hasText: 'Beatriz Lima' }).getByTestId('role-badge').innerText()).toBe('Staff');
    await carolina.getByText(/^Joined /).waitFor();

    const count = (role: string) => team.filter((member) => (role === 'staff' ? !['ceo', 'operational_manager'].includes(member.role) : member.role === role)).length;
    const stat = async (key: string) => (await page.getByTestId(`team-stat-${key}`).innerText()).split('\n').pop()?.trim();
    expect(await stat('total')).toBe(String(team.length));
    expect(await stat('ceos')).toBe(String(count('ceo')));
    expect(await stat('managers')).toBe(String(count('operational_manager')));
    expect(await stat('staff')).toBe(String(count('staff')));

    expect(performers.length).toBeGreaterThan(0);
    await page.getByTestId('top-performer').first().waitFor();
    const rows = page.getByTestId('top-performer');
    expect(await rows.count()).toBe(performers.length);
    expect(await rows.first().getByTestId('top-performer-crown').count()).toBe(1);
    expect(await page.getByTestId('top-performer-crown').count()).toBe(1);
    for (let i = 0; i < performers.length; i++) {
      // The real on-time rate of the last 30 days, the same number the dashboard shows.
      expect(await rows.nth(i).getByTestId('top-performer-percentage').innerText()).toBe(`${performers[i].score}%`);
    }
    await screenshot(page, 'team-en');
  });

  it('offers a manager no invitation, opens the team settings and sends Performance Report to /reports', async () => {
    const page = await signedIn(MANAGER, { language: 'en' });
    await page.goto('/team');
    await page.getByRole('button', { name: /Team Settings/ }).waitFor();
    expect(await page.getByRole('button', { name: /Invite/ }).count()).toBe(0);
    await page.getByRole('button', { name: /Team Settings/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Team settings' });
    await dialog.getByLabel('Late after (minutes)').waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('link', { name: 'Performance Report' }).click();
    await page.waitForURL(/\/reports$/);
  });

  it('saves the team settings (late-start tolerance, turnover assignee), checks them, and shows them read-only to staff', async () => {
    const company = await createTestCompany({ name: 'Settings Stays' });
    const cleaner = await company.add('staff');
    const page = await signedIn(company.ceo.user.email, { language: 'en' });
    await page.goto('/team');
    await page.getByRole('button', { name: /Team Settings/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Team settings' });
    const lateAfter = dialog.getByLabel('Late after (minutes)');
    expect(await lateAfter.inputValue()).toBe('15');
    await dialog.getByText('Cleanings created at check-out wait unassigned until a manager assigns them.').waitFor();
    expect(await dialog.getByLabel('Assign turnover cleanings to').innerText()).toBe('Nobody (unassigned)');

    await lateAfter.fill('150');
    await dialog.getByRole('button', { name: 'Save settings' }).click();
    await dialog.getByText('Enter whole minutes from 0 to 120').waitFor();

    await lateAfter.fill('30');
    await dialog.getByText('Starting more than 30 minutes after the shift opens counts as late.').waitFor();
    await dialog.getByLabel('Assign turnover cleanings to').click();
    await page.getByRole('option', { name: 'Sam Staff · Staff' }).click();
    await dialog.getByText("Each cleaning created at a reservation's check-out is assigned to this person.").waitFor();
    await dialogScreenshot(page, 'team-settings-en');
    await dialog.getByRole('button', { name: 'Save settings' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByText('Team settings saved').waitFor();
    const saved = await page.evaluate(async (id) => (await fetch(`/api/companies/${id}/settings`)).json(), company.companyId);
    expect(saved).toMatchObject({ shiftLateAfterMinutes: 30, turnoverAssigneeId: cleaner.user.id });

    const staff = await signedIn(cleaner.user.email, { language: 'pt' });
    await staff.goto('/team');
    await staff.getByRole('button', { name: /Configurações da Equipe/ }).click();
    const readOnly = staff.getByRole('dialog', { name: 'Configurações da equipe' });
    await readOnly.getByText('Só o CEO e os gerentes podem alterar as configurações da equipe.').waitFor();
    expect(await readOnly.getByLabel('Atraso após (minutos)').inputValue()).toBe('30');
    expect(await readOnly.getByLabel('Atraso após (minutos)').isDisabled()).toBe(true);
    expect(await readOnly.getByRole('button', { name: 'Salvar configurações' }).count()).toBe(0);
  });

  it('reads in pt and es and fits a phone', async () => {
    // One page: pt, es, then en at a phone's size.
    const page = await signedIn(CEO, { language: 'pt' });
    for (const [language, title, members, stats, staffLabel] of [
      ['pt', 'Equipe', 'Membros da Equipe', 'Estatísticas da Equipe', 'Colaborador'],
      ['es', 'Equipo', 'Miembros del Equipo', 'Estadísticas del Equipo', 'Personal'],
    ] as const) {
      await switchPage(page, { language });
      await page.goto('/team');
      await page.getByRole('heading', { level: 1, name: title }).waitFor();
      await page.getByRole('heading', { level: 2, name: members }).waitFor();
      await page.getByRole('heading', { level: 2, name: stats }).waitFor();
      await page.getByTestId('top-performer').first().waitFor();
      expect(await page.getByTestId('team-member').filter({ hasText: 'Beatriz Lima' }).getByTestId('role-badge').innerText()).toBe(staffLabel);
      await screenshot(page, `team-${language}`);
    }
    await switchPage(page, { language: 'en', viewport: PHONE });
    await page.goto('/team');
    await page.getByTestId('top-performer').first().waitFor();
    await screenshot(page, 'team-en-phone');
  });
});

describe('the company dialogs', () => {
  it('lets the CEO edit every field, with a validation error in pt, then saves and refreshes the sidebar', async () => {
    const { page, tag } = await ownCompany('trial', 0, 'pt');
    await page.goto('/team');
    await openCompanyMenu(page, 'Opções da empresa');
    await page.getByRole('menuitem', { name: 'Editar Informações da Empresa' }).click();
    const dialog = page.getByRole('dialog', { name: 'Editar Informações da Empresa' });
    await dialog.waitFor();
    expect(await dialog.getByLabel('Nome da empresa').inputValue()).toBe(`Maré Alta ${tag}`);

    await dialog.getByLabel('Nome da empresa').fill('');
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await dialog.getByText('Nome da empresa é obrigatório').waitFor();
    await dialog.getByText('Telefone é obrigatório').waitFor();
    await dialog.getByText('Endereço é obrigatório').waitFor();
    await dialog.getByText('Nome do responsável é obrigatório').waitFor();
    await dialog.getByText('Email do responsável é obrigatório').waitFor();
    await dialogScreenshot(page, 'company-dialog-pt');

    await dialog.getByLabel('Nome da empresa').fill(`Maré Baixa ${tag}`);
    await dialog.getByLabel('Telefone (EUA)').fill('+1 (555) 010-2030');
    await dialog.getByLabel('Endereço').fill('100 Ocean Drive, Miami, FL');
    await dialog.getByLabel('Nome do responsável').fill('Inês Duarte');
    await dialog.getByLabel('Email do responsável').fill('ines@mare.test');
    await dialog.getByLabel('EIN').fill('12-345');
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await dialog.getByText('O EIN deve ter o formato XX-XXXXXXX').waitFor();
    await dialog.getByLabel('EIN').fill('12-3456789');
    await dialog.getByLabel('Método de pagamento').click();
    await page.getByRole('option', { name: 'Transferência bancária' }).click();
    await dialog.getByLabel('Fuso horário').click();
    await page.getByRole('option', { name: 'Horário do Pacífico (Los Angeles)' }).click();
    await dialog.getByLabel('Autenticação de dois fatores').check();

    // A failing save: "Salvando..." while pending, then the destructive toast; the dialog stays open.
    await page.route('**/api/companies/*', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 300));
      await route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"boom"}' });
    });
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await dialog.getByRole('button', { name: 'Salvando...' }).waitFor();
    // includeHidden: while a modal dialog is open the shared toast sits in aria-hidden content (reported to the shell owner).
    const failure = page.getByRole('alert', { includeHidden: true }).filter({ hasText: 'Erro ao atualizar informações da empresa' });
    await failure.getByText('Erro', { exact: true }).waitFor();
    await page.unroute('**/api/companies/*');
    expect(await dialog.isVisible()).toBe(true);
    // The toast sits over the dialog's buttons (bottom right): close it to reach Salvar.
    await failure.getByRole('button', { includeHidden: true }).click();
    await failure.waitFor({ state: 'hidden' });

    await dialog.getByRole('button', { name: 'Salvar' }).click();

    await page.getByText('Informações da empresa atualizadas com sucesso').waitFor();
    await page.getByText('Sucesso', { exact: true }).waitFor();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Opções da empresa' }).getByText(`Maré Baixa ${tag}`).waitFor();

    const [company] = (await (await page.request.get('/api/companies')).json()) as Array<Record<string, unknown>>;
    expect(company).toMatchObject({
      name: `Maré Baixa ${tag}`,
      phone: '+1 (555) 010-2030',
      ein: '12-3456789',
      paymentMethod: 'bank_transfer',
      preferredLanguage: 'portuguese',
      timezone: 'America/Los_Angeles',
      twoFactorEnabled: true,
      responsibleEmail: 'ines@mare.test',
    });

    // Cancelar closes without saving.
    await openCompanyMenu(page, 'Opções da empresa');
    await page.getByRole('menuitem', { name: 'Editar Informações da Empresa' }).click();
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    await dialog.waitFor({ state: 'hidden' });
  });

  it('shows the dialog in en and es, on a phone too, and opens the logo dialog', async () => {
    const desktop = ([
      ['en', 'Company options', 'Edit Company Information', 'Phone (US)'],
      ['es', 'Opciones de la empresa', 'Editar Información de la Empresa', 'Teléfono (EE. UU.)'],
    ] as const).map(async ([language, options, title, phoneLabel]) => {
      const page = await signedIn(CEO, { language });
      await page.goto('/team');
      const [company] = (await (await page.request.get('/api/companies')).json()) as Array<{ name: string }>;
      await openCompanyMenu(page, options);
      await page.getByRole('menuitem', { name: title }).click();
      const dialog = page.getByRole('dialog', { name: title });
      await dialog.getByLabel(phoneLabel).waitFor();
      expect(await dialog.getByRole('textbox').first().inputValue()).toBe(company.name);
      await dialogScreenshot(page, `company-dialog-${language}`);
      return page;
    });

    // The phone's turn comes after the two desktops': once, under a full CI run, the phone's menu
    // button never settled for Playwright's click while the three pages ran at once (its call log
    // stopped at "waiting for element to be visible, enabled and stable", the check that waits for
    // animation frames). Not reproduced in three runs under load; the cause is not known. Alone, the
    // phone's page does not compete with two others for the renderer's frames.
    const [en] = await Promise.all(desktop);
    await (async () => {
      // The en page, its dialog closed, at a phone's size (the layout answers the viewport).
      const page = en;
      await page.getByRole('dialog', { name: 'Edit Company Information' }).getByRole('button', { name: 'Cancel' }).click();
      await page.getByRole('dialog', { name: 'Edit Company Information' }).waitFor({ state: 'hidden' });
      await page.setViewportSize(PHONE);
      await page.waitForFunction((width) => window.innerWidth === width, PHONE.width);
      await page.getByRole('button', { name: 'Open menu' }).click();
      await openCompanyMenu(page, 'Company options');
      await page.getByRole('menuitem', { name: 'Edit Company Information' }).click();
      const dialog = page.getByRole('dialog', { name: 'Edit Company Information' });
      await dialog.getByLabel('Company name').waitFor();
      await dialogScreenshot(page, 'company-dialog-en-phone');
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await dialog.waitFor({ state: 'hidden' });

      await page.keyboard.press('Escape'); // the phone drawer stayed open behind the dialog
      await page.getByRole('button', { name: 'Open menu' }).click();
      await openCompanyMenu(page, 'Company options');
      await page.getByRole('menuitem', { name: 'Change Logo' }).click();
      // The logo dialog (uploads are covered by company-logo.test.ts): Cancel leaves the demo company's logo alone.
      const logo = page.getByRole('dialog', { name: 'Change Logo' });
      await logo.getByText('PNG, JPEG or WebP, up to 2 MB', { exact: false }).waitFor();
      await logo.getByRole('button', { name: 'Choose image' }).waitFor();
      await logo.getByRole('button', { name: 'Cancel' }).click();
      await logo.waitFor({ state: 'hidden' });
    })();
  });

  it('offers a manager no edit action in the company menu (only the CEO edits the company)', async () => {
    const page = await signedIn(MANAGER, { language: 'en' });
    await page.goto('/team');
    await openCompanyMenu(page, 'Company options');
    await page.getByRole('menu').waitFor();
    expect(await page.getByRole('menuitem', { name: 'Edit Company Information' }).count()).toBe(0);
    // Change Logo is there, but disabled, saying why.
    const logo = page.getByRole('menuitem', { name: /Change Logo/ });
    await logo.getByText('Only the CEO can change it').waitFor();
    expect(await logo.getAttribute('aria-disabled')).toBe('true');
  });
});
