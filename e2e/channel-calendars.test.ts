// Channel calendars as a manager meets them in a real browser (issue 18): an Airbnb calendar and a
// Booking.com one served by a local channel, added on the property page and synced with "Sync now".
// The Airbnb owner block shows as a block with its channel, never as a guest; Booking.com's
// "CLOSED - Not available" is a stretch to check with its turnover, dismissed in one click for
// good; an Airbnb booking over a direct reservation is a double booking, on the calendar and on the
// dashboard until it is resolved. A third calendar (a small PMS) brings a tentative stay, a yearly
// owner block (a limit met: a warning) and an event that cannot be read (listed with its reason).
// Screens in en, pt and es at 1280x800 and 390x844 are saved under test-results/screenshots.
import type { Locator, Page } from 'playwright-core';
import type { Role, UiLanguage } from '../shared/enums';
import type { User } from '../shared/schemas';
import { startFeedServer, type FeedServer } from '../functions/reservations/calendar-sync/fixtures/feed-server';
import { createCompanyWithOwner } from '../functions/data/repositories/companies';
import { createProperty } from '../functions/data/repositories/properties';
import { addMember } from '../functions/data/repositories/users';
import { addDays, localDay } from '../shared/days';
import { STARTUP_TIMEOUT_MS, screenshot, startTestApp, switchPage, type TestApp } from './support/app';

// The channel listens on 127.0.0.1, which the feed fetcher refuses outside local runs and tests.
process.env.CALENDAR_ALLOW_PRIVATE_HOSTS = 'true';

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
/** Companies are created in America/New_York (createCompanyWithOwner): stay days are read there. */
const ZONE = 'America/New_York';

jest.setTimeout(240_000);

let app: TestApp;
let channel: FeedServer;
beforeAll(async () => {
  [app, channel] = await Promise.all([startTestApp(), startFeedServer()]);
}, STARTUP_TIMEOUT_MS);
afterAll(async () => {
  await channel?.close();
  await app?.close();
});

// ---- Calendars as the channels write them ------------------------------------------------------------

const compact = (day: string) => day.replace(/-/g, '');
const event = (uid: string, start: string, end: string, summary: string, extra: string[] = []) => [
  'BEGIN:VEVENT',
  `UID:${uid}`,
  'DTSTAMP:20261101T080000Z',
  `DTSTART;VALUE=DATE:${compact(start)}`,
  `DTEND;VALUE=DATE:${compact(end)}`,
  `SUMMARY:${summary}`,
  ...extra,
  'END:VEVENT',
];
const calendar = (head: string[], ...events: string[][]) => ['BEGIN:VCALENDAR', ...head, ...events.flat(), 'END:VCALENDAR', ''].join('\r\n');

/** The month the stays fall in: the month of 40 days from now, so every day of it used below is ahead. */
const MONTH = addDays(localDay(new Date(), ZONE), 40).slice(0, 7);
const day = (n: number) => `${MONTH}-${String(n).padStart(2, '0')}`;

const AIRBNB = calendar(
  ['PRODID:-//Airbnb Inc//Hosting Calendar 0.8.8//EN', 'CALSCALE:GREGORIAN', 'VERSION:2.0'],
  event('1418fb94e984-e2e@airbnb.com', day(10), day(14), 'Reserved', ['DESCRIPTION:Reservation URL: https://www.airbnb.com/hosting/reservations/details/HMQX2E2E\\nPhone Number (Last 4 Digits): 4321']),
  event('airbnb-block-e2e@airbnb.com', day(20), day(23), 'Airbnb (Not available)'),
);
const BOOKING = calendar(
  ['VERSION:2.0', 'PRODID:-//admin.booking.com//h2cal//EN', 'CALSCALE:GREGORIAN', 'METHOD:PUBLISH'],
  event('a90207a6098fea365fa0e2e@booking.com', day(3), day(6), 'CLOSED - Not available'),
);
const PMS = calendar(
  ['VERSION:2.0', 'PRODID:-//Smoobu//Calendar//EN', 'X-WR-TIMEZONE:Europe/Paris'],
  event('smoobu-tent-e2e', day(16), day(19), 'Provisoire - Marie Lefèvre', ['STATUS:TENTATIVE']),
  event('smoobu-owner-e2e', day(26), day(28), 'Owner stay', ['RRULE:FREQ=YEARLY']),
  event('smoobu-broken-e2e', day(7), day(9), 'Reserved - Paulo Broken', ['RRULE:FREQ=INVALID']),
);

