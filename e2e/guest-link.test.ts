// The guest's "we have left" (issue 40 point 4) in a real browser: the tiny static page at
// /g/<token> on a phone-sized screen, in the browser's language (English and Portuguese here),
// pressing the button with a note (then the page says it is done, and again when reopened), the
// too-early and unknown-link states; and the office's side, the stay's dialog with the link to copy,
// its QR code and the channel's sentence in pt/en/es. Works on a company of its own.
import type { Locator, Page } from 'playwright-core';
import { addDays, localDay } from '#shared/days';
import { createCompanyWithOwner } from '../functions/data/repositories/companies';
import { createProperty } from '../functions/data/repositories/properties';
import { api } from './support/api';
import { pngPicture } from './support/images';
import { STARTUP_TIMEOUT_MS, screenshot, startTestApp, type TestApp } from './support/app';
import { eventually } from './support/eventually';

let app: TestApp;
beforeAll(async () => {
  // A test's page, cleaned, is lent to the later tests that ask for the same language and size (each
  // test's office page, the English phone); a page whose context went offline or got clipboard
  // permissions is closed instead (e2e/support/app.ts).
  app = await startTestApp({ reusePages: true });
}, STARTUP_TIMEOUT_MS);
afterAll(async () => app?.close());

const TZ = 'America/New_York';
const PHONE = { width: 390, height: 844 };
const today = () => localDay(new Date(), TZ);

async function ownCompany() {
  const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const email = `ceo.${tag}@guest.rentalops.test`;
  const { company } = await createCompanyWithOwner({ company: { name: `Guest ${tag}`, plan: 'professional' }, owner: { email, firstName: 'Inês', lastName: 'Duarte', role: 'ceo' } });
  const property = await createProperty({ companyId: company.id, plan: 'professional', unlimited: false }, { name: `Casa ${tag}`, address: 'Rua das Flores 1, Porto' });
  const office = await app.signedInPage(email, { language: 'en' });
  return { office, property, tag };
}

/**
 * Clicks `target` until `shown` appears: at most three clicks, each given 10 s to be made and 5 s to
 * show. Twice in full CI-like runs (lane 1 under load) this dialog's controls did not react: on
 * 2026-12-06 a message language's pressed state never came after a click; on 2026-12-07 the click on
 * the guest link's toggle waited 30 s for the button to be stable (Playwright's check, made on
 * animation frames: the page drew none meanwhile). The cause was not found (docs/test-time.md,
 * "Flakes seen"): a click lost under load does not fail the run, a control that never takes one does.
 */
async function clickUntil(target: Locator, shown: Locator, what: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    const clicked = await target.click({ timeout: 10_000 }).then(() => true, () => false);
    if (clicked && (await shown.waitFor({ timeout: 5_000 }).then(() => true, () => false))) return;
    if (attempt === 3) throw new Error(`${what} did not take three clicks (${clicked ? 'what it shows never appeared' : 'the click could not be made'})`);
  }
}

async function stayWithLink(office: Page, propertyId: string, guestName: string, checkin: string, checkout: string) {
  const stay = await api<{ id: string; turnoverTaskId: string }>(office, 'POST', '/api/reservations', { propertyId, guestName, checkinDate: checkin, checkoutDate: checkout, integrationSource: 'airbnb' });
  const link = await api<{ url: string }>(office, 'GET', `/api/reservations/${stay.id}/guest-link`);
  return { stay, path: new URL(link.url).pathname };
}

