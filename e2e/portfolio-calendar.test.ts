// The portfolio calendar in a real browser (issue 40 point 1): a manager opens /calendar at a date,
// moves through the days (the address follows), drags across free nights to add a block, chooses
// nights with the keyboard for an owner stay and a direct booking (the property calendar's own
// reservation dialog), searches a guest; a phone gets a day list per property; the screen speaks
// Portuguese and Spanish. The company's data is created through the API.
import type { Locator, Page } from 'playwright-core';
import { addDays, localDay } from '../shared/days';
import { zonedInstant } from '../shared/rules';
import { createTestCompany, type Member, type TestCompany } from '../tests/support/fixtures';
import { STARTUP_TIMEOUT_MS, screenshot, startTestApp, type TestApp } from './support/app';
import { api } from './support/api';

const NY = 'America/New_York';
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 900 };
/** The window opened: ten days ahead (company zone), so every stay is in the future. */
const FROM = addDays(localDay(new Date(), NY), 10);
const d = (i: number) => addDays(FROM, i);

let app: TestApp;
beforeAll(async () => {
  // A test's page, cleaned, is lent to the later tests that ask for the same language and size; the
  // tests leave their pages open for that (the harness closes or cleans them when each test ends).
  app = await startTestApp({ reusePages: true });
}, STARTUP_TIMEOUT_MS);
afterAll(async () => app?.close());

interface World {
  company: TestCompany;
  manager: Member;
  casa: string;
  flat: string;
}

let shared: World | undefined;

async function world(): Promise<World> {
  if (shared) return shared;
  const company = await createTestCompany({ name: 'Portfolio Stays' });
  const manager = await company.add('operational_manager');
  const page = await app.signedInPage(manager.user.email, { language: 'en' });
  const casa = (await api<{ id: string }>(page, 'POST', '/api/properties', { name: 'Casa Azul', address: 'Rua Augusta 10, Lisboa' })).id;
  const flat = (await api<{ id: string }>(page, 'POST', '/api/properties', { name: 'Flat Verde', address: 'Calle Mayor 3, 28013 Madrid' })).id;
  await api(page, 'PUT', `/api/properties/${flat}/owner`, { name: 'Olga Owner', email: 'olga@example.com', language: 'en' });
  await api(page, 'POST', '/api/property-groups', { name: 'Lisbon homes', propertyIds: [casa] });
  await api(page, 'POST', '/api/reservations', { propertyId: casa, guestName: 'Ana Guest', checkinDate: d(1), checkoutDate: d(3), integrationSource: 'airbnb' });
  await api(page, 'POST', '/api/reservations', { propertyId: casa, guestName: 'Bruno Next', checkinDate: d(3), checkoutDate: d(5), integrationSource: 'booking' });
  await api(page, 'POST', '/api/tasks', { title: 'Deep clean', propertyId: flat, dueDate: zonedInstant(d(2), 10, 0, NY).toISOString() });
  shared = { company, manager, casa, flat };
  return shared;
}

const row = (page: Page, propertyId: string): Locator => page.locator(`[role="row"][data-property="${propertyId}"]`);
const cellOf = (page: Page, propertyId: string, day: string): Locator => row(page, propertyId).locator(`[role="gridcell"][data-day="${day}"]`);
async function windowFrom(page: Page): Promise<string | null> {
  return page.getByTestId('portfolio-window').getAttribute('data-from');
}

async function dragAcross(page: Page, from: Locator, to: Locator): Promise<void> {
  await from.scrollIntoViewIfNeeded();
  const start = (await from.boundingBox())!;
  await page.mouse.move(start.x + start.width / 2, start.y + start.height - 6);
  await page.mouse.down();
  const end = (await to.boundingBox())!;
  await page.mouse.move(end.x + end.width / 2, end.y + end.height - 6, { steps: 10 });
  await page.mouse.up();
}

