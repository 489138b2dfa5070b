// The staff member's day without signal (issue 19), in Chromium on a phone against the built site:
// the service worker keeps the app and the day, what is done offline (start, ticks, a photo,
// complete) waits on the phone in order and survives a reload, and once the signal is back the
// server has each action exactly once (checked through the API: the task, its checklist, its photos
// and its history). When the office changed the task meanwhile, the refused action stays on screen.
//
// Each test works in a company of its own (fixtures), so the demo company's counts stay as they are.
import { addDays, localDay } from '../shared/days';
import { zonedInstant } from '../shared/rules';
import type { Page, Route } from 'playwright-core';
import { createTestCompany, type Member } from '../tests/support/fixtures';
import { STARTUP_TIMEOUT_MS, screenshot, startTestApp, type TestApp } from './support/app';
import { pngPicture } from './support/images';
import { api } from './support/api';


let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
}, STARTUP_TIMEOUT_MS);
afterAll(async () => app?.close());

const PHONE = { width: 390, height: 844 };
const ITEMS = [
  { description: 'Change bed linen and towels', required: true },
  { description: 'Clean bathroom and kitchen', required: true },
  { description: 'Check for damage', required: true },
  { description: 'Take out the trash', required: false },
];

interface TaskJson {
  id: string;
  type: string;
  title: string;
  description: string | null;
  propertyId: string;
  assignedUserId: string | null;
  status: string;
  dueDate: string | null;
  photos?: unknown[];
}

/**
 * Two hours from now, or a minute before midnight in the company's zone (America/New_York, a new
 * company's) when that comes first: a task of today, which My day shows whole. (Two hours from
 * 22:00 in New York is tomorrow's task, a collapsed row; the file failed every evening there.)
 */
function laterToday(timeZone = 'America/New_York'): string {
  const now = Date.now();
  const midnight = zonedInstant(addDays(localDay(new Date(now), timeZone), 1), 0, 0, timeZone).getTime();
  return new Date(now + Math.max(0, Math.min(2 * 3_600_000, midnight - now - 60_000))).toISOString();
}

/** A company with a manager and a cleaner, and a cleaning task for the cleaner later today, with a checklist. */
async function world(name: string): Promise<{ staff: Member; managerPage: Page; task: TaskJson }> {
  const company = await createTestCompany({ name: `${name} Stays` });
  const manager = await company.add('operational_manager');
  const staff = await company.add('staff');
  const managerPage = await app.signedInPage(manager.user.email, { language: 'en' });
  const property = await api<{ id: string }>(managerPage, 'POST', '/api/properties', { name, address: 'Rua das Flores 12, Lisboa' });
  await api(managerPage, 'PUT', `/api/properties/${property.id}/checklist-template`, { items: ITEMS });
  const task = await api<TaskJson>(managerPage, 'POST', '/api/tasks', {
    type: 'cleaning',
    title: `Turnover cleaning — ${name}`,
    propertyId: property.id,
    assignedUserId: staff.user.id,
    dueDate: laterToday(),
  });
  await api(managerPage, 'POST', `/api/tasks/${task.id}/checklist`, {});
  return { staff, managerPage, task };
}

/** Signs in on a phone, lands on My day, and waits until the service worker keeps the day for offline use. */
async function onMyDay(email: string, taskTitle: string): Promise<Page> {
  const page = await app.signedInPage(email, { language: 'en', viewport: PHONE, serviceWorkers: 'allow' });
  await page.goto('/');
  await page.waitForURL('**/my-day');
  await page.getByRole('article', { name: taskTitle }).waitFor();
  await page.waitForFunction(() => navigator.serviceWorker?.controller != null);
  const kept = () =>
    page.evaluate(async () => {
      const keys = await (await caches.open('rentalops-api-v1')).keys();
      return keys.some((request) => request.url.includes('/api/me/tasks')) && keys.some((request) => request.url.endsWith('/api/auth/user'));
    });
  const deadline = Date.now() + 20_000;
  while (!(await kept())) {
    if (Date.now() > deadline) throw new Error('The service worker did not keep the day');
    await page.waitForTimeout(200);
  }
  return page;
}

const status = (page: Page) => page.getByRole('status', { name: 'Sending to the office' });

