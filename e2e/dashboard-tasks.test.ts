// The dashboard and the task screens in a real browser, against the local product and its demo
// data (local/seed.ts): Atlântico Stays, 8 properties, 40 tasks (12 pending, 4 of them assigned to
// the staff member Beatriz Lima), two paid invoices this month ($7,430.50), twelve reservations.
// The tests share one seeded company and run in order: the second one adds a task. Other browser
// suites share the same seeded company and may add tasks before this file runs (the order of test
// files differs between machines), so task counts are read from the task list itself.
import type { APIResponse, Locator, Page } from 'playwright-core';
import { STARTUP_TIMEOUT_MS, screenshot, startTestApp, type TestApp } from './support/app';

const CEO = 'ceo@demo.rentalops.test';
const STAFF = 'staff@demo.rentalops.test';
const PHONE = { width: 390, height: 844 };
const NEW_TASK = 'E2E smoke alarm check';

// Each test walks several screens; leave room for a busy machine (the whole file takes ~35 s idle).

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ reusePages: true });
}, STARTUP_TIMEOUT_MS);
afterAll(async () => app?.close());

/** A signed-in page whose waits fail after 10 s with a message (before jest's 30 s test timeout). */
async function signedIn(email: string, options: Parameters<TestApp['signedInPage']>[1]): Promise<Page> {
  const page = await app.signedInPage(email, options);
  return page;
}

async function viewportShot(page: Page, name: string): Promise<void> {
  await screenshot(page, name, { fullPage: false });
}

/** The value of a metric card once it has loaded. */
async function metric(page: Page, title: string): Promise<string> {
  const value = page.getByRole('region', { name: title }).getByTestId('metric-value');
  await value.waitFor();
  return value.innerText();
}

async function waitForMetric(page: Page, title: string, expected: string): Promise<void> {
  await page.getByRole('region', { name: title }).getByTestId('metric-value').filter({ hasText: new RegExp(`^${expected.replace(/[$.]/g, '\\$&')}$`) }).waitFor();
}

async function waitForText(locator: Locator, text: string | RegExp): Promise<void> {
  await locator.filter({ hasText: text }).first().waitFor();
}

/** The "N task(s) found" line. */
function countLine(page: Page): Locator {
  return page.getByRole('status').filter({ hasText: /(tasks?|tarefas?|tareas?) (found|encontrad)/ });
}

async function foundCount(page: Page): Promise<number> {
  const text = await countLine(page).innerText();
  return Number(/^(\d+)/.exec(text)?.[1]);
}