// ---- Company, pages and helpers -----------------------------------------------------------------------

function member(companyId: string, email: string, role: Role, firstName: string, lastName: string): User {
  const now = new Date().toISOString();
  return { id: crypto.randomUUID(), email, firstName, lastName, role, companyId, authProvider: 'cognito', emailVerified: now, completedTasks: 0, createdAt: now, updatedAt: now };
}

async function ownProperty() {
  const tag = Date.now().toString(36);
  const emails = { manager: `manager.${tag}@channels.rentalops.test`, staff: `staff.${tag}@channels.rentalops.test` };
  const { company } = await createCompanyWithOwner({
    company: { name: `Maré Alta ${tag}`, plan: 'professional' },
    owner: { email: `ceo.${tag}@channels.rentalops.test`, firstName: 'Marta', lastName: 'Reis', role: 'ceo' },
  });
  const ctx = { companyId: company.id, plan: 'professional' as const, unlimited: false };
  await addMember(ctx, member(company.id, emails.manager, 'operational_manager', 'Rui', 'Matos'));
  await addMember(ctx, member(company.id, emails.staff, 'staff', 'Lia', 'Sousa'));
  const property = await createProperty(ctx, { name: `Casa da Maré ${tag}`, address: 'Rua do Mar 12, Peniche' });
  return { property, tag, emails };
}

async function signedIn(email: string, options: { language?: UiLanguage; viewport?: { width: number; height: number } } = {}): Promise<Page> {
  const page = await app.signedInPage(email, { viewport: DESKTOP, ...options });
  return page;
}

/** A toast: `status`, or `alert` when it is bad news (a failure, a double booking). */
const toast = (page: Page, text: string | RegExp): Locator => page.locator('[role="status"], [role="alert"]').filter({ hasText: text });

async function openProperty(page: Page, property: { id: string; name: string }) {
  await page.goto(`/properties/${property.id}`);
  await page.getByRole('heading', { level: 1, name: property.name }).waitFor();
  await page.getByTestId('property-calendar').waitFor();
}

const nextMonth = (month: string) => addDays(`${month}-28`, 7).slice(0, 7);

/** Moves the calendar forward to MONTH (it opens on this month) with the "next" arrow, whatever the language. */
async function showMonth(page: Page) {
  const calendar = page.getByTestId('property-calendar');
  for (let i = 0; i < 4; i++) {
    const shown = (await calendar.getAttribute('data-month'))!;
    if (shown >= MONTH) break;
    // The "next month" arrow is the second icon button of the calendar's header.
    await calendar.locator('button').nth(1).click();
    await page.locator(`[data-testid="property-calendar"][data-month="${nextMonth(shown)}"]`).waitFor();
  }
  await calendar.getByRole('progressbar').waitFor({ state: 'detached' });
}