describe('my day without signal', () => {
  it('keeps start, ticks, a photo and complete on the phone through a reload, then the server has each exactly once', async () => {
    const { staff, managerPage, task } = await world('Casa Azul');
    const page = await onMyDay(staff.user.email, task.title);
    const card = page.getByRole('article', { name: task.title });

    await page.context().setOffline(true);
    await card.getByRole('button', { name: 'Start' }).click();
    await card.getByText('In progress', { exact: true }).waitFor();
    await status(page).getByText('Saved on this phone - 1 waiting to send').waitFor();

    for (const item of ITEMS.filter((entry) => entry.required)) {
      await card.getByRole('checkbox', { name: new RegExp(`^${item.description}`) }).check();
    }
    const chooser = page.waitForEvent('filechooser');
    await card.getByRole('button', { name: 'Add photo' }).click();
    await (await chooser).setFiles({ name: 'bedroom.png', mimeType: 'image/png', buffer: pngPicture(320, 240, [60, 140, 230]) });
    await card.getByRole('img', { name: /Waiting to send/ }).waitFor();
    const tapped = Date.now();
    await card.getByRole('button', { name: 'Complete' }).click();
    await card.getByText('Done', { exact: true }).waitFor();
    await status(page).getByText('Saved on this phone - 6 waiting to send').waitFor();

    // Nothing reached the server yet.
    expect((await api<TaskJson>(managerPage, 'GET', `/api/tasks/${task.id}`)).status).toBe('pending');

    // Reload without signal: the app and the day come from the phone, with what waits laid over it.
    await page.reload();
    await page.getByRole('heading', { name: 'My day', level: 1 }).waitFor();
    await card.getByText('Done', { exact: true }).waitFor();
    await status(page).getByText('Saved on this phone - 6 waiting to send').waitFor();
    // The day is the service worker's copy, and the screen says when it was loaded.
    expect(await page.getByTestId('offline-copy').innerText()).toMatch(/^No signal: this is your day as loaded on this phone on [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2}\s?[AP]M [A-Z]{2,4}\./);
    expect(await card.getByRole('checkbox', { name: /^Check for damage/ }).isChecked()).toBe(true);
    await screenshot(page, 'my-day-offline-en');

    // Back online (some seconds after the tap): sent in order, then "Sent".
    await page.waitForTimeout(Math.max(0, tapped + 4_000 - Date.now()));
    const reconnected = Date.now();
    await page.context().setOffline(false);
    await status(page).getByText('Sent', { exact: true }).waitFor({ timeout: 60_000 });
    await screenshot(page, 'my-day-sent-en');

    const server = await api<TaskJson & { completedAt: string | null }>(managerPage, 'GET', `/api/tasks/${task.id}`);
    expect(server.status).toBe('completed');
    expect(server.photos).toHaveLength(1);
    // Done when she tapped Complete, not when the signal came back (the queue sends each action's age).
    expect(Date.parse(server.completedAt!)).toBeLessThan(tapped + 2_000);
    expect(Date.parse(server.completedAt!)).toBeLessThan(reconnected);
    const checklist = await api<{ items: Array<{ description: string; isCompleted: boolean }> }>(managerPage, 'GET', `/api/tasks/${task.id}/checklist`);
    expect(checklist.items.map((item) => [item.description, item.isCompleted])).toEqual(ITEMS.map((item) => [item.description, item.required]));
    const history = await api<Array<{ action: string }>>(managerPage, 'GET', `/api/tasks/${task.id}/history`);
    const count = (action: string) => history.filter((entry) => entry.action === action).length;
    expect({ started: count('started'), ticked: count('item_ticked'), photos: count('photo_added'), completed: count('completed') }).toEqual({
      started: 1,
      ticked: 3,
      photos: 1,
      completed: 1,
    });
  });

  it("says the day is the phone's copy, and when it was loaded, where the browser still claims a network", async () => {
    const { staff, task } = await world('Casa Amarela');
    const page = await onMyDay(staff.user.email, task.title);
    await expect(page.getByTestId('offline-copy').count()).resolves.toBe(0);
    // A Wi-Fi with no internet: navigator.onLine stays true, every request fails.
    // (Both handlers may meet one request, the page's and the context's: a clean-clone run failed with
    // "Route is already handled!" when the second aborted it too; either abort is the same no-signal.)
    const noSignal = (route: Route) => route.abort('internetdisconnected').catch(() => undefined);
    await page.route('**/api/**', noSignal);
    await page.context().route('**/api/**', noSignal);
    await page.reload();
    await page.getByRole('article', { name: task.title }).waitFor();
    expect(await page.evaluate(() => navigator.onLine)).toBe(true);
    const copy = page.getByTestId('offline-copy');
    await copy.waitFor();
    expect(await copy.innerText()).toMatch(/^No signal: this is your day as loaded on this phone on [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2}\s?[AP]M [A-Z]{2,4}\./);
    // Signal back: the server answers the next read and the notice goes.
    await page.unroute('**/api/**');
    await page.context().unroute('**/api/**');
    await page.reload();
    await page.getByRole('article', { name: task.title }).waitFor();
    await copy.waitFor({ state: 'detached' });
  });

  it('keeps an action the office made impossible meanwhile, and says what happened', async () => {
    const { staff, managerPage, task } = await world('Casa Verde');
    const page = await onMyDay(staff.user.email, task.title);
    const card = page.getByRole('article', { name: task.title });

    await page.context().setOffline(true);
    await card.getByRole('button', { name: 'Start' }).click();
    await status(page).getByText('Saved on this phone - 1 waiting to send').waitFor();

    // Meanwhile the office cancels the task.
    const current = await api<TaskJson>(managerPage, 'GET', `/api/tasks/${task.id}`);
    const { type, title, description, propertyId, assignedUserId, dueDate } = current;
    await api(managerPage, 'PUT', `/api/tasks/${task.id}`, { type, title, description, propertyId, assignedUserId, dueDate, status: 'cancelled' });

    await page.context().setOffline(false);
    const refused = page.getByTestId('refused-action');
    await refused.waitFor({ timeout: 60_000 });
    expect(await refused.innerText()).toContain(`Start · ${task.title}`);
    expect(await refused.innerText()).toContain('The office changed this task');
    // The day read again: the cancelled task has left it; the refused start stays on screen.
    await card.waitFor({ state: 'detached' });
    await screenshot(page, 'my-day-refused-en');
    expect((await api<TaskJson>(managerPage, 'GET', `/api/tasks/${task.id}`)).status).toBe('cancelled');

    // Nothing is dropped silently: it stays until the member lets it go.
    await page.reload();
    await refused.waitFor();
    await refused.getByRole('button', { name: 'Let it go' }).click();
    await refused.waitFor({ state: 'detached' });
  });
});

