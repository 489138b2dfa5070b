// The bell in a real browser, against the local product and its demo data: a task the CEO assigns
// to the staff member shows on the staff member's bell (count 1, the task in the list, in their
// language), and opening the bell clears the count. On a phone the bell is in the app bar.
import type { Page } from 'playwright-core';
import { STARTUP_TIMEOUT_MS, screenshot, startTestApp, type TestApp } from './support/app';

const CEO = 'ceo@demo.rentalops.test';
const STAFF = 'staff@demo.rentalops.test';
const PHONE = { width: 390, height: 844 };

let app: TestApp;
beforeAll(async () => {
  // The first test's pages, cleaned, are the second's (the CEO's that assigns the task, and the phone:
  // see app.switchedPage), instead of new browser contexts.
  app = await startTestApp({ reusePages: true });
}, STARTUP_TIMEOUT_MS);
afterAll(async () => app?.close());

async function signedIn(email: string, options: Parameters<TestApp['signedInPage']>[1] = {}): Promise<Page> {
  const page = await app.signedInPage(email, options);
  return page;
}

const bell = (page: Page, count: number | string) => page.getByRole('button', { name: `Notifications: ${count} unread` }).or(page.getByRole('button', { name: `Notificações: ${count} ${count === 1 ? 'não lida' : 'não lidas'}` }));

/** Opens the bell (which marks what it shows read) and closes it again, so the test starts from 0. */
async function clearBell(page: Page): Promise<void> {
  const button = page.getByTestId('notification-bell').filter({ visible: true });
  await button.waitFor();
  await button.click();
  await page.getByRole('dialog').waitFor();
  await page.keyboard.press('Escape');
  await page.getByRole('dialog').waitFor({ state: 'hidden' });
}

async function assignToStaff(title: string): Promise<string> {
  const ceo = await signedIn(CEO);
  const team = (await (await ceo.request.get('/api/team')).json()) as Array<{ id: string; email: string }>;
  const staff = team.find((member) => member.email === STAFF)!;
  const properties = (await (await ceo.request.get('/api/properties')).json()) as Array<{ id: string }>;
  const created = await ceo.request.post('/api/tasks', {
    data: { type: 'cleaning', title, propertyId: properties[0].id, assignedUserId: staff.id, dueDate: new Date(Date.now() + 86_400_000).toISOString() },
  });
  expect(created.status()).toBe(201);
  return ((await created.json()) as { id: string }).id;
}

describe('the bell', () => {
  it("shows the staff member a task assigned to them (count 1), and opening it clears the count", async () => {
    const page = await signedIn(STAFF, { language: 'en' });
    await page.goto('/my-day');
    await clearBell(page);
    await bell(page, 0).waitFor();

    const taskId = await assignToStaff('E2E bell: balcony cleaning');
    await page.reload();
    await bell(page, 1).waitFor();
    await bell(page, 1).click();
    const dialog = page.getByRole('dialog', { name: 'Notifications' });
    const item = dialog.getByTestId('inbox-item').first();
    await item.waitFor();
    expect(await item.innerText()).toContain('Carolina Mendes assigned you “E2E bell: balcony cleaning”');
    expect(await item.getAttribute('href')).toBe(`/tasks/${taskId}`);
    await screenshot(page, 'bell-en');
    // While the list is open the rest of the page is inert (a dialog); closed, the bell says 0.
    await page.keyboard.press('Escape');
    await bell(page, 0).waitFor();

    // The server agrees: nothing unread after a reload.
    const inbox = (await (await page.request.get('/api/me/inbox')).json()) as { unread: number };
    expect(inbox.unread).toBe(0);
    await page.reload();
    await bell(page, 0).waitFor();
  });

  it('is in the app bar on a phone, in the interface language', async () => {
    const page = await app.switchedPage(STAFF, { language: 'pt', viewport: PHONE });
    await page.goto('/my-day');
    await clearBell(page);
    await assignToStaff('E2E sino: limpeza da varanda');
    await page.reload();
    const button = bell(page, 1);
    await button.waitFor();
    const box = await button.boundingBox();
    expect(box && box.y < 80).toBe(true); // in the app bar at the top
    await button.click();
    const item = page.getByRole('dialog', { name: 'Notificações' }).getByTestId('inbox-item').first();
    expect(await item.innerText()).toContain('Carolina Mendes atribuiu a você “E2E sino: limpeza da varanda”');
    await page.keyboard.press('Escape');
    await bell(page, 0).waitFor();
  });
});