async function addFeedInDialog(page: Page, url: string, name: string) {
  const feeds = page.locator('#feeds');
  await feeds.getByRole('button', { name: 'Add calendar link' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add calendar link' });
  await dialog.getByLabel('Calendar link (iCal)').fill(url);
  await dialog.getByLabel('Name').fill(name);
  // The channel stays "Detect from the link": the calendar itself says which channel it is.
  await dialog.getByRole('button', { name: 'Save' }).click();
  await toast(page, 'Calendar link added').first().waitFor();
  await dialog.waitFor({ state: 'hidden' });
}

async function viewportShot(page: Page, name: string): Promise<void> {
  await screenshot(page, name, { fullPage: false });
}

const noOverflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

describe('channel calendars on the property page and the dashboard', () => {
  it('adds two channels, syncs, and shows blocks, a Booking.com stretch to check and a double booking until resolved', async () => {
    const { property, tag, emails } = await ownProperty();
    const routes = { airbnb: `/${tag}/airbnb.ics`, booking: `/${tag}/booking.ics`, pms: `/${tag}/pms.ics` };
    channel.set(routes.airbnb, { body: AIRBNB, contentType: 'text/calendar; charset=utf-8' });
    channel.set(routes.booking, { body: BOOKING, contentType: 'text/calendar; charset=utf-8' });
    channel.set(routes.pms, { body: PMS, contentType: 'text/calendar; charset=utf-8' });

    const page = await signedIn(emails.manager);
    // A direct booking taken by phone before the channels were connected.
    const direct = await page.request.post('/api/reservations', { data: { propertyId: property.id, guestName: 'Helena Prado', checkinDate: day(12), checkoutDate: day(15), integrationSource: 'direct' } });
    expect(direct.status()).toBe(201);
    const helena = (await direct.json()) as { id: string };
    // The PMS calendar is connected through the API; the two channels through the page.
    expect((await page.request.post(`/api/properties/${property.id}/feeds`, { data: { url: `${channel.url}${routes.pms}`, name: 'Smoobu' } })).status()).toBe(201);

    await openProperty(page, property);
    await addFeedInDialog(page, `${channel.url}${routes.airbnb}`, 'Airbnb – sea view');
    await addFeedInDialog(page, `${channel.url}${routes.booking}`, 'Booking.com – sea view');
    const feeds = page.locator('#feeds');
    await feeds.getByRole('button', { name: 'Sync now' }).click();
    // The Airbnb booking lands on Helena's nights: the sync says so as loudly as a failure.
    await toast(page, 'Calendars synced: double booking found').waitFor();

    // Feeds: the channel each calendar names, the double booking, the limit met and the event skipped.
    const feed = (name: string) => feeds.getByTestId('calendar-feed').filter({ hasText: name });
    await feed('Booking.com – sea view').getByTestId('feed-detected-channel').filter({ hasText: 'Calendar says: Booking.com' }).waitFor();
    await feed('Airbnb – sea view').getByTestId('feed-detected-channel').filter({ hasText: 'Calendar says: Airbnb' }).waitFor();
    await feed('Airbnb – sea view').getByTestId('feed-double-booked').filter({ hasText: '1 open double booking' }).waitFor();
    await feed('Smoobu').getByTestId('feed-warnings').filter({ hasText: 'Repeating events were read up to' }).waitFor();
    const skipped = feed('Smoobu').getByTestId('feed-skipped');
    await skipped.getByRole('button', { name: '1 event not imported' }).click();
    await skipped.getByTestId('feed-skipped-event').filter({ hasText: 'Paulo Broken: Event with a repeat rule that cannot be read' }).waitFor();

    // The calendar of the stays' month.
    await showMonth(page);
    const calendar = page.getByTestId('property-calendar');
    const airbnbBlock = calendar.locator('[data-testid="calendar-block"][data-state="blocked"]').filter({ hasText: 'Airbnb · Blocked' }).first();
    await airbnbBlock.waitFor();
    expect(await calendar.getByTestId('calendar-reservation').filter({ hasText: 'Not available' }).count()).toBe(0);
    await calendar.locator('[data-testid="calendar-block"]').filter({ hasText: 'Blocked' }).filter({ hasText: 'iCal' }).first().waitFor(); // the PMS owner block
    await calendar.locator('[data-testid="calendar-reservation"][data-state="tentative"]').filter({ hasText: 'Tentative · Marie Lefèvre' }).first().waitFor();

    // The double booking: both stays in the error colour, each naming the other.
    const helenaBar = calendar.locator(`[data-testid="calendar-reservation"][data-reservation-id="${helena.id}"]`).first();
    expect(await helenaBar.getAttribute('data-state')).toBe('doubleBooked');
    expect(await helenaBar.getAttribute('aria-label')).toContain('Double booking with Hóspede do Airbnb (Airbnb)');
    const airbnbBar = calendar.locator('[data-testid="calendar-reservation"][data-state="doubleBooked"]').filter({ hasText: 'Double booking · Hóspede do Airbnb' }).first();
    expect(await airbnbBar.getAttribute('aria-label')).toContain('Double booking with Helena Prado (Direct)');
    expect(await airbnbBar.evaluate((element) => getComputedStyle(element).backgroundColor)).not.toBe(await calendar.locator('[data-state="tentative"]').first().evaluate((element) => getComputedStyle(element).backgroundColor));
    const alert = calendar.getByTestId('calendar-double-booking');
    await alert.filter({ hasText: 'Hóspede do Airbnb (Airbnb)' }).filter({ hasText: 'Helena Prado (Direct)' }).waitFor();

    // The Booking.com stretch: "booking or closure - check", with its turnover on its last day.
    // A bar is cut at each week's end: its first piece.
    const stretch = calendar.locator('[data-testid="calendar-block"][data-state="toCheck"]').first();
    expect(await stretch.innerText()).toContain('Booking.com · Booking or closure - check');
    const turnover = calendar.locator(`[data-testid="calendar-day-tasks"][data-day="${day(6)}"]`).getByTestId('calendar-task');
    expect(await turnover.getAttribute('data-status')).toBe('pending');
    await calendar.getByTestId('calendar-stretch').filter({ hasText: 'Booking.com' }).waitFor();
    await screenshot(page, 'channel-calendars-property-manager-en');

    // Its details, and "Not a stay - no cleaning" in one click.
    await stretch.click();
    const details = page.getByTestId('block-details');
    await details.getByText('The channel wrote: "CLOSED - Not available"').waitFor();
    await details.getByRole('link', { name: 'Open the turnover cleaning' }).waitFor();
    await viewportShot(page, 'channel-calendars-stretch-details-en');
    await details.getByRole('button', { name: 'Not a stay - no cleaning' }).click();
    await toast(page, 'Not a stay: its cleaning is cancelled').waitFor();
    await details.waitFor({ state: 'hidden' });
    await calendar.locator('[data-testid="calendar-block"][data-state="notAStay"]').filter({ hasText: 'Booking.com · Not a stay' }).first().waitFor();
    await calendar.locator(`[data-testid="calendar-day-tasks"][data-day="${day(6)}"] [data-testid="calendar-task"][data-status="cancelled"]`).waitFor();
    expect(await calendar.getByTestId('calendar-stretches').count()).toBe(0);

    // A later sync keeps it dismissed.
    await feeds.getByRole('button', { name: 'Sync now' }).click();
    await toast(page, /^Calendars synced/).first().waitFor();
    await page.reload();
    await page.getByTestId('property-calendar').waitFor();
    await showMonth(page);
    await calendar.locator('[data-testid="calendar-block"][data-state="notAStay"]').first().waitFor();
    expect(await calendar.locator('[data-testid="calendar-block"][data-state="toCheck"]').count()).toBe(0);
    // The double booking stays on its feed after syncs that found nothing new, until it is resolved.
    await feed('Airbnb – sea view').getByTestId('feed-double-booked').waitFor();

    // Staff see the blocks and the double booking, but no dismiss button and no calendar links.
    const staff = await signedIn(emails.staff);
    await openProperty(staff, property);
    await showMonth(staff);
    await staff.getByTestId('calendar-double-booking').first().waitFor();
    await staff.getByText('A manager will cancel one of the stays.', { exact: false }).waitFor();
    expect(await staff.getByRole('button', { name: 'Not a stay - no cleaning' }).count()).toBe(0);
    expect(await staff.locator('#feeds').count()).toBe(0);

    // The dashboard: the double booking with the property, the nights, both guests and channels.
    await page.goto('/');
    const card = page.getByTestId('double-bookings-card');
    const entry = card.getByTestId('double-booking').filter({ hasText: property.name });
    await entry.waitFor();
    expect(await entry.innerText()).toMatch(/Hóspede do Airbnb \(Airbnb\) vs Helena Prado \(Direct\)/);
    expect(await entry.innerText()).toMatch(/· 4 nights/);
    await screenshot(page, 'channel-calendars-dashboard-en');
    await entry.getByRole('link', { name: 'Open the property' }).click();
    await page.getByRole('heading', { level: 1, name: property.name }).waitFor();

    // Screens in the three languages, on a laptop and a phone, in the manager's page (switchPage),
    // each screen then loaded afresh.
    for (const language of ['en', 'pt', 'es'] as const) {
      for (const [size, viewport] of [['desktop', DESKTOP], ['phone', PHONE]] as const) {
        await switchPage(page, { language, viewport });
        await openProperty(page, property);
        await showMonth(page);
        await page.locator('[data-testid="calendar-block"][data-state="notAStay"]').first().waitFor();
        await page.getByTestId('calendar-double-booking').first().waitFor();
        await page.locator('#feeds').getByTestId('feed-detected-channel').first().waitFor();
        expect(await noOverflow(page)).toBeLessThanOrEqual(0);
        expect(await page.locator('main').innerText()).not.toMatch(/\b(reservations|dashboard|calendar)\.[a-z]+[A-Za-z.]*/);
        await screenshot(page, `channel-calendars-property-${language}-${size}`);
        await page.goto('/');
        await page.getByTestId('double-bookings-card').waitFor();
        expect(await noOverflow(page)).toBeLessThanOrEqual(0);
        expect(await page.locator('main').innerText()).not.toMatch(/\bdashboard\.[a-z]+/);
        await screenshot(page, `channel-calendars-dashboard-${language}-${size}`);
      }
    }
    await switchPage(page, { language: 'en', viewport: DESKTOP });

    // Resolved: the manager cancels the Airbnb stay (the guest was moved); the card goes away.
    const stays = (await (await page.request.get(`/api/reservations?propertyId=${property.id}`)).json()) as Array<{ id: string; guestName: string; conflictWith?: string[] }>;
    const airbnbStay = stays.find((stay) => stay.conflictWith?.includes(helena.id));
    expect(airbnbStay).toBeDefined();
    expect((await page.request.post(`/api/reservations/${airbnbStay!.id}/cancel`, { data: { reason: 'Moved to another house' } })).status()).toBe(200);
    await page.goto('/');
    await page.getByRole('heading', { level: 2, name: 'Recent Tasks' }).waitFor();
    await page.getByTestId('double-bookings-card').waitFor({ state: 'detached' });
    await openProperty(page, property);
    await showMonth(page);
    expect(await page.locator(`[data-testid="calendar-reservation"][data-reservation-id="${helena.id}"]`).first().getAttribute('data-state')).toBe('confirmed');
    expect(await page.getByTestId('calendar-double-booking').count()).toBe(0);
    await page.locator('#feeds').getByTestId('calendar-feed').nth(2).waitFor();
    expect(await page.locator('#feeds').getByTestId('feed-double-booked').count()).toBe(0);

    // The PMS cancels Marie's stay: flagged "cancelled in the channel" for a manager, who cancels it here too.
    channel.set(routes.pms, { body: PMS.replace('STATUS:TENTATIVE', 'STATUS:CANCELLED'), contentType: 'text/calendar; charset=utf-8' });
    await page.locator('#feeds').getByRole('button', { name: 'Sync now' }).click();
    await toast(page, /^Calendars synced/).first().waitFor();
    const flagged = page.getByTestId('flagged-reservations');
    await flagged.getByText('1 booking was cancelled in its channel').waitFor();
    const marie = flagged.locator('[data-testid="flagged-reservation"][data-state="cancelled_in_feed"]');
    expect(await marie.innerText()).toContain('Marie Lefèvre');
    expect(await marie.innerText()).toContain('Cancelled in the channel');
    await page.locator(`[data-testid="calendar-reservation"][data-state="flagged"]`).filter({ hasText: 'Marie Lefèvre' }).first().waitFor();
    await screenshot(page, 'channel-calendars-cancelled-in-channel-en');
    await marie.getByRole('button', { name: 'Cancel reservation' }).click();
    await page.getByRole('dialog', { name: 'Cancel reservation' }).getByRole('button', { name: 'Yes, cancel it' }).click();
    await toast(page, 'Reservation cancelled').waitFor();
    await flagged.waitFor({ state: 'detached' });
  });
});
