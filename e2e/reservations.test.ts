// Reservations on the property page in a real browser: the reservation dialog (create, validate,
// overlap refused, move, cancel), the month calendar, the automatic turnover cleaning following the
// stay, iCal feeds served from the calendar-sync fixtures by a local channel (sync now, a booking
// that vanished: keep / cancel, a failing channel), the default checklist editor, the company's
// turnover switch, staff's read-only view, and the page in en, pt and es and on a phone.
// Every test works on a company and property of its own, so the order of the tests does not matter.
import type { Locator, Page } from 'playwright-core';
import type { Role, UiLanguage } from '../shared/enums';
import type { User } from '../shared/schemas';
import { startFeedServer, fixtureDay, renderFixture, type FeedServer } from '../functions/reservations/calendar-sync/fixtures/feed-server';
import { createCompanyWithOwner } from '../functions/data/repositories/companies';
import { createProperty } from '../functions/data/repositories/properties';
import { addMember } from '../functions/data/repositories/users';
import { addDays, localDay } from '../shared/days';
import { STARTUP_TIMEOUT_MS, screenshot, startTestApp, type TestApp } from './support/app';

// The channel below listens on 127.0.0.1, which the feed fetcher refuses outside local runs and tests.
process.env.CALENDAR_ALLOW_PRIVATE_HOSTS = 'true';

const PHONE = { width: 390, height: 844 };
/** Companies are created in America/New_York (createCompanyWithOwner): stay days are read there. */
const ZONE = 'America/New_York';

// Each test walks several screens on a machine shared with other runs.

let app: TestApp;
let channel: FeedServer;
beforeAll(async () => {
  [app, channel] = await Promise.all([startTestApp({ reusePages: true }), startFeedServer()]);
}, STARTUP_TIMEOUT_MS);
afterAll(async () => {
  await channel?.close();
  await app?.close();
});

async function signedIn(email: string, options: { language?: UiLanguage; viewport?: { width: number; height: number } } = {}): Promise<Page> {
  const page = await app.signedInPage(email, options);
  return page;
}

function member(companyId: string, email: string, role: Role, firstName: string, lastName: string): User {
  const now = new Date().toISOString();
  return { id: crypto.randomUUID(), email, firstName, lastName, role, companyId, authProvider: 'cognito', emailVerified: now, completedTasks: 0, createdAt: now, updatedAt: now };
}

let sequence = 0;
/** A company of our own with a CEO, a manager, a staff member and one property. */
async function ownProperty() {
  const tag = `${Date.now().toString(36)}${++sequence}`;
  const emails = { ceo: `ceo.${tag}@resv.rentalops.test`, manager: `manager.${tag}@resv.rentalops.test`, staff: `staff.${tag}@resv.rentalops.test` };
  const { company } = await createCompanyWithOwner({
    company: { name: `Costa Azul ${tag}`, plan: 'professional' },
    owner: { email: emails.ceo, firstName: 'Marta', lastName: 'Reis', role: 'ceo' },
  });
  const ctx = { companyId: company.id, plan: 'professional' as const, unlimited: false };
  await addMember(ctx, member(company.id, emails.manager, 'operational_manager', 'Rui', 'Matos'));
  await addMember(ctx, member(company.id, emails.staff, 'staff', 'Lia', 'Sousa'));
  const property = await createProperty(ctx, { name: `Casa das Ondas ${tag}`, address: 'Rua do Sol 5, Ericeira' });
  return { company, property, tag, emails };
}

const today = () => localDay(new Date(), ZONE);

async function openProperty(page: Page, property: { id: string; name: string }) {
  await page.goto(`/properties/${property.id}`);
  await page.getByRole('heading', { level: 1, name: property.name }).waitFor();
  await page.getByTestId('property-calendar').waitFor();
}

function toast(page: Page, text: string | RegExp): Locator {
  return page.getByRole('status').filter({ hasText: text });
}

/** Moves the calendar to a month (YYYY-MM) with its previous / next buttons. */
async function showMonth(page: Page, month: string) {
  const calendar = page.getByTestId('property-calendar');
  for (let i = 0; i < 24; i++) {
    const shown = await calendar.getAttribute('data-month');
    if (shown === month) break;
    await page.getByRole('button', { name: shown! < month ? 'Next month' : 'Previous month' }).click();
    await page.locator(`[data-testid="property-calendar"][data-month="${shown! < month ? nextMonth(shown!) : previousMonth(shown!)}"]`).waitFor();
  }
  // The month's data is there once the progress bar is gone.
  await calendar.getByRole('progressbar').waitFor({ state: 'detached' });
}