describe('the guest page', () => {
  it('lets a guest on a phone press "We have left" in English, with a note and a photo; reopened, it says it is recorded; the turnover has guestLeftAt', async () => {
    const { office, property, tag } = await ownCompany();
    const guestName = `Emma Private ${tag}`;
    // Checking out today: the button works from 18:00 yesterday until today ends (company time).
    const { stay, path } = await stayWithLink(office, property.id, guestName, addDays(today(), -2), today());
    const phone = await app.newPage({ language: 'en', viewport: PHONE });
    await phone.goto(path);
    await phone.getByRole('heading', { level: 1, name: property.name }).waitFor();
    await phone.getByText(/^Checkout .* at 11:00$/).waitFor();
    expect(await phone.content()).not.toContain(guestName);
    const button = phone.getByRole('button', { name: 'We have left' });
    // A big button, the width of the phone's column.
    const box = await button.boundingBox();
    expect(box!.height).toBeGreaterThanOrEqual(64);
    expect(box!.width).toBeGreaterThan(PHONE.width * 0.8);
    await phone.getByText('Add a note or a photo (optional)').click();
    await phone.getByLabel('A note for us (where the keys are, something broken…)').fill('Keys are in the box by the door. The lamp broke.');
    await phone.getByLabel('One photo of something broken').setInputFiles({ name: 'lamp.png', mimeType: 'image/png', buffer: pngPicture(64, 48, [200, 80, 40]) });
    await screenshot(phone, 'guest-link-phone-en', { fullPage: false });
    await button.click();
    await phone.getByText(/^Thank you! Recorded at \d{2}:\d{2}\. Have a safe trip\.$/).waitFor();

    const turnover = await api<{ guestLeftAt?: string }>(office, 'GET', `/api/tasks/${stay.turnoverTaskId}`);
    expect(turnover.guestLeftAt).toBeTruthy();
    // The photo (uploaded straight to the bucket from the phone) is on the maintenance task it became.
    const work = await api<Array<{ id: string; sourceTaskId?: string; description?: string }>>(office, 'GET', `/api/tasks?propertyId=${property.id}&type=maintenance`);
    const broken = work.find((task) => task.sourceTaskId === stay.turnoverTaskId);
    expect(broken?.description).toBe('Keys are in the box by the door. The lamp broke.');
    const withPhoto = await api<{ photos: Array<{ url: string }> }>(office, 'GET', `/api/tasks/${broken!.id}`);
    expect(withPhoto.photos).toHaveLength(1);

    await phone.reload();
    await phone.getByText(/^Already recorded at \d{2}:\d{2}\. Thank you!$/).waitFor();
    expect(await phone.getByRole('button', { name: 'We have left' }).count()).toBe(0);

    // The turnover has no assignee: the office's bell says it, at the time of day they left.
    for (let tries = 0; ; tries++) {
      const inbox = await api<{ items: Array<{ kind: string }> }>(office, 'GET', '/api/me/inbox');
      if (inbox.items.some((item) => item.kind === 'guests_left') || tries === 40) break;
      await office.waitForTimeout(250);
    }
    await office.goto('/');
    await office.getByTestId('notification-bell').click();
    await office.getByText(new RegExp(`^The guests left ${property.name} at \\d{1,2}:\\d{2}\\s?[AP]M( \\w+)?: you can start “`)).waitFor();
    // The portfolio calendar on a desktop: the stay's bar has the walking mark and says when in its
    // title, and checkout day's cell says it to a screen reader.
    await office.goto(`/calendar?from=${addDays(today(), -2)}`);
    const row = office.locator(`[data-testid="portfolio-row"][data-property="${property.id}"]`);
    const bar = row.locator(`[data-testid="portfolio-bar"][data-stay="${stay.id}"]`);
    await bar.getByTestId('portfolio-bar-left').waitFor();
    expect(await bar.getAttribute('title')).toMatch(new RegExp(`^${guestName} · Airbnb · left at \\d{1,2}:\\d{2}`));
    expect(await row.locator(`[role="gridcell"][data-day="${today()}"]`).getAttribute('aria-label')).toMatch(new RegExp(`${guestName} left at \\d{1,2}:\\d{2}`));
    await screenshot(office, 'portfolio-calendar-guests-left', { fullPage: false });
    // The portfolio calendar on a phone: today's line says when they left, not that they leave.
    await office.setViewportSize(PHONE);
    await office.goto('/calendar');
    await office.getByTestId('portfolio-day-list').getByText(new RegExp(`^${guestName} left at \\d{1,2}:\\d{2}`)).waitFor();
    // with the legend's walking mark, as on the desktop's bar.
    expect(await office.getByTestId('portfolio-day-list').locator('.pdl-leaves[data-left] svg').count()).toBe(1);
  });

  it('speaks Brazilian Portuguese to a Brazilian browser: the button, too early for a later stay, and an unknown link', async () => {
    const { office, property, tag } = await ownCompany();
    const { path } = await stayWithLink(office, property.id, `Ana ${tag}`, addDays(today(), -1), today());
    const phone = await app.newPage({ language: 'pt', viewport: PHONE });
    await phone.goto(path);
    await phone.getByRole('heading', { level: 1, name: property.name }).waitFor();
    expect(await phone.evaluate(() => document.documentElement.lang)).toBe('pt-BR');
    await phone.getByRole('button', { name: 'Já saímos' }).click();
    await phone.getByText(/^Obrigado! Registrado às \d{2}:\d{2}\. Boa viagem\.$/).waitFor();
    await screenshot(phone, 'guest-link-phone-pt', { fullPage: false });

    const later = await stayWithLink(office, property.id, `Bruno ${tag}`, addDays(today(), 3), addDays(today(), 6));
    await phone.goto(later.path);
    await phone.getByText(/^Ainda é cedo: este botão funciona a partir das 18:00 de .+, a véspera da saída\.$/).waitFor();
    expect(await phone.getByRole('button', { name: 'Já saímos' }).count()).toBe(0);

    await phone.goto(`/g/${'A'.repeat(43)}`);
    await phone.getByText('Este link não é válido (pode ter sido substituído). Peça o link atual ao anfitrião.').waitFor();
  });

  it('says so, and sends nothing, when the phone has no connection; the retry works once it is back', async () => {
    const { office, property, tag } = await ownCompany();
    const { path } = await stayWithLink(office, property.id, `Carla ${tag}`, addDays(today(), -1), today());
    const phone = await app.newPage({ language: 'en', viewport: PHONE });
    await phone.goto(path);
    const button = phone.getByRole('button', { name: 'We have left' });
    await button.waitFor();
    await phone.context().setOffline(true);
    await button.click();
    await phone.getByText('No connection: nothing was sent. Check your connection and try again.').waitFor();
    await phone.context().setOffline(false);
    await phone.getByRole('button', { name: 'We have left' }).click();
    await phone.getByText(/^Thank you! Recorded at/).waitFor();
  });
});