async function choose(scope: Page | Locator, page: Page, label: string, option: string): Promise<void> {
  await scope.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** How many pending tasks the company has, counted from the task list's items (every page). */
async function pendingTaskCount(page: Page): Promise<number> {
  let count = 0;
  let cursor: string | null = null;
  do {
    const response: APIResponse = await page.request.get(`/api/tasks?status=pending&limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
    expect(response.status()).toBe(200);
    count += ((await response.json()) as unknown[]).length;
    cursor = response.headers()['x-next-cursor'] ?? null;
  } while (cursor);
  return count;
}

function toast(page: Page, text: string): Locator {
  return page.getByRole('status').filter({ hasText: text });
}

describe('the dashboard', () => {
  it('greets the CEO with real metrics, recent tasks, check-ins and top performers', async () => {
    const page = await signedIn(CEO, { language: 'en' });
    await page.goto('/');

    await page.getByRole('heading', { name: 'Hello, Carolina!' }).waitFor();
    // The seed's figures (8 properties, $7,430.50 paid this month) unless a suite that ran earlier in
    // this process added to the shared company: the cards show the server's figures, which the API
    // tests reconcile with the items (functions/dashboard/figures.test.ts).
    const figures = (await (await page.request.get('/api/dashboard/metrics')).json()) as { activeProperties: number; monthlyRevenue: number; teamEfficiency: number | null };
    expect(figures.activeProperties).toBeGreaterThanOrEqual(8);
    expect(figures.monthlyRevenue).toBeGreaterThanOrEqual(7430.5);
    expect(await metric(page, 'Active Properties')).toBe(String(figures.activeProperties));
    expect(await metric(page, 'Pending Tasks')).toBe(String(await pendingTaskCount(page)));
    expect(await metric(page, 'Monthly Revenue')).toBe(new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(figures.monthlyRevenue));
    // This week's on-time rate (Monday to Sunday, UTC days): a rate once a task is done this week; "—"
    // before that (a run on a Monday just after midnight UTC failed here, expecting a rate the API did
    // not have: the seed's done tasks are last week's then).
    expect(await metric(page, 'Team Efficiency')).toMatch(figures.teamEfficiency === null ? /^—$/ : /^\d{1,3}%$/);
    // The urgent count is the real number of open tasks that are urgent or overdue, from the items.
    const tasks = (await (await page.request.get('/api/tasks?limit=100')).json()) as Array<{ status: string; dueDate: string | null; urgency?: string | null }>;
    const urgent = tasks.filter((task) => ['pending', 'in_progress'].includes(task.status) && ((task.dueDate && Date.parse(task.dueDate) < Date.now()) || task.urgency === 'urgent')).length;
    const pendingCard = await page.getByRole('region', { name: 'Pending Tasks' }).innerText();
    expect(pendingCard).toContain(`${urgent} urgent or overdue`);
    // The demo company was created by the seed just now: nothing to compare with 30 days ago.
    expect(await page.getByRole('region', { name: 'Active Properties' }).innerText()).toContain('New');

    const recent = page.getByRole('region', { name: 'Recent Tasks' });
    await recent.getByRole('listitem').first().waitFor();
    expect(await recent.getByRole('listitem').count()).toBe(5);
    // The newest task, as the task list has it (the seed's "Limpeza de janelas" at Penthouse Baixa,
    // nobody assigned, in progress, unless an earlier suite added one): its title, its property's
    // name (not its id), its assignee, its status and its due date.
    const [task] = (await (await page.request.get('/api/tasks?limit=1')).json()) as Array<{ title: string; propertyId: string; assignedUserId: string | null; status: string; dueDate: string | null }>;
    const property = (await (await page.request.get(`/api/properties/${task.propertyId}`)).json()) as { name: string };
    const team = (await (await page.request.get('/api/team')).json()) as Array<{ id: string; firstName?: string; lastName?: string }>;
    const assignee = team.find((member) => member.id === task.assignedUserId);
    const statusLabel: Record<string, string> = { pending: 'Pending', in_progress: 'In Progress', completed: 'Completed', cancelled: 'Cancelled' };
    await waitForText(recent.getByRole('listitem').first(), task.title);
    const newest = await recent.getByRole('listitem').first().innerText();
    expect(newest).toContain(property.name);
    expect(newest).toContain(assignee ? [assignee.firstName, assignee.lastName].filter(Boolean).join(' ') : 'Unassigned');
    expect(newest).toContain(statusLabel[task.status]);
    if (task.dueDate) expect(newest).toMatch(/Due \w{3} \d{1,2}, \d{4}/);

    const checkins = page.getByRole('region', { name: 'Upcoming Check-ins' });
    await waitForText(checkins, 'Noah Williams');
    expect(await checkins.innerText()).toContain('Loft Ribeira'); // a property name, not its id
    const performers = page.getByRole('region', { name: 'Top Performers' });
    const scores = (await (await page.request.get('/api/team/top-performers')).json()) as Array<{ score: number; onTimeInPeriod: number; completedInPeriod: number }>;
    await waitForText(performers, `${scores[0].score}% on time`);
    // The line under a name says what the ranking counts: tasks done on time, of those done.
    expect(await performers.innerText()).toContain(`${scores[0].onTimeInPeriod} of ${scores[0].completedInPeriod} tasks on time in 30 days`);
    expect(await page.getByRole('region', { name: 'Subscription plan' }).count()).toBe(0); // professional plan
    expect(await page.getByRole('link', { name: 'Add Property' }).getAttribute('href')).toBe('/properties?new=1');
    await screenshot(page, 'dashboard-en');

    // The search box finds tasks by title on the Tasks screen.
    await page.getByRole('searchbox', { name: 'Search tasks by title' }).fill('detector');
    await page.keyboard.press('Enter');
    await page.waitForURL('**/tasks?q=detector');
    await countLine(page).waitFor();
    expect(await foundCount(page)).toBe(4);
    const titles = await page.locator('article h2').allInnerTexts();
    expect(titles).toEqual(Array(4).fill('Trocar bateria do detector de fumaça'));
  });

  it('keeps its cards in place while the figures and lists load', async () => {
    const page = await signedIn(CEO, { language: 'en' });
    // Hold the dashboard's data until the loading placeholders have been measured.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const DATA = /\/api\/(dashboard\/metrics|tasks\/recent|reservations\/upcoming|team\/top-performers)$/;
    await page.route(DATA, async (route) => {
      await held;
      await route.continue();
    });
    const tops = () =>
      Promise.all(['Quick Actions', 'Upcoming Check-ins', 'Top Performers'].map(async (name) => Math.round((await page.getByRole('region', { name }).boundingBox())?.y ?? -1)));

    await page.goto('/');
    await page.getByRole('region', { name: 'Upcoming Check-ins' }).waitFor();
    // The placeholders as drawn: the same positions over two frames. (Read at once, after the
    // properties-team file had run in the same browser project, the cards once sat 8 px lower for a
    // moment; a reading a few milliseconds later, still before any data, had them in place.)
    const settled = async () => {
      let previous = await tops();
      for (let frame = 0; frame < 20; frame++) {
        await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
        const now = await tops();
        if (now.every((top, index) => top === previous[index])) return now;
        previous = now;
      }
      throw new Error(`The loading dashboard never settled: ${previous.join(', ')}`);
    };
    const loading = await settled();
    release();
    await page.getByRole('region', { name: 'Recent Tasks' }).getByRole('listitem').first().waitFor();
    await waitForText(page.getByRole('region', { name: 'Top Performers' }), '% on time');
    await waitForText(page.getByRole('region', { name: 'Upcoming Check-ins' }), 'Noah Williams');
    await page.getByRole('region', { name: 'Active Properties' }).getByTestId('metric-value').waitFor();
    expect(await tops()).toEqual(loading);
  });
});

describe('creating and editing a task', () => {
  it('creates a task from the dashboard, sees the metrics change, then edits it on the Tasks screen', async () => {
    const page = await signedIn(CEO, { language: 'en' });
    await page.goto('/');
    const pendingBefore = await pendingTaskCount(page);
    await waitForMetric(page, 'Pending Tasks', String(pendingBefore));

    await page.getByRole('button', { name: 'Create New Task' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create New Task' });
    await dialog.waitFor();
    // The server's schema, in the browser: title and property are required.
    await dialog.getByRole('button', { name: 'Create Task' }).click();
    await waitForText(dialog, 'Title is required');
    expect(await dialog.innerText()).toContain('Property is required');

    await choose(dialog, page, 'Type', 'Maintenance');
    await dialog.getByLabel('Title').fill(NEW_TASK);
    await dialog.getByLabel('Description').fill('Test every smoke alarm on both floors.');
    await choose(dialog, page, 'Property', 'Villa Oceano');
    await choose(dialog, page, 'Assignee', 'Beatriz Lima');
    await dialog.getByLabel('Due date').fill('2030-01-15T10:30');
    await viewportShot(page, 'task-dialog-en');
    await dialog.getByRole('button', { name: 'Create Task' }).click();

    await toast(page, 'Task created successfully').waitFor();
    await dialog.waitFor({ state: 'detached' });
    await waitForMetric(page, 'Pending Tasks', String(pendingBefore + 1));
    const recent = page.getByRole('region', { name: 'Recent Tasks' });
    await waitForText(recent.getByRole('listitem').first(), NEW_TASK);
    expect(await recent.getByRole('listitem').first().innerText()).toMatch(/Villa Oceano · Beatriz Lima[\s\S]*Due Jan 15, 2030, 10:30 AM/);
    expect(await page.getByRole('navigation').getByLabel(`Pending tasks: ${pendingBefore + 1}`).count()).toBe(1);

    // The Tasks screen lists it first (newest first), with names for the property and assignee.
    await recent.getByRole('link', { name: 'View all' }).click();
    const card = page.locator('article').first();
    await waitForText(card, NEW_TASK);
    expect(await card.innerText()).toMatch(/Villa Oceano[\s\S]*Jan 15, 2030[\s\S]*Beatriz Lima/);

    await card.getByRole('button', { name: `Edit ${NEW_TASK}` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Task' });
    await edit.waitFor();
    expect(await edit.getByLabel('Title').inputValue()).toBe(NEW_TASK);
    expect(await edit.getByLabel('Due date').inputValue()).toBe('2030-01-15T10:30');
    await edit.getByLabel('Title').fill(`${NEW_TASK}ed`);
    await choose(edit, page, 'Status', 'In Progress');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await toast(page, 'Task updated successfully').waitFor();
    await waitForText(page.locator('article').first(), `${NEW_TASK}ed`);
    expect(await page.locator('article').first().innerText()).toContain('In Progress');
    await page.getByRole('navigation').getByLabel(`Pending tasks: ${pendingBefore}`).waitFor();

    // Its own page: every field, the property as a link.
    await page.locator('article').first().getByRole('link', { name: `View ${NEW_TASK}ed` }).click();
    await page.getByRole('heading', { name: `${NEW_TASK}ed` }).waitFor();
    const property = page.getByRole('link', { name: 'Villa Oceano' });
    expect(await property.getAttribute('href')).toMatch(/^\/properties\/.+/);
    const details = await page.locator('main, body').first().innerText();
    expect(details).toContain('Beatriz Lima');
    expect(details).toContain('Test every smoke alarm on both floors.');
    await screenshot(page, 'task-detail-en');

    await page.getByRole('link', { name: 'Dashboard' }).click();
    await waitForMetric(page, 'Pending Tasks', String(pendingBefore));
  });
});

describe('the Tasks screen', () => {
  it('loads more pages, filters by status and type on the server, and says when nothing matches', async () => {
    const page = await signedIn(CEO, { language: 'en' });
    // The count is the server's (every matching task), not the 25 of the first page.
    const all = (await (await page.request.get('/api/tasks?limit=100')).json()) as unknown[];
    const total = all.length;
    expect(total).toBeGreaterThan(25);
    await page.goto('/tasks');
    await countLine(page).waitFor();
    expect(await countLine(page).innerText()).toBe(`${total} tasks found · more to load below`);
    // The cards are drawn a few per task (components/ui/RenderInSteps.tsx): the 25th, then the count.
    await page.locator('article').nth(24).waitFor();
    expect(await page.locator('article').count()).toBe(25);
    await page.getByRole('button', { name: 'Load more' }).click();
    await countLine(page).filter({ hasText: new RegExp(`^${total} tasks found$`) }).waitFor();
    await page.locator('article').nth(total - 1).waitFor();
    expect(total).toBe(await page.locator('article').count());
    expect(await page.getByRole('button', { name: 'Load more' }).count()).toBe(0);

    await choose(page, page, 'Status', 'Completed');
    await choose(page, page, 'Type', 'Laundry');
    await countLine(page).filter({ hasText: '3 tasks found' }).waitFor();
    expect(page.url()).toMatch(/status=completed&type=laundry/);
    for (const text of await page.locator('article').allInnerTexts()) {
      expect(text).toContain('Laundry');
      expect(text).toContain('Completed');
    }
    await viewportShot(page, 'tasks-filtered-en');

    await page.getByRole('searchbox', { name: 'Search by title' }).fill('zzz');
    await page.getByRole('heading', { name: 'No Tasks Found' }).waitFor();
    expect(await page.getByText('No task matches these filters. Try other filters or clear them.').count()).toBe(1);
    await page.getByRole('button', { name: 'Clear filters' }).click();
    // Back to the whole list, as far as it was loaded.
    await countLine(page).filter({ hasText: `${total} tasks found` }).waitFor();
    await viewportShot(page, 'tasks-en');

    await page.goto('/tasks/no-such-task');
    await page.getByRole('heading', { name: 'Task not found' }).waitFor();
  });

  it('keeps every letter typed fast in the search, the address following it and Back restoring it', async () => {
    const page = await signedIn(CEO, { language: 'en' });
    await page.goto('/tasks?type=maintenance');
    await countLine(page).waitFor();
    const box = page.getByRole('searchbox', { name: 'Search by title' });
    const query = () => new URL(page.url()).searchParams.get('q');
    /** Waits until the box shows `value` (polled: a page's animation frames are not needed). */
    const boxShows = async (value: string) => {
      const deadline = Date.now() + 15_000;
      while ((await box.inputValue()) !== value) {
        if (Date.now() > deadline) throw new Error(`The search box shows "${await box.inputValue()}", not "${value}"`);
        await page.waitForTimeout(50);
      }
    };

    // As fast as the keyboard can go: every letter stays, and the address follows once typing pauses
    // (its other filters kept).
    await box.click();
    await page.keyboard.type('Keyboard-only', { delay: 0 });
    expect(await box.inputValue()).toBe('Keyboard-only');
    await page.waitForURL((url) => url.searchParams.get('q') === 'Keyboard-only');
    expect(new URL(page.url()).searchParams.get('type')).toBe('maintenance');
    await page.getByRole('heading', { name: 'No Tasks Found' }).waitFor();
    await page.keyboard.press('Enter'); // the search is done: the next is a history entry of its own

    // 20 ms a key, over a list that re-renders as the address changes.
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('detector de fumaça', { delay: 20 });
    expect(await box.inputValue()).toBe('detector de fumaça');
    await page.waitForURL((url) => url.searchParams.get('q') === 'detector de fumaça');
    await page.locator('article').first().waitFor();
    for (const title of await page.locator('article h2').allInnerTexts()) expect(title).toBe('Trocar bateria do detector de fumaça');
    await page.keyboard.press('Enter');

    // Enter searches at once, without waiting for the pause.
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('zzz', { delay: 0 });
    await page.keyboard.press('Enter');
    expect(query()).toBe('zzz');

    // Back and Forward put each search back in the box; typing then starts from there.
    await page.goBack();
    await page.waitForURL((url) => url.searchParams.get('q') === 'detector de fumaça');
    await boxShows('detector de fumaça');
    await page.goBack();
    await page.waitForURL((url) => url.searchParams.get('q') === 'Keyboard-only');
    await boxShows('Keyboard-only');
    await page.goBack(); // typing 'Keyboard-only' was one history entry, not one per letter
    await page.waitForURL((url) => !url.searchParams.has('q'));
    await boxShows('');
    await page.goForward();
    await boxShows('Keyboard-only');
    await box.click();
    await page.keyboard.press('End');
    await page.keyboard.type(' x', { delay: 0 });
    expect(await box.inputValue()).toBe('Keyboard-only x');
    await page.waitForURL((url) => url.searchParams.get('q') === 'Keyboard-only x');

    // The clear button empties the box and the address at once.
    await page.getByRole('button', { name: 'Clear search' }).click();
    expect(await box.inputValue()).toBe('');
    expect(query()).toBeNull();
  });

  it('lets staff change only the status of their own tasks, without New Task', async () => {
    const page = await signedIn(STAFF, { language: 'en' });
    await page.goto('/tasks?status=pending');
    await countLine(page).waitFor();
    const before = await foundCount(page);
    expect(await page.getByRole('button', { name: 'New Task' }).count()).toBe(0);
    const edits = await page.getByRole('button', { name: /^Edit / }).count();
    expect(edits).toBeGreaterThan(0);
    expect(edits).toBeLessThan(await page.getByRole('link', { name: /^View / }).count());

    const own = page.locator('article').filter({ has: page.getByRole('button', { name: /^Edit / }) }).first();
    expect(await own.innerText()).toContain('Beatriz Lima');
    await own.getByRole('button', { name: /^Edit / }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Task' });
    await dialog.waitFor();
    expect(await dialog.getByLabel('Title').isDisabled()).toBe(true);
    expect(await dialog.innerText()).toContain('You can change the status of the tasks assigned to you.');
    // Started (a turnover with open required checklist items could not be completed from here).
    await choose(dialog, page, 'Status', 'In Progress');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await toast(page, 'Task updated successfully').waitFor();
    // The task is in progress now, so it leaves the pending list.
    await countLine(page).filter({ hasText: `${before - 1} tasks found` }).waitFor();

    // Staff land on their own day, never the office dashboard (issue 19).
    await page.goto('/');
    await page.waitForURL('**/my-day');
    await page.getByRole('heading', { level: 1, name: 'My day' }).waitFor();
    expect(await page.getByRole('button', { name: 'Create New Task' }).count()).toBe(0);
  });
});

describe('in Portuguese and Spanish', () => {
  it('shows the dashboard and the tasks in Portuguese, with the trial banner when on trial', async () => {
    const page = await signedIn(CEO, { language: 'pt' });
    await page.goto('/');
    await page.getByRole('heading', { name: 'Olá, Carolina!' }).waitFor();
    expect(await metric(page, 'Propriedades Ativas')).toBe('8');
    const { urgentTasks } = (await (await page.request.get('/api/dashboard/metrics')).json()) as { urgentTasks: number };
    expect(await page.getByRole('region', { name: 'Tarefas Pendentes' }).innerText()).toContain(urgentTasks === 1 ? '1 urgente ou atrasada' : `${urgentTasks} urgentes ou atrasadas`);
    await page.getByRole('region', { name: 'Tarefas Recentes' }).getByRole('listitem').first().waitFor();
    await waitForText(page.getByRole('region', { name: 'Próximos Check-ins' }), 'Noah Williams');
    await screenshot(page, 'dashboard-pt');

    await page.goto('/tasks?q=zzz');
    await page.getByRole('heading', { name: 'Nenhuma Tarefa Encontrada' }).waitFor();
    expect(await countLine(page).innerText()).toBe('0 tarefas encontradas');
    await page.goto('/tasks?status=pending');
    await countLine(page).filter({ hasText: /^\d+ tarefas encontradas$/ }).waitFor();
    expect(await page.locator('article').first().innerText()).toContain('Pendente');
    await viewportShot(page, 'tasks-pt');

    // A company on trial with a day and a half left: 5 of 7 days used, and Urgente!.
    const trialEndsAt = new Date(Date.now() + 36 * 3_600_000).toISOString();
    await page.route('**/api/companies', async (route) => {
      const response = await route.fetch();
      const companies = (await response.json()) as Array<Record<string, unknown>>;
      await route.fulfill({ response, json: companies.map((company) => ({ ...company, plan: 'trial', trialEndsAt })) });
    });
    await page.goto('/');
    const banner = page.getByRole('region', { name: 'Plano de assinatura' });
    await banner.waitFor();
    const text = await banner.innerText();
    expect(text).toContain('Urgente!');
    expect(text).toContain('2 dias restantes no seu trial');
    expect(text).toContain('5 de 7 dias usados');
    expect(await banner.getByRole('link').getAttribute('href')).toBe('/pricing');
    await viewportShot(page, 'dashboard-trial-pt');
  });

  it("tells a manager the company's trial is the CEO's to choose a plan for, instead of asking them to choose (es)", async () => {
    const page = await signedIn('manager@demo.rentalops.test', { language: 'es' });
    const trialEndsAt = new Date(Date.now() + 4.5 * 86_400_000).toISOString();
    await page.route('**/api/companies', async (route) => {
      const response = await route.fetch();
      const companies = (await response.json()) as Array<Record<string, unknown>>;
      await route.fulfill({ response, json: companies.map((company) => ({ ...company, plan: 'trial', trialEndsAt })) });
    });
    await page.goto('/');
    const banner = page.getByRole('region', { name: 'Plan de suscripción' });
    await banner.waitFor();
    const text = await banner.innerText();
    expect(text).toContain('Quedan 5 días de la prueba de tu empresa. Solo el CEO puede elegir un plan.');
    expect(text).not.toContain('Elige un plan');
    expect(await banner.getByRole('link').innerText()).toBe('Ver los planes');
    await viewportShot(page, 'dashboard-trial-manager-es');
  });

  it('shows the dashboard and the tasks in Spanish', async () => {
    const page = await signedIn(CEO, { language: 'es' });
    await page.goto('/');
    await page.getByRole('heading', { name: '¡Hola, Carolina!' }).waitFor();
    expect(await metric(page, 'Propiedades activas')).toBe('8');
    await waitForText(page.getByRole('region', { name: 'Próximos check-ins' }), 'Noah Williams');
    await page.getByRole('region', { name: 'Tareas recientes' }).getByRole('listitem').first().waitFor();
    await screenshot(page, 'dashboard-es');

    await page.goto('/tasks?status=cancelled&type=laundry');
    await countLine(page).filter({ hasText: '3 tareas encontradas' }).waitFor();
    await viewportShot(page, 'tasks-es');
    await page.getByRole('searchbox', { name: 'Buscar por título' }).fill('zzz');
    await page.getByRole('heading', { name: 'No se encontraron tareas' }).waitFor();

    // On the basic plan the banner names its limits and offers the upgrade.
    await page.route('**/api/companies', async (route) => {
      const response = await route.fetch();
      const companies = (await response.json()) as Array<Record<string, unknown>>;
      await route.fulfill({ response, json: companies.map((company) => ({ ...company, plan: 'basic' })) });
    });
    await page.goto('/');
    const banner = page.getByRole('region', { name: 'Plan de suscripción' });
    await banner.waitFor();
    expect(await banner.innerText()).toMatch(/Plan Básico[\s\S]*Hasta 5 propiedades y 3 usuarios[\s\S]*Mejorar plan/);
  });
});

describe('when the server refuses a task', () => {
  it("shows the server's field errors under the fields and the failure toast", async () => {
    const page = await signedIn(CEO, { language: 'en' });
    await page.route('**/api/tasks', (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({
            status: 400,
            json: { message: 'This property does not exist in your company', errors: { propertyId: 'This property does not exist in your company' } },
          })
        : route.fallback(),
    );
    await page.goto('/tasks');
    await page.getByRole('button', { name: 'New Task' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create New Task' });
    await dialog.getByLabel('Title').fill('Refused task');
    await choose(dialog, page, 'Property', 'Casa do Farol');
    await dialog.getByRole('button', { name: 'Create Task' }).click();

    // The toast (hidden from screen readers while the dialog is open, hence includeHidden)…
    const failure = page.getByRole('alert', { includeHidden: true }).filter({ hasText: 'Failed to create task' });
    await failure.waitFor();
    expect(await failure.innerText()).toMatch(/Error[\s\S]*Failed to create task[\s\S]*This property does not exist in your company/);
    // …and the field's error under the property, in the dialog that stays open to correct and retry.
    await waitForText(dialog, 'This property does not exist in your company');
    expect(await dialog.getByRole('button', { name: 'Create Task' }).isEnabled()).toBe(true);
    await viewportShot(page, 'task-dialog-error-en');
  });
});

describe('on a phone', () => {
  it('fits the dashboard, the tasks and the task dialog to a phone screen', async () => {
    const page = await signedIn(CEO, { language: 'en', viewport: PHONE });
    await page.goto('/');
    await page.getByRole('region', { name: 'Recent Tasks' }).getByRole('listitem').first().waitFor();
    await metric(page, 'Active Properties');
    await screenshot(page, 'dashboard-phone-en');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);

    await page.goto('/tasks');
    await countLine(page).waitFor();
    await viewportShot(page, 'tasks-phone-en');
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await page.getByRole('button', { name: 'New Task' }).click();
    await page.getByRole('dialog', { name: 'Create New Task' }).waitFor();
    await viewportShot(page, 'task-dialog-phone-en');
  });
});

describe('for a user who asked for less motion', () => {
  /**
   * What is still moving two frames from now: running animations and transitions (a spinner's turning
   * excluded). A transition of the reduced-motion rule lasts 0.01 ms but reports itself running until
   * the next frame; MUI's own fades run for 225 ms.
   */
  const moving = (page: Page) =>
    page.evaluate(async () => {
      for (let frame = 0; frame < 2; frame++) await new Promise((resolve) => requestAnimationFrame(resolve));
      return document
        .getAnimations()
        .filter((animation) => animation.playState === 'running' && animation.effect?.getComputedTiming().iterations !== Infinity)
        // MUI's inputs run a 10 ms keyframe (mui-auto-fill, mui-auto-fill-cancel) only to notice the
        // browser's autofill: nothing moves. Caught by the frames above on a slow run, it is not motion.
        .filter((animation) => !/^mui-auto-fill/.test((animation as CSSAnimation).animationName ?? ''))
        .map((animation) => `${animation.constructor.name} ${(animation as CSSTransition).transitionProperty ?? (animation as CSSAnimation).animationName ?? ''} on ${((animation.effect as KeyframeEffect | null)?.target as Element | null)?.className ?? '?'}`);
    });

  it('opens and closes the task dialog at once, where others see it fade in', async () => {
    const still = await signedIn(CEO, { language: 'en', reducedMotion: 'reduce' });
    await still.goto('/tasks');
    await countLine(still).waitFor();
    await still.getByRole('button', { name: 'New Task' }).click();
    const dialog = still.getByRole('dialog', { name: 'Create New Task' });
    await dialog.waitFor();
    // Right after the click: already in place, nothing fading in.
    expect(await moving(still)).toEqual([]);
    expect(await dialog.evaluate((element) => getComputedStyle(element.closest('.MuiDialog-container') ?? element).opacity)).toBe('1');
    await still.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await moving(still)).toEqual([]);

    // The same steps for everybody else: the dialog fades in (MUI's 225 ms), so something moves.
    const moved = await signedIn(CEO, { language: 'en', reducedMotion: 'no-preference' });
    await moved.goto('/tasks');
    await countLine(moved).waitFor();
    await moved.getByRole('button', { name: 'New Task' }).click();
    const seen = await moved.evaluate(
      () =>
        new Promise<number>((resolve) => {
          // Sampled over the next frames: the fade's transitions show up while it runs.
          let most = 0;
          let frames = 0;
          const sample = () => {
            most = Math.max(most, document.getAnimations().filter((animation) => animation.playState === 'running').length);
            if (++frames < 20) requestAnimationFrame(sample);
            else resolve(most);
          };
          sample();
        }),
    );
    expect(seen).toBeGreaterThan(0);
  });
});