const nextMonth = (month: string) => addDays(`${month}-28`, 7).slice(0, 7);
const previousMonth = (month: string) => addDays(`${month}-01`, -1).slice(0, 7);

function dayTasks(page: Page, day: string): Locator {
  return page.locator(`[data-testid="calendar-day-tasks"][data-day="${day}"]`).getByTestId('calendar-task');
}

function reservationRow(page: Page, guest: string): Locator {
  return page.getByTestId('property-reservations').getByRole('row').filter({ hasText: guest });
}

function propertyTask(page: Page, text: string): Locator {
  return page.getByTestId('property-tasks').getByRole('link').filter({ hasText: text });
}

interface ReservationAnswer {
  id: string;
  checkinDay: string;
  checkoutDay: string;
  turnoverTaskId: string | null;
}

async function createReservationThroughApi(page: Page, body: Record<string, unknown>): Promise<ReservationAnswer> {
  const response = await page.request.post('/api/reservations', { data: body });
  expect(response.status()).toBe(201);
  return (await response.json()) as ReservationAnswer;
}

async function getJson<T>(page: Page, url: string): Promise<T> {
  const response = await page.request.get(url);
  expect(response.ok()).toBe(true);
  return (await response.json()) as T;
}

async function viewportShot(page: Page, name: string): Promise<void> {
  await screenshot(page, name, { fullPage: false });
}

