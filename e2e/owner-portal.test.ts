// The owner portal in a real browser (issue 41 points 3 and 4): the CEO invites an owner with one
// property (the property is required for an owner), the owner accepts the invitation from the dev
// outbox, signs in and lands on the portal seeing only that property; downloads a statement; asks
// for an owner stay, which a manager accepts on the portfolio calendar, and it shows as an owner
// stay on both sides; a repair above the property's approval limit waits for the owner, who
// approves it in the portal. Screens at desktop and phone size, in English and Portuguese. Works on
// a company of its own (the database is shared with the other files of the run).
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { addDays, localDay } from '../shared/days';
import type { User } from '../shared/schemas';
import { db, tableName } from '../functions/data/client';
import { keys } from '../functions/data/keys';
import { createCompanyWithOwner } from '../functions/data/repositories/companies';
import { createProperty } from '../functions/data/repositories/properties';
import { addMember } from '../functions/data/repositories/users';
import { STARTUP_TIMEOUT_MS, screenshot, startTestApp, type TestApp } from './support/app';

const PHONE = { width: 390, height: 844 };
const PASSWORD = 'Dono-da-Casa-2026!';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ reusePages: true });
}, STARTUP_TIMEOUT_MS);
afterAll(async () => app?.close());

const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const ownerEmail = `olga.${tag}@owners.e2e.rentalops.test`;
const ceoEmail = `ceo.${tag}@owners.e2e.rentalops.test`;
const managerEmail = `rita.${tag}@owners.e2e.rentalops.test`;
const casaName = `Casa Azul ${tag}`;
const flatName = `Flat Verde ${tag}`;
let companyId: string;
let casaId: string;
/** The owner stay asked for: three nights starting three days from today (inside the portfolio calendar's first window). */
let checkin: string;
let checkout: string;
/** A guest's stay, whose name the owner sees only once the company allows it. */
let guestIn: string;
let guestOut: string;

/** A toast holding `text`. */
async function toast(page: Page, text: string | RegExp) {
  await page.locator('.MuiSnackbar-root .MuiAlert-root').filter({ hasText: text }).first().waitFor();
}

beforeAll(async () => {
  const { company } = await createCompanyWithOwner({
    company: { name: `Maré Alta ${tag}`, plan: 'professional' },
    owner: { email: ceoEmail, firstName: 'Inês', lastName: 'Duarte', role: 'ceo' },
  });
  companyId = company.id;
  const usage = { companyId, plan: 'professional' as const, unlimited: false };
  const casa = await createProperty(usage, { name: casaName, address: 'Rua do Rio 3, Porto' });
  await createProperty(usage, { name: flatName, address: 'Avenida Verde 10, Lisboa' });
  casaId = casa.id;
  // The property came to the company about two months ago: its ended months have statements.
  const made = `${addDays(`${localDay(new Date(), 'America/New_York').slice(0, 7)}-01`, -40).slice(0, 7)}-15T12:00:00.000Z`;
  await db.send(new UpdateCommand({ TableName: tableName(), Key: keys.property(companyId, casaId), UpdateExpression: 'SET createdAt = :at', ExpressionAttributeValues: { ':at': made } }));
  // The company never filled in its address or phone: the CEO's switch for guests' names changes that
  // setting alone (PUT /api/companies/{id}/settings), not the whole record.
  const now = new Date().toISOString();
  const manager: User = { id: crypto.randomUUID(), email: managerEmail, firstName: 'Rita', lastName: 'Gomes', role: 'operational_manager', companyId, authProvider: 'cognito', completedTasks: 0, createdAt: now, updatedAt: now };
  await addMember(usage, manager);
  const today = localDay(new Date(), company.timezone ?? 'America/New_York');
  checkin = addDays(today, 3);
  checkout = addDays(today, 6);
  guestIn = addDays(today, 8);
  guestOut = addDays(today, 10);
}, STARTUP_TIMEOUT_MS);

/** The path + query of the newest invitation link the dev outbox holds for `to`. */
async function invitationLink(page: Page, to: string): Promise<string> {
  await page.goto('/dev/outbox');
  await page.getByRole('heading', { name: 'Dev outbox' }).waitFor();
  const href = await page.locator('article').filter({ hasText: to }).first().locator('a[href*="/reset-password?token="]').first().getAttribute('href');
  const url = new URL(href!);
  return `${url.pathname}${url.search}`;
}

