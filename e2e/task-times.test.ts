// A task's time is the company's wall clock on every screen, wherever the browser is: a manager whose
// browser is in Tokyo plans a New York company's cleaning at 14:00 in the task dialog; the task list,
// the task's page (and its history), the dispatch board and the cleaner's My day all say 2:00 PM,
// naming the company's zone (EST/EDT) where it is not the browser's, and a browser in New York sees
// the same time with no zone beside it.
import { mondayOf } from '../shared/dispatch';
import { addDays, localDay } from '../shared/days';
import { zonedInstant } from '../shared/rules';
import type { User } from '../shared/schemas';
import { userItem } from '../functions/data/repositories/users';
import { createTestCompany, putRaw } from '../tests/support/fixtures';
import { STARTUP_TIMEOUT_MS, screenshot, startTestApp, type TestApp } from './support/app';
import { api } from './support/api';

const NY = 'America/New_York';
const TITLE = 'Deep clean oven';
/** Tomorrow in New York: the task is in the future whatever the hour of the run. */
const DAY = addDays(localDay(new Date(), NY), 1);
const TWO_PM = /2:00\sPM\sE[SD]T/;

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
}, STARTUP_TIMEOUT_MS);
afterAll(async () => app?.close());

describe('task times', () => {
  it("are the company's wall clock on every screen, for a manager and a cleaner whose browsers are in Tokyo", async () => {
    const company = await createTestCompany({ name: 'Zone Stays' });
    const member = await company.add('staff');
    const cleaner: User = { ...member.user, firstName: 'Yuki', lastName: 'Cleaner' };
    await putRaw(userItem(cleaner));
    const page = await app.signedInPage(company.ceo.user.email, { language: 'en', timezoneId: 'Asia/Tokyo' });
    await api(page, 'POST', '/api/properties', { name: 'Casa Azul', address: 'Rua das Flores 12' });

    // The dialog: 14:00 typed is 14:00 in New York, and the field says so.
    await page.goto('/tasks');
    await page.getByRole('button', { name: 'New Task' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create New Task' });
    await dialog.getByLabel('Title').fill(TITLE);
    await dialog.getByRole('combobox', { name: 'Property' }).click();
    await page.getByRole('option', { name: 'Casa Azul', exact: true }).click();
    await dialog.getByRole('combobox', { name: 'Assignee' }).click();
    await page.getByRole('option', { name: 'Yuki Cleaner', exact: true }).click();
    await dialog.getByLabel('Due date').fill(`${DAY}T14:00`);
    await dialog.getByText(/Company time: New York time \(E[SD]T\)/).waitFor();
    await screenshot(page, 'task-times-dialog', { fullPage: false });
    await dialog.getByRole('button', { name: 'Create Task' }).click();
    await dialog.waitFor({ state: 'detached' });

    const [task] = (await api<Array<{ id: string; title: string; dueDate: string }>>(page, 'GET', '/api/tasks?limit=1')).filter((t) => t.title === TITLE);
    expect(task.dueDate).toBe(zonedInstant(DAY, 14, 0, NY).toISOString());

    // The task list.
    const card = page.locator('article').filter({ hasText: TITLE });
    await card.waitFor();
    expect(await card.innerText()).toMatch(TWO_PM);
    await screenshot(page, 'task-times-list');

    // The task's page and its history; the edit dialog shows 14:00 again.
    await page.goto(`/tasks/${task.id}`);
    await page.getByRole('heading', { name: TITLE }).waitFor();
    const history = page.getByRole('region', { name: 'History' });
    await history.getByTestId('task-history-entry').first().waitFor();
    expect(await page.locator('main').innerText()).toMatch(TWO_PM);
    expect(await history.innerText()).toMatch(/E[SD]T/);
    await screenshot(page, 'task-times-detail');
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Task' });
    expect(await edit.getByLabel('Due date').inputValue()).toBe(`${DAY}T14:00`);
    await edit.getByRole('button', { name: 'Cancel' }).click();

    // The dispatch board: the card says 2:00 PM, the board names the zone once.
    await page.goto(`/dispatch?week=${mondayOf(DAY)}`);
    const dispatched = page.getByTestId(`dispatch-card-${task.id}`);
    await dispatched.waitFor();
    expect(await dispatched.innerText()).toMatch(/2:00\sPM/);
    await page.getByText(/ · New York time$/).waitFor();

    // The cleaner's My day, also from Tokyo.
    const staff = await app.signedInPage(cleaner.email, { language: 'en', timezoneId: 'Asia/Tokyo' });
    await staff.goto('/my-day');
    const later = staff.getByRole('button', { name: new RegExp(TITLE) });
    await later.waitFor();
    expect(await later.innerText()).toMatch(TWO_PM);

    // A browser in New York reads the same time, with no zone beside it.
    const local = await app.signedInPage(company.ceo.user.email, { language: 'en', timezoneId: NY });
    await local.goto('/tasks');
    const localCard = local.locator('article').filter({ hasText: TITLE });
    await localCard.waitFor();
    expect(await localCard.innerText()).toMatch(/2:00\sPM(?!\sE[SD]T)/);
  });
});