describe('reservations on the property page', () => {
  it('lets a manager add a reservation through the dialog: validation, calendar, turnover cleaning, overlap refused', async () => {
    const { property, emails, tag } = await ownProperty();
    const page = await signedIn(emails.manager);
    // From the task list to the property without a reload: the list is cached when we come back.
    await page.goto('/tasks');
    await page.getByText('No Tasks Found').waitFor();
    await page.getByRole('navigation').getByRole('link', { name: /^Properties/ }).click();
    await page.getByTestId('property-card').filter({ hasText: property.name }).getByRole('link', { name: 'View' }).click();
    await page.getByRole('heading', { level: 1, name: property.name }).waitFor();
    await page.getByText('No reservations for this property.').waitFor();

    await page.getByRole('button', { name: 'Add reservation' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add reservation' });
    await dialog.getByRole('button', { name: 'Add reservation' }).click();
    await dialog.getByText('Guest name is required').waitFor();
    await dialog.getByText('Check-in date is required').waitFor();
    await dialog.getByText('Check-out date is required').waitFor();

    const guest = `Helena Prado ${tag}`;
    const checkin = addDays(today(), 2);
    const checkout = addDays(today(), 5);
    await dialog.getByLabel('Guest name').fill(guest);
    // Dates the wrong way round: refused next to the check-out field.
    await dialog.getByLabel('Check-in').fill(checkout);
    await dialog.getByLabel('Check-out').fill(checkin);
    await dialog.getByRole('button', { name: 'Add reservation' }).click();
    await dialog.getByText('Check-out must be after check-in').waitFor();
    await dialog.getByLabel('Check-in').fill(checkin);
    await dialog.getByLabel('Check-out').fill(checkout);
    await dialog.getByTestId('reservation-nights').filter({ hasText: '3 nights' }).waitFor();
    await dialog.getByRole('combobox', { name: 'Source' }).click();
    await page.getByRole('option', { name: 'Airbnb', exact: true }).click();
    await dialog.getByRole('button', { name: 'Add reservation' }).click();

    await toast(page, 'Reservation added').waitFor();
    await dialog.waitFor({ state: 'hidden' });

    // The calendar shows the check-in's month with the stay, the list has it, and its turnover appeared.
    expect(await page.getByTestId('property-calendar').getAttribute('data-month')).toBe(checkin.slice(0, 7));
    await page.getByTestId('calendar-reservation').filter({ hasText: guest }).first().waitFor();
    const row = reservationRow(page, guest);
    await row.waitFor();
    expect(await row.innerText()).toMatch(/Airbnb[\s\S]*Confirmed/);
    const turnover = propertyTask(page, guest);
    await turnover.waitFor();
    expect(await turnover.innerText()).toMatch(/Cleaning[\s\S]*Pending/);
    await showMonth(page, checkout.slice(0, 7));
    await dayTasks(page, checkout).filter({ hasText: guest }).waitFor();

    // The same nights for another guest: refused with the server's message, the dialog stays open.
    await page.getByRole('button', { name: 'Add reservation' }).click();
    await dialog.getByLabel('Guest name').fill(`Tomás Vale ${tag}`);
    await dialog.getByLabel('Check-in').fill(addDays(today(), 4));
    await dialog.getByLabel('Check-out').fill(addDays(today(), 7));
    await dialog.getByRole('button', { name: 'Add reservation' }).click();
    const refusal = dialog.getByTestId('reservation-form-error');
    await refusal.waitFor();
    expect(await refusal.innerText()).toMatch(/^This property is already booked for the night of [A-Z][a-z]{2} \d{1,2}, \d{4} /);
    const written = (d: string) => new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${d}T12:00:00Z`));
    expect(await refusal.innerText()).toContain(`(${guest}, ${written(checkin)} to ${written(checkout)})`);
    // Stays may touch: checking in on the other's check-out day is fine.
    await dialog.getByLabel('Check-in').fill(checkout);
    await dialog.getByRole('button', { name: 'Add reservation' }).click();
    await toast(page, 'Reservation added').waitFor();
    await dialog.waitFor({ state: 'hidden' });
    await reservationRow(page, `Tomás Vale ${tag}`).waitFor();
    await propertyTask(page, `Tomás Vale ${tag}`).waitFor();

    // Back on the task list (no reload): the new turnovers are there.
    await page.getByRole('navigation').getByRole('link', { name: /^Tasks/ }).click();
    await page.getByRole('article').filter({ hasText: guest }).waitFor();
    await page.getByRole('article').filter({ hasText: `Tomás Vale ${tag}` }).waitFor();
  });

  it('moves the turnover cleaning when the dates change, and cancels it with the reservation', async () => {
    const { property, emails, tag } = await ownProperty();
    const page = await signedIn(emails.manager);
    const guest = `Inês Lobo ${tag}`;
    const checkin = addDays(today(), 1);
    const checkout = addDays(today(), 3);
    const created = await createReservationThroughApi(page, { propertyId: property.id, guestName: guest, checkinDate: checkin, checkoutDate: checkout, integrationSource: 'direct' });
    expect(created.turnoverTaskId).toBeTruthy();
    const taskUrl = `/api/tasks/${created.turnoverTaskId}`;

    await openProperty(page, property);
    await page.getByRole('button', { name: `Edit reservation: ${guest}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit reservation' });
    expect(await dialog.getByLabel('Guest name').inputValue()).toBe(guest);
    expect(await dialog.getByLabel('Check-in').inputValue()).toBe(checkin);
    expect(await dialog.getByLabel('Check-out').inputValue()).toBe(checkout);
    const moved = addDays(checkout, 2);
    await dialog.getByLabel('Check-out').fill(moved);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await toast(page, 'Its turnover cleaning moved with it.').waitFor();
    await dialog.waitFor({ state: 'hidden' });

    const task = await getJson<{ dueDate: string; status: string }>(page, taskUrl);
    expect(localDay(task.dueDate, ZONE)).toBe(moved);
    await showMonth(page, moved.slice(0, 7));
    await dayTasks(page, moved).filter({ hasText: guest }).waitFor();
    if (checkout.slice(0, 7) === moved.slice(0, 7)) expect(await dayTasks(page, checkout).count()).toBe(0);

    // Cancel from the calendar: the nights are released and the turnover is cancelled.
    await showMonth(page, checkin.slice(0, 7));
    await page.getByTestId('calendar-reservation').filter({ hasText: guest }).first().click();
    await dialog.getByRole('button', { name: 'Cancel reservation' }).click();
    await dialog.getByTestId('reservation-cancel-confirm').waitFor();
    await dialog.getByLabel('Reason (optional)').fill('Guest changed plans');
    await dialog.getByRole('button', { name: 'Yes, cancel it' }).click();
    await toast(page, 'Its turnover cleaning was cancelled too.').waitFor();
    await dialog.waitFor({ state: 'hidden' });

    expect(await reservationRow(page, guest).innerText()).toMatch(/Cancelled/);
    await propertyTask(page, guest).filter({ hasText: 'Cancelled' }).waitFor();
    expect((await getJson<{ status: string }>(page, taskUrl)).status).toBe('cancelled');
    // The month was shown before the cancellation: its kept copy is drawn at once and checked again
    // (stale while revalidating), so the day's task turns cancelled once that check answers.
    await showMonth(page, moved.slice(0, 7));
    await dayTasks(page, moved).filter({ hasText: guest }).and(page.locator('[data-status="cancelled"]')).waitFor();

    // A cancelled reservation opens read-only, with its reason; its nights are free again.
    await page.getByRole('button', { name: `View reservation: ${guest}` }).click();
    const details = page.getByRole('dialog', { name: 'Reservation' });
    await details.getByText('Guest changed plans').waitFor();
    expect(await details.getByRole('button', { name: 'Save' }).count()).toBe(0);
    await details.getByRole('button', { name: 'Close' }).click();
    await createReservationThroughApi(page, { propertyId: property.id, guestName: `Next ${tag}`, checkinDate: checkin, checkoutDate: checkout, integrationSource: null });
  });

  it('schedules a new cleaning, and says so, when the stay moves after its turnover was done', async () => {
    const { property, emails, tag } = await ownProperty();
    const page = await signedIn(emails.manager);
    const guest = `Rita Paz ${tag}`;
    const checkin = addDays(today(), 1);
    const checkout = addDays(today(), 3);
    const created = await createReservationThroughApi(page, { propertyId: property.id, guestName: guest, checkinDate: checkin, checkoutDate: checkout, integrationSource: 'direct' });
    const taskUrl = `/api/tasks/${created.turnoverTaskId}`;
    const first = await getJson<{ title: string; dueDate: string; type: string }>(page, taskUrl);
    const done = await page.request.put(taskUrl, { data: { type: first.type, title: first.title, propertyId: property.id, status: 'completed', dueDate: first.dueDate } });
    expect(done.status()).toBe(200);

    await openProperty(page, property);
    await page.getByRole('button', { name: `Edit reservation: ${guest}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit reservation' });
    const moved = addDays(checkout, 2);
    await dialog.getByLabel('Check-out').fill(moved);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await toast(page, 'The earlier cleaning was already done; a new cleaning is scheduled for the new check-out.').waitFor();
    expect(await toast(page, 'Its turnover cleaning moved with it.').count()).toBe(0);
    await dialog.waitFor({ state: 'hidden' });

    // The done cleaning stays done on its day; a pending one is due at the new check-out.
    expect((await getJson<{ status: string; dueDate: string }>(page, taskUrl))).toMatchObject({ status: 'completed', dueDate: first.dueDate });
    const stay = await getJson<ReservationAnswer>(page, `/api/reservations/${created.id}`);
    expect(stay.turnoverTaskId).not.toBe(created.turnoverTaskId);
    const next = await getJson<{ status: string; dueDate: string }>(page, `/api/tasks/${stay.turnoverTaskId}`);
    expect(next.status).toBe('pending');
    expect(localDay(next.dueDate, ZONE)).toBe(moved);
    await propertyTask(page, guest).filter({ hasText: 'Pending' }).waitFor();
    await propertyTask(page, guest).filter({ hasText: 'Completed' }).waitFor();
  });

  it('imports the bookings of an iCal feed with "Sync now", flags a vanished one (keep / cancel)', async () => {
    const { property, emails, tag } = await ownProperty();
    const route = `/${tag}/airbnb.ics`;
    const page = await signedIn(emails.manager);
    await openProperty(page, property);
    const feedsSection = page.locator('#feeds');
    await feedsSection.getByTestId('feeds-empty').waitFor();

    await feedsSection.getByRole('button', { name: 'Add calendar link' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add calendar link' });
    await dialog.getByLabel('Calendar link (iCal)').fill('not a link');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('Enter the calendar (iCal) link: an http, https or webcal address').waitFor();
    await dialog.getByLabel('Calendar link (iCal)').fill(`${channel.url}${route}`);
    await dialog.getByLabel('Name').fill('Airbnb loft');
    await dialog.getByRole('combobox', { name: 'Channel' }).click();
    await page.getByRole('option', { name: 'Airbnb', exact: true }).click();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await toast(page, 'Calendar link added').waitFor();
    const feed = feedsSection.getByTestId('calendar-feed');
    await feed.getByText('Not synced yet').waitFor();
    expect(await feed.getByTestId('feed-url').innerText()).toBe(`${channel.url}${route}`);

    await feedsSection.getByRole('button', { name: 'Sync now' }).click();
    await toast(page, '2 new, 0 updated, 0 missing.').waitFor();
    await feed.getByText(/^Last sync .* · 2 bookings, 1 block$/).waitFor();
    expect(channel.hits(route)).toBe(1);
    // Two Airbnb bookings ("Reserved", no name: the channel's guest in the company's language, Portuguese)
    // with their turnovers; the owner block is on the calendar.
    await reservationRow(page, 'Hóspede do Airbnb').nth(1).waitFor();
    expect(await reservationRow(page, 'Hóspede do Airbnb').count()).toBe(2);
    await propertyTask(page, 'Hóspede do Airbnb').nth(1).waitFor();
    await showMonth(page, fixtureDay(22).slice(0, 7));
    await page.getByTestId('calendar-block').first().waitFor();

    // The second booking vanishes from an otherwise healthy calendar: flagged, never cancelled by itself.
    channel.set(route, { fixture: 'airbnb-vanished.ics' });
    await feedsSection.getByRole('button', { name: 'Sync now' }).click();
    await toast(page, '0 new, 0 updated, 1 missing.').waitFor();
    const flagged = page.getByTestId('flagged-reservations');
    await flagged.getByText('1 booking vanished from its calendar feed').waitFor();
    expect(await flagged.getByTestId('flagged-reservation').innerText()).toContain(`${formatUtc(fixtureDay(16))} to ${formatUtc(fixtureDay(20))}`);
    await reservationRow(page, 'Missing from feed').waitFor();
    await screenshot(page, 'reservations-flagged-en');
    await flagged.getByRole('button', { name: 'Keep' }).click();
    await toast(page, "Hóspede do Airbnb's reservation is kept").waitFor();
    await flagged.waitFor({ state: 'detached' });
    expect(await reservationRow(page, 'Missing from feed').count()).toBe(0);

    // Now the first one vanishes (the kept one is back): cancel it from the flag.
    const withoutFirst = renderFixture('airbnb.ics').replace(/BEGIN:VEVENT\r?\n(?:(?!END:VEVENT)[\s\S])*?UID:1418fb94[\s\S]*?END:VEVENT\r?\n/, '');
    channel.set(route, { body: withoutFirst });
    await feedsSection.getByRole('button', { name: 'Sync now' }).click();
    await toast(page, '0 new, 1 updated, 1 missing.').waitFor();
    await flagged.getByText(`${formatUtc(fixtureDay(10))} to ${formatUtc(fixtureDay(13))}`).waitFor();
    await flagged.getByRole('button', { name: 'Cancel reservation' }).click();
    const confirm = page.getByRole('dialog', { name: 'Cancel reservation' });
    await confirm.getByRole('button', { name: 'Yes, cancel it' }).click();
    await toast(page, 'Reservation cancelled').waitFor();
    await flagged.waitFor({ state: 'detached' });
    await reservationRow(page, 'Cancelled').waitFor();
    await propertyTask(page, 'Hóspede do Airbnb').filter({ hasText: 'Cancelled' }).waitFor();
  });

  it('shows a failing channel on its feed, edits the feed and removes it (its reservations stay)', async () => {
    const { property, emails, tag } = await ownProperty();
    const route = `/${tag}/vrbo.ics`;
    const page = await signedIn(emails.manager);
    const added = await page.request.post(`/api/properties/${property.id}/feeds`, { data: { url: `${channel.url}${route}`, name: 'Vrbo cottage' } });
    expect(added.status()).toBe(201);
    await page.request.post(`/api/properties/${property.id}/feeds/sync`);

    await openProperty(page, property);
    const feedsSection = page.locator('#feeds');
    const feed = feedsSection.getByTestId('calendar-feed');
    await feed.getByText(/1 booking, 1 block/).waitFor();
    await reservationRow(page, 'Ana Costa').waitFor();

    channel.set(route, { status: 500 });
    await feedsSection.getByRole('button', { name: 'Sync now' }).click();
    await page.getByRole('alert').filter({ hasText: 'Some calendars could not be synced' }).filter({ hasText: 'The channel\'s server failed to hand over the calendar (HTTP 500)' }).waitFor();
    await feed.getByTestId('feed-error').filter({ hasText: 'The channel\'s server failed to hand over the calendar (HTTP 500)' }).waitFor();
    // A channel limiting reads says so, and when the feed is read again (as long as it asked).
    channel.set(route, { status: 429, headers: { 'retry-after': '7200' } });
    await feedsSection.getByRole('button', { name: 'Sync now' }).click();
    const limited = feed.getByTestId('feed-error').filter({ hasText: 'The channel is limiting how often its calendar is read' });
    await limited.waitFor();
    await limited.getByTestId('feed-next-try').filter({ hasText: /^Next try: / }).waitFor();

    await feedsSection.getByRole('button', { name: 'Edit calendar link Vrbo cottage' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit calendar link' });
    expect(await dialog.getByLabel('Calendar link (iCal)').inputValue()).toBe(`${channel.url}${route}`);
    await dialog.getByLabel('Name').fill('Vrbo – garden cottage');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await toast(page, 'Calendar link updated').waitFor();
    await feed.getByText('Vrbo – garden cottage').waitFor();

    await feedsSection.getByRole('button', { name: 'Remove calendar link Vrbo – garden cottage' }).click();
    await page.getByRole('dialog', { name: 'Remove this calendar link?' }).getByRole('button', { name: 'Remove' }).click();
    await toast(page, 'Calendar link removed').waitFor();
    await feedsSection.getByTestId('feeds-empty').waitFor();
    await reservationRow(page, 'Ana Costa').waitFor();
  });

  it("edits the property's default checklist, which the next turnover copies, and switches automatic turnovers off and on", async () => {
    const { property, emails, company, tag } = await ownProperty();
    const page = await signedIn(emails.manager);
    await openProperty(page, property);
    const checklist = page.locator('#checklist');
    await checklist.getByTestId('checklist-template-empty').waitFor();
    expect(await checklist.getByRole('button', { name: 'Save checklist' }).isDisabled()).toBe(true);

    for (const text of ['Change bed linen', 'Clean the bathroom', '']) {
      await checklist.getByRole('button', { name: 'Add item' }).click();
      const count = await checklist.getByTestId('checklist-template-item').count();
      if (text) await checklist.getByLabel(`Item ${count}`, { exact: true }).fill(text);
    }
    await checklist.getByTestId('checklist-template-item').nth(0).getByLabel('Required').check();
    await checklist.getByRole('button', { name: 'Save checklist' }).click();
    await checklist.getByText('Description is required').waitFor();
    await checklist.getByLabel('Item 3', { exact: true }).fill('Restock coffee');
    await checklist.getByRole('button', { name: 'Move item 3 up' }).click();
    await checklist.getByRole('button', { name: 'Save checklist' }).click();
    await toast(page, 'Checklist saved').waitFor();
    type Template = { items: Array<{ id: string; description: string; required: boolean }> };
    let template = await getJson<Template>(page, `/api/properties/${property.id}/checklist-template`);
    expect(template.items.map((item) => [item.description, item.required])).toEqual([
      ['Change bed linen', true],
      ['Restock coffee', false],
      ['Clean the bathroom', false],
    ]);

    // Rename and remove keep the other items (and their ids).
    await checklist.getByLabel('Item 1', { exact: true }).fill('Change bed linen and towels');
    await checklist.getByRole('button', { name: 'Remove item 2' }).click();
    await checklist.getByRole('button', { name: 'Save checklist' }).click();
    await toast(page, 'Checklist saved').waitFor();
    const before = template;
    template = await getJson<Template>(page, `/api/properties/${property.id}/checklist-template`);
    expect(template.items.map((item) => item.description)).toEqual(['Change bed linen and towels', 'Clean the bathroom']);
    expect(template.items.map((item) => item.id)).toEqual([before.items[0].id, before.items[2].id]);

    // The next turnover gets a copy.
    const stay = await createReservationThroughApi(page, { propertyId: property.id, guestName: `Rita ${tag}`, checkinDate: addDays(today(), 2), checkoutDate: addDays(today(), 4), integrationSource: 'direct' });
    const copy = await getJson<{ items: Array<{ description: string; required: boolean }> }>(page, `/api/tasks/${stay.turnoverTaskId}/checklist`);
    expect(copy.items.map((item) => [item.description, item.required])).toEqual([
      ['Change bed linen and towels', true],
      ['Clean the bathroom', false],
    ]);

    // Automatic turnovers off: a new stay gets no cleaning task; on again.
    const toggle = page.getByRole('switch', { name: 'Automatic turnover cleaning' });
    expect(await toggle.isChecked()).toBe(true);
    await toggle.click();
    await toast(page, 'Automatic turnover cleaning is off').waitFor();
    expect((await getJson<{ autoTurnovers: boolean }>(page, `/api/companies/${company.id}/settings`)).autoTurnovers).toBe(false);
    const without = await createReservationThroughApi(page, { propertyId: property.id, guestName: `Sem limpeza ${tag}`, checkinDate: addDays(today(), 6), checkoutDate: addDays(today(), 8), integrationSource: 'direct' });
    expect(without.turnoverTaskId).toBeNull();
    await toggle.click();
    await toast(page, 'Automatic turnover cleaning is on').waitFor();
    expect(await toggle.isChecked()).toBe(true);

    // The same switch is on the properties screen.
    await page.goto('/properties');
    expect(await page.getByRole('switch', { name: 'Automatic turnover cleaning' }).isChecked()).toBe(true);
    await page.getByTestId('property-card').first().waitFor();
    await screenshot(page, 'reservations-properties-switch-en');
  });

  it('changes the company\'s check-in and check-out hours, which the next booking uses', async () => {
    const { company, property, emails } = await ownProperty();
    const page = await signedIn(emails.manager, { language: 'en' });
    await page.goto('/properties');
    const hours = page.getByTestId('stay-hours');
    await hours.filter({ hasText: 'Check-in from 3:00 PM · check-out until 11:00 AM' }).waitFor();
    await page.getByRole('button', { name: 'Change hours' }).click();
    const dialog = page.getByRole('dialog', { name: 'Check-in and check-out hours' });
    await dialog.getByText(/\(New York time\)/).waitFor();

    await dialog.getByLabel('Check-out until').click();
    await page.getByRole('option', { name: '4:00 PM' }).click();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('Check-out must be earlier in the day than check-in, so a place can be cleaned between guests').waitFor();

    await dialog.getByLabel('Check-in from').click();
    await page.getByRole('option', { name: '5:00 PM' }).click();
    await dialog.getByLabel('Check-out until').click();
    await page.getByRole('option', { name: '10:00 AM' }).click();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await toast(page, 'Check-in and check-out hours saved').waitFor();
    await hours.filter({ hasText: 'Check-in from 5:00 PM · check-out until 10:00 AM' }).waitFor();
    const saved = await page.evaluate(async (id) => (await fetch(`/api/companies/${id}/settings`)).json(), company.id);
    expect(saved).toMatchObject({ checkinHour: 17, checkoutHour: 10 });

    await openProperty(page, property);
    await page.getByRole('button', { name: 'Add reservation' }).click();
    const booking = page.getByRole('dialog', { name: 'Add reservation' });
    await booking.getByText('Check-in from 5:00 PM').waitFor();
    await booking.getByText('Check-out until 10:00 AM').waitFor();

    const staff = await signedIn(emails.staff, { language: 'en' });
    await staff.goto('/properties');
    await staff.getByTestId('stay-hours').filter({ hasText: 'Check-in from 5:00 PM' }).waitFor();
    expect(await staff.getByRole('button', { name: 'Change hours' }).count()).toBe(0);
  });

  it('shows staff the calendar, reservations and checklist read-only', async () => {
    const { property, emails, tag } = await ownProperty();
    const ceo = await signedIn(emails.ceo);
    const guest = `Duarte Neves ${tag}`;
    const checkin = today();
    await createReservationThroughApi(ceo, { propertyId: property.id, guestName: guest, checkinDate: checkin, checkoutDate: addDays(checkin, 2), integrationSource: 'vrbo' });
    await ceo.request.put(`/api/properties/${property.id}/checklist-template`, { data: { items: [{ description: 'Check the hot tub', required: true }] } });

    const page = await signedIn(emails.staff);
    await openProperty(page, property);
    await page.getByTestId('calendar-reservation').filter({ hasText: guest }).first().click();
    const details = page.getByRole('dialog', { name: 'Reservation' });
    await details.getByTestId('reservation-details').getByText(guest).waitFor();
    expect(await details.getByTestId('reservation-details').innerText()).toMatch(/Vrbo[\s\S]*Confirmed/);
    await details.getByTestId('reservation-turnover-link').waitFor();
    expect(await details.getByRole('textbox').count()).toBe(0);
    expect(await details.getByRole('button', { name: 'Cancel reservation' }).count()).toBe(0);
    await details.getByRole('button', { name: 'Close' }).click();
    await details.waitFor({ state: 'hidden' });

    await page.getByRole('button', { name: `View reservation: ${guest}` }).waitFor();
    await page.getByTestId('checklist-template-item').filter({ hasText: 'Check the hot tub' }).getByText('Required').waitFor();
    expect(await page.getByRole('button', { name: 'Add reservation' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Edit' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Save checklist' }).count()).toBe(0);
    expect(await page.getByRole('heading', { name: 'Calendar sync (iCal)' }).count()).toBe(0);
    expect(await page.getByRole('switch', { name: 'Automatic turnover cleaning' }).isDisabled()).toBe(true);
    await page.getByText('Only the CEO and managers can change this.').waitFor();
    await screenshot(page, 'reservations-property-staff-en');
  });

  it('reads in en, pt and es, and fits a phone', async () => {
    const { property, emails, tag } = await ownProperty();
    const manager = await signedIn(emails.manager);
    const start = today();
    await createReservationThroughApi(manager, { propertyId: property.id, guestName: `Beatriz Antunes ${tag}`, checkinDate: start, checkoutDate: addDays(start, 3), integrationSource: 'airbnb' });
    await createReservationThroughApi(manager, { propertyId: property.id, guestName: `Jorge Lemos ${tag}`, checkinDate: addDays(start, 3), checkoutDate: addDays(start, 6), integrationSource: 'booking' });
    await manager.request.put(`/api/properties/${property.id}/checklist-template`, {
      data: { items: [{ description: 'Change bed linen', required: true }, { description: 'Restock coffee', required: false }] },
    });
    await manager.request.post(`/api/properties/${property.id}/feeds`, { data: { url: `${channel.url}/${tag}/booking.ics`, name: 'Booking.com', source: 'booking' } });
    await manager.request.post(`/api/properties/${property.id}/feeds/sync`);

    const texts: Record<UiLanguage, { calendar: string; add: string; tasks: string; guest: string; checkoutBeforeCheckin: string; overlap: string }> = {
      en: { calendar: 'Calendar', add: 'Add reservation', tasks: 'Tasks', guest: 'Guest', checkoutBeforeCheckin: 'Check-out must be after check-in', overlap: 'This property is already booked for the night of' },
      pt: { calendar: 'Calendário', add: 'Adicionar reserva', tasks: 'Tarefas', guest: 'Hóspede', checkoutBeforeCheckin: 'O check-out deve ser depois do check-in', overlap: 'Esta propriedade já está reservada na noite de' },
      es: { calendar: 'Calendario', add: 'Añadir reserva', tasks: 'Tareas', guest: 'Huésped', checkoutBeforeCheckin: 'El check-out debe ser posterior al check-in', overlap: 'Esta propiedad ya está reservada la noche del' },
    };
    await Promise.all(
      (['en', 'pt', 'es'] as const).map(async (language) => {
        const page = await signedIn(emails.manager, { language });
        await openProperty(page, property);
        await page.getByRole('heading', { level: 2, name: texts[language].calendar, exact: true }).waitFor();
        await page.getByRole('heading', { level: 2, name: texts[language].tasks, exact: true }).waitFor();
        await page.getByRole('columnheader', { name: texts[language].guest }).waitFor();
        await page.getByTestId('calendar-reservation').first().waitFor();
        await page.getByTestId('property-tasks').getByRole('link').first().waitFor();
        await page.locator('#feeds').getByTestId('calendar-feed').waitFor();
        await page.getByTestId('checklist-template-item').nth(1).waitFor();
        // Nothing runs past the window (long words, the reservation table).
        expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
        // No catalogue key shows through untranslated.
        expect(await page.locator('main').innerText()).not.toMatch(/\b(reservations|properties|calendar)\.[a-z]+/i);
        // Today is highlighted (the company's day).
        expect(await page.locator('[data-testid="calendar-day"][data-today="true"]').getAttribute('data-day')).toBe(start);
        await screenshot(page, `reservations-property-${language}`);
        await page.getByRole('button', { name: texts[language].add }).click();
        const dialog = page.getByRole('dialog', { name: texts[language].add });
        await dialog.waitFor();
        await viewportShot(page, `reservations-dialog-${language}`);
        // Errors in the reader's language: the dates the wrong way round (checked in the dialog), a night taken (the server's answer).
        await dialog.getByRole('textbox').first().fill(`Convidado ${language}`);
        const [checkinField, checkoutField] = [dialog.locator('input[type="date"]').nth(0), dialog.locator('input[type="date"]').nth(1)];
        await checkinField.fill(addDays(start, 2));
        await checkoutField.fill(addDays(start, 1));
        await dialog.getByRole('button', { name: texts[language].add }).click();
        await dialog.getByText(texts[language].checkoutBeforeCheckin).waitFor();
        await checkoutField.fill(addDays(start, 4));
        await dialog.getByRole('button', { name: texts[language].add }).click();
        await dialog.getByTestId('reservation-form-error').filter({ hasText: texts[language].overlap }).waitFor();
      }),
    );

    // The manager's page (en, its API calls done, no screen loaded yet) opens the property on a phone.
    const phone = manager;
    await phone.setViewportSize(PHONE);
    await openProperty(phone, property);
    await phone.getByTestId('calendar-reservation').first().waitFor();
    await phone.getByTestId('checklist-template-item').nth(1).waitFor();
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await screenshot(phone, 'reservations-property-en-phone');
    await phone.getByTestId('calendar-reservation').first().click();
    await phone.getByRole('dialog', { name: 'Edit reservation' }).waitFor();
    await viewportShot(phone, 'reservations-dialog-en-phone');
  });
});

/** A day as the en interface writes it ("Dec 3, 2026"). */
function formatUtc(day: string): string {
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${day}T12:00:00Z`));
}