describe('the owner portal', () => {
  it('the CEO invites an owner with their property; owners have their own section and take no seat', async () => {
    const page = await app.signedInPage(ceoEmail, { language: 'en' });
    await page.goto('/team');
    await page.getByRole('heading', { level: 1, name: 'Team' }).waitFor();
    const seats = await page.getByTestId('seat-usage-count').innerText();
    const owners = page.getByTestId('team-owners');
    await owners.getByText('No owner has joined yet.').waitFor();
    await owners.getByRole('button', { name: 'Invite owner' }).click();
    const dialog = page.getByRole('dialog', { name: 'Invite a property owner' });
    await dialog.getByLabel('First name').fill('Olga');
    await dialog.getByLabel('Last name').fill('Martins');
    await dialog.getByLabel('E-mail').fill(ownerEmail);
    // An owner without a property is refused before anything is sent.
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await dialog.getByText('Choose at least one property this owner owns').waitFor();
    await dialog.getByLabel(/^Properties they own/).click();
    await page.getByRole('option', { name: casaName }).click();
    await page.keyboard.press('Escape');
    expect(await dialog.getByText('Choose at least one property this owner owns').count()).toBe(0);
    await screenshot(page, 'owner-invite-dialog-en', { fullPage: false });
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await toast(page, `We e-mailed ${ownerEmail} a link to join.`);
    // Still the same seats: owners do not count against the plan's users.
    await page.getByTestId('pending-invitation').filter({ hasText: ownerEmail }).waitFor();
    expect(await page.getByTestId('seat-usage-count').innerText()).toBe(seats);
  });

  it('the owner accepts, signs in and lands on the portal, seeing only their property; members\' screens send them back', async () => {
    const guest = await app.newPage({ language: 'en' });
    await guest.goto(await invitationLink(guest, ownerEmail));
    await guest.locator('input[name="password"]').fill(PASSWORD);
    await guest.locator('input[name="confirmPassword"]').fill(PASSWORD);
    await guest.locator('form button[type="submit"]').click();
    await guest.getByRole('link', { name: 'Sign in with e-mail and password' }).click();
    await guest.waitForURL((url) => url.pathname === '/auth');
    await guest.locator('input[name="email"]').fill(ownerEmail);
    await guest.locator('input[name="password"]').fill(PASSWORD);
    await guest.locator('form button[type="submit"]').click();
    await guest.waitForURL((url) => url.pathname === '/owner');
    await guest.getByRole('navigation', { name: 'Owner portal' }).waitFor();
    await guest.getByRole('heading', { level: 1, name: 'Hello, Olga' }).waitFor();
    await guest.getByTestId('owner-property').first().waitFor();
    expect(await guest.getByTestId('owner-property').allInnerTexts()).toEqual([expect.stringContaining(casaName)]);
    expect(await guest.getByText(flatName).count()).toBe(0);
    expect(await guest.getByRole('navigation', { name: 'Main navigation' }).count()).toBe(0);
    expect(await guest.getByTestId('owner-portal-company').innerText()).toBe(`Maré Alta ${tag}`);
    await screenshot(guest, 'owner-portal-overview-en');
    // A member's address leads back to the portal.
    await guest.goto('/team');
    await guest.waitForURL((url) => url.pathname === '/owner');
    await guest.getByTestId('owner-property').first().waitFor();
  });

  it('the owner downloads a statement and asks for an owner stay', async () => {
    const page = await app.signedInPage(ownerEmail, { language: 'en' });
    await page.goto('/owner');
    await page.getByRole('navigation', { name: 'Owner portal' }).getByRole('link', { name: 'Statements' }).click();
    const first = page.getByTestId('owner-statement').first();
    await first.waitFor();
    const month = await first.getAttribute('data-month');
    expect(month).toBe(addDays(`${localDay(new Date(), 'America/New_York').slice(0, 7)}-01`, -1).slice(0, 7));
    const [download] = await Promise.all([page.waitForEvent('download'), first.getByRole('button', { name: /^Download the statement of/ }).click()]);
    expect(download.suggestedFilename()).toMatch(new RegExp(`${month}\\.pdf$`));
    expect(readFileSync((await download.path())!).subarray(0, 5).toString()).toBe('%PDF-');
    await screenshot(page, 'owner-portal-statements-en');

    await page.getByRole('navigation', { name: 'Owner portal' }).getByRole('link', { name: 'Owner stays' }).click();
    const form = page.getByRole('region', { name: 'Ask for an owner stay' });
    // The check-out before the check-in is refused in words.
    await form.getByLabel('Check-in').fill(checkout);
    await form.getByLabel('Check-out').fill(checkin);
    await form.getByRole('button', { name: 'Send request' }).click();
    await page.getByTestId('stay-request-refusal').or(form.locator('.Mui-error').first()).first().waitFor();
    await form.getByLabel('Check-in').fill(checkin);
    await form.getByLabel('Check-out').fill(checkout);
    await form.getByLabel('Note (optional)').fill('Family weekend');
    await form.getByRole('button', { name: 'Send request' }).click();
    await toast(page, 'Request sent');
    const request = page.getByTestId('owner-stay-request').first();
    await request.waitFor();
    expect(await request.getByTestId('owner-stay-request-status').innerText()).toBe('Waiting');
    await screenshot(page, 'owner-portal-stays-en');
    await page.setViewportSize(PHONE);
    await screenshot(page, 'owner-portal-stays-phone-en');
  });

  it('the manager accepts the request on the portfolio calendar; it is an owner stay on both sides', async () => {
    const office = await app.signedInPage(managerEmail, { language: 'en' });
    const booked = await office.request.post('/api/reservations', { data: { propertyId: casaId, guestName: 'Ana Souza', checkinDate: guestIn, checkoutDate: guestOut, integrationSource: 'airbnb' } });
    expect(booked.status()).toBe(201);
    await office.goto('/calendar');
    const panel = office.getByTestId('owner-stay-requests');
    await panel.getByText('1 owner stay request waits').waitFor();
    await panel.getByText('Asked by Olga Martins — “Family weekend”').waitFor();
    await screenshot(office, 'owner-stay-requests-panel-en');
    await panel.getByRole('button', { name: /^Accept the stay of Olga Martins/ }).click();
    await toast(office, 'Owner stay of Olga Martins accepted');
    await panel.waitFor({ state: 'detached' });
    await office.locator(`[data-testid="portfolio-bar"][data-kind="owner"]`).first().waitFor();

    const owner = await app.signedInPage(ownerEmail, { language: 'en' });
    await owner.goto(`/owner/calendar?month=${checkin.slice(0, 7)}`);
    const night = owner.locator(`[data-testid="owner-night"][data-day="${checkin}"]`);
    await night.waitFor();
    await owner.locator(`[data-testid="owner-night"][data-day="${checkin}"][data-kind="owner_stay"]`).waitFor();
    await owner.getByTestId('owner-stay').filter({ hasText: 'Owner stay' }).first().waitFor();
    await screenshot(owner, 'owner-portal-calendar-en');
    // The guest's stay shows, without the guest's name (the company has not allowed it).
    await owner.goto(`/owner/calendar?month=${guestIn.slice(0, 7)}`);
    await owner.locator(`[data-testid="owner-night"][data-day="${guestIn}"][data-kind="stay"]`).waitFor();
    await owner.getByText("The company does not share guests' names.").waitFor();
    expect(await owner.getByText('Ana Souza').count()).toBe(0);
    await owner.goto('/owner/stays');
    await owner.getByTestId('owner-stay-request').filter({ hasText: 'Accepted' }).waitFor();

    // The owner's bell: the answer leads to their stays in the portal, "Settings" to their own
    // notification settings there (channels and language; no evening digest of tasks).
    await owner.goto('/owner');
    await owner.getByTestId('notification-bell').click();
    await owner.getByTestId('inbox-item').filter({ hasText: /was accepted/ }).first().click();
    await owner.waitForURL('**/owner/stays');
    await owner.getByTestId('notification-bell').click();
    await owner.getByRole('link', { name: 'Settings' }).click();
    await owner.waitForURL('**/owner/notifications');
    await owner.getByRole('heading', { level: 1, name: 'My notifications' }).waitFor();
    await owner.getByLabel('E-mail').waitFor();
    expect(await owner.getByText('Evening digest').count()).toBe(0);
    await screenshot(owner, 'owner-portal-notifications-en');
  });

  it('a repair above the approval limit waits for the owner, who approves it in the portal', async () => {
    const ceo = await app.signedInPage(ceoEmail, { language: 'en' });
    await ceo.goto(`/properties/${casaId}`);
    await ceo.getByRole('button', { name: 'Edit', exact: true }).click();
    const edit = ceo.getByRole('dialog', { name: 'Edit Property' });
    await edit.getByLabel('Owner approval above').fill('300');
    await edit.getByRole('button', { name: 'Save' }).click();
    await edit.waitFor({ state: 'detached' });

    await ceo.goto('/tasks');
    await ceo.getByRole('button', { name: 'New Task' }).first().click();
    const dialog = ceo.getByRole('dialog', { name: 'Create New Task' });
    await dialog.getByRole('combobox', { name: 'Type' }).click();
    await ceo.getByRole('option', { name: 'Maintenance' }).click();
    // The type's menu closes first (while it is open the dialog's fields are hidden from the accessibility tree).
    await ceo.getByRole('listbox').waitFor({ state: 'detached' });
    await dialog.getByLabel('Title').fill('Replace the water heater');
    await dialog.getByRole('combobox', { name: 'Property' }).click();
    await ceo.getByRole('option', { name: casaName }).click();
    await dialog.getByLabel('Estimated cost').fill('450');
    await screenshot(ceo, 'owner-approval-task-dialog-en', { fullPage: false });
    await dialog.getByRole('button', { name: 'Create Task', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    const card = ceo.getByRole('article').filter({ hasText: 'Replace the water heater' });
    await card.getByTestId('task-approval').filter({ hasText: "Waiting for the owner's approval · $450.00" }).waitFor();

    const owner = await app.signedInPage(ownerEmail, { language: 'en' });
    await owner.goto('/owner');
    await owner.getByTestId('owner-pending-approvals').getByText('1 repair waits for your approval.').waitFor();
    await owner.getByRole('navigation', { name: 'Owner portal' }).getByRole('link', { name: /^Approvals/ }).click();
    const approval = owner.getByTestId('owner-approval').filter({ hasText: 'Replace the water heater' });
    expect(await approval.getByTestId('owner-approval-cost').innerText()).toBe('$450.00');
    await screenshot(owner, 'owner-portal-approvals-en');
    await approval.getByRole('button', { name: 'Approve' }).click();
    const decide = owner.getByRole('dialog', { name: 'Approve this repair' });
    await decide.getByLabel('Note for the company (optional)').fill('Go ahead, thanks');
    await decide.getByRole('button', { name: 'Approve' }).click();
    await toast(owner, 'Approved: Replace the water heater');
    await owner.getByText('Nothing waits for your approval.').waitFor();

    await ceo.reload();
    await ceo.getByRole('article').filter({ hasText: 'Replace the water heater' }).getByTestId('task-approval').filter({ hasText: 'Approved by the owner · $450.00' }).waitFor();

    // Work done: a finished cleaning, and a problem reported at the property (marked as one).
    const cleaning = await ceo.request.post('/api/tasks', { data: { type: 'cleaning', title: 'Turnover clean', propertyId: casaId, status: 'completed' } });
    expect(cleaning.status()).toBe(201);
    const reported = await ceo.request.post(`/api/tasks/${((await cleaning.json()) as { id: string }).id}/problems`, { data: { description: 'Leak under the sink', urgency: 'high' } });
    expect(reported.status()).toBe(201);
    await owner.getByRole('navigation', { name: 'Owner portal' }).getByRole('link', { name: 'Work done' }).click();
    await owner.getByTestId('owner-work').filter({ hasText: 'Turnover clean' }).getByText(/^Done /).waitFor();
    const problem = owner.locator('[data-testid="owner-work"][data-problem="true"]');
    await problem.filter({ hasText: 'Leak under the sink' }).getByText('Problem reported').waitFor();
    expect(await problem.count()).toBe(1);
    await screenshot(owner, 'owner-portal-work-en');
  });

  it('reads in Portuguese, on a phone too; guests\' names once the CEO allows them', async () => {
    const ceo = await app.signedInPage(ceoEmail, { language: 'pt' });
    await ceo.goto('/team');
    await ceo.getByTestId('team-owner').filter({ hasText: 'Olga Martins' }).getByTestId('team-owner-property').filter({ hasText: casaName }).waitFor();
    const names = ceo.getByLabel('Os proprietários veem os nomes dos hóspedes');
    expect(await names.isChecked()).toBe(false);
    // Saved at once; the switch shows the company as the server now has it.
    await names.click();
    await toast(ceo, 'Os proprietários agora veem os nomes dos hóspedes');
    await ceo.waitForFunction(() => (document.querySelector('input[role="switch"]') as HTMLInputElement | null)?.checked === true);
    await screenshot(ceo, 'team-owners-pt');

    const owner = await app.signedInPage(ownerEmail, { language: 'pt' });
    await owner.goto('/owner');
    await owner.getByRole('navigation', { name: 'Portal do proprietário' }).waitFor();
    await owner.getByRole('heading', { level: 1, name: 'Olá, Olga' }).waitFor();
    await owner.getByTestId('owner-property').first().waitFor();
    await screenshot(owner, 'owner-portal-overview-pt');
    await owner.goto(`/owner/calendar?month=${guestIn.slice(0, 7)}`);
    await owner.getByTestId('owner-stay').filter({ hasText: 'Ana Souza' }).waitFor();
    await screenshot(owner, 'owner-portal-calendar-pt');
    await owner.setViewportSize(PHONE);
    await owner.goto('/owner');
    await owner.getByTestId('owner-property').first().waitFor();
    await screenshot(owner, 'owner-portal-overview-phone-pt');
    await owner.goto(`/owner/calendar?month=${checkin.slice(0, 7)}`);
    await owner.locator(`[data-testid="owner-night"][data-day="${checkin}"][data-kind="owner_stay"]`).waitFor();
    await screenshot(owner, 'owner-portal-calendar-phone-pt');
  });
});
