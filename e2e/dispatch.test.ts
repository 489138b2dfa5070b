// The dispatch board in a real browser (issue 21 point 3): a manager drags a card to another member
// and day with the mouse, and moves another with the keyboard only (Move dialog); the task changes
// (after a reload, on its page and in its history); on a phone the same week is a list by day; staff
// get Not Found. The company's data is created through the API and the data layer.
import type { Locator, Page } from 'playwright-core';
import { isWeekend, mondayOf } from '../shared/dispatch';
import { addDays, localDay } from '../shared/days';
import { zonedInstant } from '../shared/rules';
import type { User } from '../shared/schemas';
import { userItem } from '../functions/data/repositories/users';
import { createTestCompany, putRaw, type Member, type TestCompany } from '../tests/support/fixtures';
import { STARTUP_TIMEOUT_MS, screenshot, startTestApp, type TestApp } from './support/app';
import { api } from './support/api';


const NY = 'America/New_York';
const PHONE = { width: 390, height: 844 };
/** Next week's Monday (company zone): every seeded task is in the future. */
const MON = mondayOf(addDays(localDay(new Date(), NY), 7));
const day = (i: number) => addDays(MON, i);
const at = (d: string, hour: number) => zonedInstant(d, hour, 0, NY).toISOString();

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ reusePages: true });
}, STARTUP_TIMEOUT_MS);
afterAll(async () => app?.close());

async function named(company: TestCompany, firstName: string): Promise<Member> {
  const member = await company.add('staff');
  const user: User = { ...member.user, firstName, lastName: 'Cleaner' };
  await putRaw(userItem(user));
  return { ...member, user };
}

interface World {
  company: TestCompany;
  manager: Member;
  ana: Member;
  bruno: Member;
  page: Page;
  dragged: string;
  keyed: string;
}

async function world(): Promise<World> {
  const company = await createTestCompany({ name: 'Dispatch Stays' });
  const manager = await company.add('operational_manager');
  const ana = await named(company, 'Ana');
  const bruno = await named(company, 'Bruno');
  const page = await app.signedInPage(manager.user.email, { language: 'en' });
  const property = await api<{ id: string }>(page, 'POST', '/api/properties', { name: 'Casa Azul', address: 'Rua das Flores 12' });
  const dragged = await api<{ id: string }>(page, 'POST', '/api/tasks', { title: 'Drag me clean', propertyId: property.id, dueDate: at(day(1), 10) });
  const keyed = await api<{ id: string }>(page, 'POST', '/api/tasks', {
    title: 'Keyboard laundry', type: 'laundry', propertyId: property.id, assignedUserId: ana.user.id, dueDate: at(day(2), 9),
  });
  return { company, manager, ana, bruno, page, dragged: dragged.id, keyed: keyed.id };
}

const cell = (page: Page, row: string, d: string): Locator => page.getByTestId(`dispatch-cell-${row}-${d}`);
const card = (scope: Page | Locator, taskId: string): Locator => scope.getByTestId(`dispatch-card-${taskId}`);

/** Waits until `target` (one element) has the focus: the Move dialog's focus returns after a render. */
async function focusedOn(target: Locator): Promise<void> {
  await target.evaluate((element) =>
    new Promise<void>((resolve, reject) => {
      const started = Date.now();
      const check = () => {
        if (document.activeElement === element) resolve();
        else if (Date.now() - started > 5000) reject(new Error(`Focus is on ${document.activeElement?.outerHTML.slice(0, 120)}, not the card`));
        else requestAnimationFrame(check);
      };
      check();
    }),
  );
}

async function dragTo(page: Page, from: Locator, to: Locator): Promise<void> {
  await from.scrollIntoViewIfNeeded();
  const source = (await from.boundingBox())!;
  await page.mouse.move(source.x + source.width / 2, source.y + 12);
  await page.mouse.down();
  await to.scrollIntoViewIfNeeded();
  const target = (await to.boundingBox())!;
  await page.mouse.move(target.x + target.width / 2, target.y + target.height / 2, { steps: 12 });
  await page.mouse.up();
}