describe('the offline worker on a first visit', () => {
  it('installs once the screen has settled, not while its sections and data still arrive', async () => {
    const company = await createTestCompany({ name: 'Settled Stays' });
    const manager = await company.add('operational_manager');
    const page = await app.signedInPage(manager.user.email, { language: 'en', viewport: PHONE, serviceWorkers: 'allow' });
    const property = await api<{ id: string }>(page, 'POST', '/api/properties', { name: 'Casa do Rio', address: 'Rua do Rio 3, Porto' });
    await page.goto(`/properties/${property.id}`);
    // The property page's sections load after its first screen; the worker still installs after them.
    await page.getByRole('heading', { name: 'Casa do Rio' }).waitFor();
    await page.waitForFunction(() => navigator.serviceWorker?.controller != null, undefined, { timeout: 30_000 });
    const timing = await page.evaluate(() => {
      const entries = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
      const register = entries.find((entry) => /\/assets\/register-sw-[^/]+\.js$/.test(entry.name));
      const before = entries.filter((entry) => register && entry.startTime < register.startTime);
      return {
        registerAt: register?.startTime ?? -1,
        lastBefore: Math.max(...before.map((entry) => entry.responseEnd)),
        sectionsAt: entries.find((entry) => /\/assets\/PropertySections-[^/]+\.js$/.test(entry.name))?.responseEnd ?? Number.POSITIVE_INFINITY,
      };
    });
    expect(timing.registerAt).toBeGreaterThan(timing.sectionsAt);
    // A second of nothing arriving (less a little for the timers' own resolution).
    expect(timing.registerAt - timing.lastBefore).toBeGreaterThanOrEqual(900);
  });
});