describe("the office's guest link", () => {
  it("shows the stay's link to copy, its QR code and the channel's sentence in pt, en and es", async () => {
    const { office, property, tag } = await ownCompany();
    const guest = `Dora ${tag}`;
    const { stay } = await stayWithLink(office, property.id, guest, addDays(today(), 1), addDays(today(), 3));
    const link = await api<{ url: string }>(office, 'GET', `/api/reservations/${stay.id}/guest-link`);
    await office.goto(`/properties/${property.id}`);
    await office.getByRole('heading', { level: 1, name: property.name }).waitFor();
    await office.getByRole('button', { name: `Edit reservation: ${guest}` }).click();
    const dialog = office.getByRole('dialog', { name: 'Edit reservation' });
    // The toggle's own state first (the link it then shows is read from the server, which takes longer).
    await clickUntil(dialog.getByRole('button', { name: "Guest's checkout link" }), dialog.locator('button[aria-expanded="true"]', { hasText: "Guest's checkout link" }), "The guest link's toggle");
    const field = dialog.getByRole('textbox', { name: 'Guest link' });
    await field.waitFor();
    expect(await field.inputValue()).toBe(link.url);
    await dialog.getByRole('img', { name: 'QR code of the guest link' }).locator('svg').waitFor();
    expect(await dialog.getByRole('button', { name: 'Print QR code' }).isEnabled()).toBe(true);
    const message = dialog.getByTestId('guest-link-message');
    expect(await message.inputValue()).toContain(link.url);
    expect(await message.inputValue()).toMatch(/^When you leave/);
    // The sentence changes on React's next render after the click; read it once it has (a loaded CI
    // machine read the English one straight after the click).
    const showIn = async (language: 'PT' | 'ES', sentence: RegExp) => {
      await clickUntil(dialog.getByRole('button', { name: language, exact: true }), dialog.locator(`button[aria-pressed="true"]`, { hasText: language }), `The ${language} button`);
      await eventually(async () => sentence.test(await message.inputValue()), 5_000).catch(() => undefined);
      expect(await message.inputValue()).toMatch(sentence);
    };
    await showIn('PT', /^Quando sair de .* toque em "Já saímos" aqui/);
    await showIn('ES', /^Cuando salgáis/);
    await office.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await dialog.getByRole('button', { name: 'Copy', exact: true }).click();
    await dialog.getByRole('button', { name: 'Copied' }).waitFor();
    expect(await office.evaluate(() => navigator.clipboard.readText())).toBe(link.url);
    await screenshot(office, 'guest-link-office', { fullPage: false });
  });
});