describe('the dispatch board', () => {
  it('moves a card by drag and drop and by keyboard through the task editor\'s route; the task changes', async () => {
    const { page, ana, bruno, dragged, keyed } = await world();
    await page.goto(`/dispatch?week=${MON}`);
    await card(cell(page, 'unassigned', day(1)), dragged).waitFor();
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Dispatch' }).waitFor();
    await card(cell(page, ana.user.id, day(2)), keyed).waitFor();
    await expect(page.getByTestId(`dispatch-row-${ana.user.id}`).getByTestId('row-workload').textContent()).resolves.toBe('1 h in the week');
    // Another week than the current one is named, never called "this week".
    await page.getByText(/^Week of Mon, \w+ \d+ – Sun, \w+ \d+ · /).waitFor();
    await screenshot(page, 'dispatch-board-before');

    // Mouse: the unassigned cleaning goes to Ana on Thursday.
    await dragTo(page, card(page, dragged), cell(page, ana.user.id, day(3)));
    await card(cell(page, ana.user.id, day(3)), dragged).waitFor();
    await page.getByText('“Drag me clean” moved').waitFor();
    // Ana now has the laundry (1 h) and the cleaning (2 h).
    await page.getByTestId(`dispatch-row-${ana.user.id}`).getByText('3 h in the week').waitFor();

    // Keyboard only: focus the laundry card, Enter opens Move; Escape goes back to the card.
    await card(page, keyed).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Move “Keyboard laundry”' });
    await dialog.waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await focusedOn(card(cell(page, ana.user.id, day(2)), keyed));
    // Enter again; Bruno, the next day, Move.
    await page.keyboard.press('Enter');
    await dialog.waitFor();
    await dialog.getByRole('combobox', { name: 'Assign to' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('option', { name: 'Bruno Cleaner' }).waitFor();
    await page.keyboard.type('Bruno');
    await page.keyboard.press('Enter');
    await dialog.getByRole('combobox', { name: 'Day' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('listbox').waitFor();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await dialog.getByRole('button', { name: 'Move' }).focus();
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'hidden' });
    await card(cell(page, bruno.user.id, day(3)), keyed).waitFor();
    // The keyboard user keeps their place: focus is on the card in its new place, not on the page.
    await focusedOn(card(cell(page, bruno.user.id, day(3)), keyed));
    await page.getByText('“Keyboard laundry” moved').waitFor();
    await focusedOn(card(cell(page, bruno.user.id, day(3)), keyed)); // still, once the server's board is in

    // After a reload the board reads the server: both moves are there.
    await page.reload();
    await card(cell(page, ana.user.id, day(3)), dragged).waitFor();
    await card(cell(page, bruno.user.id, day(3)), keyed).waitFor();
    await screenshot(page, 'dispatch-board-after');

    const task = await api<{ assignedUserId: string; dueDate: string }>(page, 'GET', `/api/tasks/${dragged}`);
    expect(task).toMatchObject({ assignedUserId: ana.user.id, dueDate: at(day(3), 10) });
    const other = await api<{ assignedUserId: string; dueDate: string }>(page, 'GET', `/api/tasks/${keyed}`);
    expect(other).toMatchObject({ assignedUserId: bruno.user.id, dueDate: at(day(3), 9) });

    // The task's page: its history says who moved it where.
    await page.goto(`/tasks/${dragged}`);
    const history = page.getByRole('region', { name: 'History' });
    await history.getByTestId('task-history-entry').first().waitFor();
    const lines = await history.getByTestId('task-history-entry').allTextContents();
    expect(lines.join('\n')).toContain('assigned it to Ana Cleaner');
    expect(lines.join('\n')).toContain('moved the due date');
  });

  it('refuses a move of a task completed meanwhile, puts the card back and says why', async () => {
    const { page, ana, dragged, company } = await world();
    await page.goto(`/dispatch?week=${MON}`);
    await card(cell(page, 'unassigned', day(1)), dragged).waitFor();
    // Someone completes the task while the board is on screen.
    const current = await api<Record<string, unknown>>(page, 'GET', `/api/tasks/${dragged}`);
    const { type, title, propertyId, dueDate } = current;
    await api(page, 'PUT', `/api/tasks/${dragged}`, { type, title, propertyId, dueDate, assignedUserId: null, status: 'completed' });
    await dragTo(page, card(page, dragged), cell(page, ana.user.id, day(4)));
    await page.getByText('It was completed meanwhile.').waitFor();
    await card(cell(page, 'unassigned', day(1)), dragged).waitFor();
    expect(await card(cell(page, ana.user.id, day(4)), dragged).count()).toBe(0);
    expect(company.companyId).toBeTruthy();
  });

  it('shows the server\'s warnings on the cards and the rows', async () => {
    const { page, ana, keyed, company } = await world();
    // Ana's laundry runs 9:00-10:00 on Wednesday; a repair at 9:30 the same day overlaps it.
    const property = await api<Array<{ id: string }>>(page, 'GET', '/api/properties');
    const repair = await api<{ id: string }>(page, 'POST', '/api/tasks', {
      title: 'Fix the tap', type: 'maintenance', propertyId: property[0].id, assignedUserId: ana.user.id, dueDate: zonedInstant(day(2), 9, 30, NY).toISOString(),
    });
    await page.goto(`/dispatch?week=${MON}`);
    await card(page, keyed).getByText('Overlaps “Fix the tap”').waitFor();
    await card(page, repair.id).getByText('Overlaps “Keyboard laundry”').waitFor();
    await page.getByTestId(`dispatch-row-${ana.user.id}`).getByText('2 warnings').waitFor();
    await screenshot(page, 'dispatch-board-warnings');
    expect(company.companyId).toBeTruthy();
  });

  it('shows the same week as a list by day on a phone, with Move on each card', async () => {
    const { manager, bruno, page: office, dragged, keyed } = await world();
    // A maintenance visit lasts 90 minutes: Bruno's week is an hour and a half, written the Portuguese way.
    const property = (await api<Array<{ id: string }>>(office, 'GET', '/api/properties'))[0];
    await api(office, 'POST', '/api/tasks', { title: 'Torneira', type: 'maintenance', propertyId: property.id, assignedUserId: bruno.user.id, dueDate: at(day(4), 10) });
    const page = await app.signedInPage(manager.user.email, { language: 'pt', viewport: PHONE });
    await page.goto(`/dispatch?week=${MON}`);
    const list = page.getByTestId('dispatch-list');
    await list.waitFor();
    await page.getByRole('list', { name: 'Carga de trabalho por membro' }).getByText('Bruno Cleaner: 1,5 h na semana').waitFor({ timeout: 5000 });
    // The week's zone as Portuguese names it, not its id (America/New_York).
    await page.getByText(/^Semana de seg.* · horário de Nova York$/).waitFor({ timeout: 5000 });
    // Another week than the current one: all its days, none folded away.
    expect(await page.getByTestId('dispatch-earlier').count()).toBe(0);
    expect(await page.getByTestId('dispatch-grid').count()).toBe(0);
    expect(await list.getByRole('heading', { level: 2 }).count()).toBe(7);
    await card(list, dragged).waitFor();
    await card(list, keyed).getByText('Ana Cleaner', { exact: false }).waitFor();
    await card(list, dragged).getByRole('button', { name: 'Mover “Drag me clean”' }).click();
    const dialog = page.getByRole('dialog', { name: 'Mover “Drag me clean”' });
    await dialog.waitFor();
    await screenshot(page, 'dispatch-phone-pt');
    // Escape: back to the card the dialog was opened from.
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await focusedOn(card(list, dragged));
    // Keyboard: Enter, the next day, Move: focus follows the card to its new day.
    await page.keyboard.press('Enter');
    await dialog.waitFor();
    await dialog.getByRole('combobox', { name: 'Dia' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('listbox').waitFor();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await dialog.getByRole('button', { name: 'Mover' }).focus();
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'hidden' });
    await list.locator(`[data-testid="dispatch-card-${dragged}"][data-day="${day(2)}"]`).waitFor();
    await focusedOn(card(list, dragged));
    expect(await card(list, dragged).getAttribute('data-day')).toBe(day(2));
  });

  it("starts a phone's list of the current calendar week at today, the days already past folded above it", async () => {
    const { manager, page: office } = await world();
    const today = localDay(new Date(), NY);
    const monday = mondayOf(today);
    const property = (await api<Array<{ id: string }>>(office, 'GET', '/api/properties'))[0];
    await api(office, 'POST', '/api/tasks', { title: 'Today clean', propertyId: property.id, dueDate: at(today, 23) });
    if (monday !== today) await api(office, 'POST', '/api/tasks', { title: 'Monday clean', propertyId: property.id, dueDate: at(monday, 9) });
    const page = await app.signedInPage(manager.user.email, { language: 'pt', viewport: PHONE });
    // A phone opens on seven days from today; the calendar week is its toggle's other side.
    await page.goto('/dispatch?view=week');
    const list = page.getByTestId('dispatch-list');
    await list.getByText('Today clean').waitFor();
    await page.getByText(/^Esta semana: .* · horário de Nova York$/).waitFor();
    const headings = list.getByRole('heading', { level: 2 });
    // The first day shown is today.
    expect(await headings.first().innerText()).toMatch(/ · hoje$/);
    const past = (Date.parse(`${today}T12:00:00Z`) - Date.parse(`${monday}T12:00:00Z`)) / 86_400_000;
    expect(await headings.count()).toBe(7 - past);
    await screenshot(page, 'dispatch-phone-today-pt', { fullPage: false });
    if (past === 0) {
      expect(await page.getByTestId('dispatch-earlier').count()).toBe(0);
      return;
    }
    // The past days are one tap away, with how much they hold.
    const earlier = page.getByTestId('dispatch-earlier');
    expect(await earlier.innerText()).toBe('Antes nesta semana: 1 tarefa');
    expect(await list.getByText('Monday clean').count()).toBe(0);
    await earlier.click();
    await list.getByText('Monday clean').waitFor();
    expect(await headings.count()).toBe(7);
    expect(await earlier.innerText()).toBe('Ocultar os dias anteriores');
  });

  it('starts at today on a phone (and at weekends), toggles to the calendar week, and the address follows the choice', async () => {
    const { manager, page: office } = await world();
    const today = localDay(new Date(), NY);
    const property = (await api<Array<{ id: string }>>(office, 'GET', '/api/properties'))[0];
    // Six days on: in the next calendar week from Tuesday on, always inside the seven days from today.
    await api(office, 'POST', '/api/tasks', { title: 'Sixth day clean', propertyId: property.id, dueDate: at(addDays(today, 6), 10) });
    const page = await app.signedInPage(manager.user.email, { language: 'pt', viewport: PHONE });
    await page.goto('/dispatch');
    const list = page.getByTestId('dispatch-list');
    await list.getByText('Sixth day clean').waitFor();
    await page.getByText(/^Próximos 7 dias: .* · horário de Nova York$/).waitFor();
    const headings = list.getByRole('heading', { level: 2 });
    expect(await headings.count()).toBe(7);
    expect(await headings.first().innerText()).toMatch(/ · hoje$/);
    expect(await page.getByTestId('dispatch-earlier').count()).toBe(0);
    const toggle = page.getByTestId('dispatch-view');
    expect(await toggle.getByRole('button', { name: 'A partir de hoje' }).getAttribute('aria-pressed')).toBe('true');
    expect(new URL(page.url()).search).toBe('');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await screenshot(page, 'dispatch-phone-rolling-pt', { fullPage: false });

    // The calendar week: the address says so, and a reload keeps it.
    await toggle.getByRole('button', { name: 'Semana do calendário' }).click();
    await page.waitForURL((url) => url.searchParams.get('view') === 'week');
    await page.getByText(/^Esta semana: .* · horário de Nova York$/).waitFor();
    await page.reload();
    await page.getByText(/^Esta semana: /).waitFor();
    expect(await page.getByTestId('dispatch-view').getByRole('button', { name: 'Semana do calendário' }).getAttribute('aria-pressed')).toBe('true');

    // On a desktop, with nothing chosen: the calendar week on weekdays, from today at weekends (New York's calendar).
    const desk = await app.signedInPage(manager.user.email, { language: 'en' });
    await desk.goto('/dispatch');
    const weekend = isWeekend(today);
    await desk.getByText(weekend ? /^Next 7 days: / : /^This week: /).waitFor();
    const grid = desk.getByTestId('dispatch-grid');
    const firstColumn = grid.getByRole('columnheader').nth(1);
    if (weekend) expect(await firstColumn.getAttribute('aria-current')).toBe('date');
    // Chosen: seven days from today, then the next seven (the address carries the first day), then back.
    await desk.getByTestId('dispatch-view').getByRole('button', { name: 'From today' }).click();
    await desk.waitForURL((url) => url.searchParams.get('view') === 'rolling');
    await desk.getByText(/^Next 7 days: /).waitFor();
    expect(await firstColumn.getAttribute('aria-current')).toBe('date');
    await grid.getByText('Sixth day clean').waitFor();
    await screenshot(desk, 'dispatch-rolling-en');
    await desk.getByRole('button', { name: 'Next 7 days' }).click();
    await desk.waitForURL((url) => url.searchParams.get('from') === addDays(today, 7));
    await desk.getByText(/^7 days from /).waitFor();
    expect(await grid.getByText('Sixth day clean').count()).toBe(0);
    await desk.getByRole('button', { name: 'Today', exact: true }).click();
    await desk.waitForURL((url) => url.searchParams.get('view') === 'rolling' && !url.searchParams.has('from'));
    await grid.getByText('Sixth day clean').waitFor();
    await desk.getByTestId('dispatch-view').getByRole('button', { name: 'Calendar week' }).click();
    await desk.waitForURL((url) => url.searchParams.get('view') === 'week');
    await desk.getByText(/^This week: /).waitFor();
  });

  it("tells a new company's CEO where work comes from and whom to invite, and says nothing once there is both", async () => {
    const company = await createTestCompany({ name: 'Brand New Stays' });
    const page = await app.signedInPage(company.ceo.user.email, { language: 'en' });
    // Seven days from today say so (the default at weekends); the calendar week is named as one.
    await page.goto('/dispatch?view=rolling');
    await page.getByText(/^Next 7 days: /).waitFor();
    expect(await page.getByTestId('dispatch-empty-hint').innerText()).toMatch(/^No tasks in the 7 days from \w+, \w+ \d+\. /);
    await page.goto('/dispatch?view=week');
    const hint = page.getByTestId('dispatch-empty-hint');
    await hint.waitFor();
    expect(await hint.innerText()).toMatch(/^No tasks this week\. .* Nobody to assign work to yet: invite your cleaners and maintenance staff\.$/s);
    expect(await hint.getByRole('link', { name: 'Tasks' }).getAttribute('href')).toBe('/tasks');
    await page.getByText(/^This week: /).waitFor();
    await page.getByRole('button', { name: 'Next week' }).click();
    await page.getByText(/^No tasks in the week of Mon, \w+ \d+\. /).waitFor();
    await page.getByRole('button', { name: 'This week' }).click();
    await page.getByText(/^No tasks this week\. /).waitFor();
    expect(await hint.getByRole('link', { name: 'invite your cleaners and maintenance staff' }).getAttribute('href')).toBe('/team');
    // The seeded world of the tests above: staff and this week's work: no hint.
    const { manager } = await world();
    const busy = await app.signedInPage(manager.user.email, { language: 'en' });
    await busy.goto(`/dispatch?week=${MON}`);
    await busy.getByTestId('dispatch-grid').waitFor();
    expect(await busy.getByTestId('dispatch-empty-hint').count()).toBe(0);
  });

  it('is not for staff: the page is Not Found and the API answers 403', async () => {
    const { ana } = await world();
    const page = await app.signedInPage(ana.user.email, { language: 'en' });
    await page.goto('/dispatch');
    await page.getByText('Page Not Found').waitFor();
    const response = await page.request.get('/api/dispatch');
    expect(response.status()).toBe(403);
  });
});