describe('the portfolio calendar', () => {
  it('opens at ?from=, follows navigation in the address, and shows stays, same-day turnovers and tasks', async () => {
    const { manager, casa, flat } = await world();
    const page = await app.signedInPage(manager.user.email, { language: 'en' });
    await page.goto(`/calendar?from=${FROM}`);
    await page.getByRole('grid', { name: 'Stays and turnovers by property and night' }).waitFor();
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Calendar' }).waitFor();
    expect(await windowFrom(page)).toBe(FROM);
    await row(page, casa).getByText('Ana Guest · Airbnb').waitFor();
    await row(page, casa).getByText('Bruno Next · Booking.com').waitFor();
    await row(page, casa).getByRole('rowheader').getByText('Lisboa').waitFor();
    await row(page, flat).getByRole('rowheader').getByText('Madrid · Olga Owner').waitFor();
    // Ana leaves the morning Bruno arrives: a same-day turnover on that day.
    await cellOf(page, casa, d(3)).getByTestId('portfolio-same-day').waitFor();
    expect(await cellOf(page, casa, d(3)).getAttribute('aria-label')).toContain('same-day turnover');
    // The unassigned deep clean on its day; a free night says so.
    await cellOf(page, flat, d(2)).getByTestId('portfolio-task').filter({ hasText: 'Unassigned' }).waitFor();
    expect(await cellOf(page, flat, d(0)).getAttribute('aria-label')).toMatch(/^Flat Verde, .+: free night$/);
    await screenshot(page, 'portfolio-calendar-desktop');

    await page.getByTestId('portfolio-next').click();
    await page.waitForURL((url) => url.searchParams.get('from') === d(7));
    await page.waitForFunction((day) => document.querySelector('[data-testid="portfolio-window"]')?.getAttribute('data-from') === day, d(7));
    await page.getByTestId('portfolio-previous').click();
    await page.waitForURL((url) => url.searchParams.get('from') === FROM);
    await page.getByRole('button', { name: 'Today' }).click();
    await page.waitForURL((url) => !url.searchParams.has('from'));
    await page.waitForFunction((day) => document.querySelector('[data-testid="portfolio-window"]')?.getAttribute('data-from') === day, localDay(new Date(), NY));
    // 30 days keeps the first day shown.
    await page.goto(`/calendar?from=${FROM}`);
    await row(page, casa).getByText('Ana Guest · Airbnb').waitFor();
    await page.getByRole('combobox', { name: 'Days' }).click();
    await page.getByRole('option', { name: '30 days' }).click();
    await page.waitForURL((url) => url.searchParams.get('days') === '30' && url.searchParams.get('from') === FROM);
    await cellOf(page, casa, d(29)).waitFor();

    // A property group keeps its properties.
    await page.getByRole('combobox', { name: 'Group' }).click();
    await page.getByRole('option', { name: 'Lisbon homes' }).click();
    await page.waitForURL((url) => url.searchParams.has('group'));
    await row(page, flat).waitFor({ state: 'detached' });
    await row(page, casa).waitFor();
    await page.getByRole('combobox', { name: 'Group' }).click();
    await page.getByRole('option', { name: 'All' }).click();
    await row(page, flat).waitFor();

    // A guest search keeps the properties with a matching stay.
    await page.getByTestId('portfolio-search').fill('bruno');
    await page.waitForURL((url) => url.searchParams.get('q') === 'bruno');
    await row(page, flat).waitFor({ state: 'detached' });
    await row(page, casa).waitFor();
    await page.getByTestId('portfolio-search').fill('');
    await row(page, flat).waitFor();
  });

  it('adds a block by dragging across free nights, and an owner stay and a direct booking with the keyboard', async () => {
    const { manager, casa, flat } = await world();
    const page = await app.signedInPage(manager.user.email, { language: 'en' });
    await page.goto(`/calendar?from=${FROM}`);
    await row(page, flat).waitFor();

    // Mouse: drag across three free nights of the flat, choose "Block".
    await dragAcross(page, cellOf(page, flat, d(5)), cellOf(page, flat, d(7)));
    const dialog = page.getByRole('dialog', { name: 'Add to Flat Verde' });
    await dialog.waitFor();
    await expect(dialog.getByTestId('portfolio-add-nights').textContent()).resolves.toMatch(/: 3 nights$/);
    await screenshot(page, 'portfolio-calendar-add', { fullPage: false });
    await dialog.getByRole('button', { name: /^Block/ }).click();
    const blockDialog = page.getByRole('dialog', { name: 'Block nights at Flat Verde' });
    await blockDialog.getByLabel('Note (optional)').fill('Boiler repair');
    await blockDialog.getByRole('button', { name: 'Save' }).click();
    await blockDialog.waitFor({ state: 'hidden' });
    await page.getByText('Nights blocked at Flat Verde').waitFor();
    await row(page, flat).locator('[data-testid="portfolio-bar"][data-kind="block"]').getByText('Boiler repair').waitFor();
    expect(await cellOf(page, flat, d(6)).getAttribute('aria-label')).toContain('blocked: Boiler repair');
    expect(await cellOf(page, flat, d(8)).getAttribute('data-free')).toBe('true');

    // Keyboard: focus a free night, Shift+Right twice (stops at nothing taken), Enter: an owner stay.
    await cellOf(page, casa, d(5)).focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Shift+ArrowRight');
    await page.keyboard.press('Shift+ArrowRight');
    await cellOf(page, casa, d(8)).and(page.locator('[aria-selected="true"]')).waitFor();
    expect(await cellOf(page, casa, d(5)).getAttribute('aria-selected')).toBe('false');
    await page.keyboard.press('Enter');
    const ownerChoice = page.getByRole('dialog', { name: 'Add to Casa Azul' });
    await expect(ownerChoice.getByTestId('portfolio-add-nights').textContent()).resolves.toMatch(/: 3 nights$/);
    await ownerChoice.getByRole('button', { name: /^Owner stay/ }).click();
    await page.getByRole('dialog', { name: 'Owner stay at Casa Azul' }).getByRole('button', { name: 'Save' }).click();
    await page.getByText('Owner stay added at Casa Azul').waitFor();
    await row(page, casa).locator('[data-testid="portfolio-bar"][data-kind="owner"]').getByText('Owner stay').waitFor();
    // Closed without a note, its nights are an "owner stay", not "owner stay: Owner stay".
    const ownerNight = await cellOf(page, casa, d(6)).getAttribute('aria-label');
    expect(ownerNight).toContain(': owner stay');
    expect(ownerNight).not.toContain('owner stay: ');

    // Shift+Left from the first night before Ana's stay cannot cross it; a direct booking on one night
    // goes through the property calendar's reservation dialog.
    await cellOf(page, casa, d(0)).focus();
    await page.keyboard.press('Enter');
    const bookingChoice = page.getByRole('dialog', { name: 'Add to Casa Azul' });
    await expect(bookingChoice.getByTestId('portfolio-add-nights').textContent()).resolves.toMatch(/: 1 night$/);
    await bookingChoice.getByRole('button', { name: /^Direct booking/ }).click();
    const reservation = page.getByRole('dialog', { name: 'Add reservation' });
    await reservation.getByLabel('Guest name').fill('Carla Direct');
    await reservation.getByRole('button', { name: 'Add reservation' }).click();
    await reservation.waitFor({ state: 'hidden' });
    await row(page, casa).getByText('Carla Direct · Direct').waitFor();
    await screenshot(page, 'portfolio-calendar-after');

    // The nights are taken on the server too: a reload shows all three.
    await page.reload();
    await row(page, casa).getByText('Carla Direct · Direct').waitFor();
    await row(page, flat).getByText('Boiler repair').waitFor();
  });

  it('lists the days per property on a phone', async () => {
    const { manager, casa } = await world();
    const page = await app.switchedPage(manager.user.email, { language: 'en', viewport: PHONE });
    await page.goto(`/calendar?from=${FROM}`);
    const list = page.getByTestId('portfolio-day-list');
    await list.waitFor();
    expect(await page.getByRole('grid').count()).toBe(0);
    const casaDays = list.getByRole('region', { name: 'Days at Casa Azul' });
    await casaDays.getByText('Ana Guest arrives (Airbnb)').waitFor();
    await casaDays.locator(`li[data-day="${d(3)}"]`).getByText('Same-day turnover', { exact: false }).waitFor();
    await casaDays.locator(`li[data-day="${d(3)}"]`).getByText('Ana Guest leaves').waitFor();
    // The owner stay the test before closed without a note, and the block it named.
    await casaDays.locator(`li[data-day="${d(6)}"]`).getByText('Owner stay', { exact: true }).waitFor();
    await list.getByRole('region', { name: 'Days at Flat Verde' }).locator(`li[data-day="${d(6)}"]`).getByText('Blocked: Boiler repair', { exact: true }).waitFor();
    // A free night (none of the tests books the twelfth day) offers to add something there.
    const free = casaDays.locator(`li[data-day="${d(12)}"]`);
    expect(await free.getAttribute('data-free')).toBe('true');
    await free.getByRole('button', { name: /^Add on Casa Azul, / }).click();
    await page.getByRole('dialog', { name: 'Add to Casa Azul' }).getByTestId('portfolio-add-nights').getByText(/: 1 night$/).waitFor();
    await page.getByRole('button', { name: 'Cancel' }).click();
    expect(await row(page, casa).count()).toBe(0);
    await screenshot(page, 'portfolio-calendar-phone', { fullPage: false });
  });

  it.each([
    ['pt', 'Calendário', 'Estadias e limpezas por propriedade e noite', 'Dias anteriores', 'Estadia do proprietário'],
    ['es', 'Calendario', 'Estancias y limpiezas por propiedad y noche', 'Días anteriores', 'Estancia del propietario'],
  ] as const)('speaks %s', async (language, title, grid, previous, ownerStay) => {
    const { manager, casa } = await world();
    const page = await app.switchedPage(manager.user.email, { language, viewport: DESKTOP });
    await page.goto(`/calendar?from=${FROM}`);
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    await page.getByRole('grid', { name: grid }).waitFor();
    await page.getByRole('button', { name: previous }).waitFor();
    // The owner stay closed without a note in English (above) is named in this page's language.
    await row(page, casa).locator('[data-testid="portfolio-bar"][data-kind="owner"]').getByText(ownerStay, { exact: true }).waitFor();
    await screenshot(page, `portfolio-calendar-${language}`);
  });

  it('is Not Found for staff', async () => {
    const { company } = await world();
    const staff = await company.add('staff');
    const page = await app.signedInPage(staff.user.email, { language: 'en' });
    await page.goto('/calendar');
    await page.getByRole('heading', { name: /not found/i }).waitFor();
    expect(await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Calendar' }).count()).toBe(0);
  });
});
