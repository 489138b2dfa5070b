// The one-read request path (issue 21 point 5), through the route table with its cache on:
// - the dashboard's figures stay exact after every kind of write (each compared with the figures
//   recomputed from the items), and when time alone makes a task overdue;
// - a warm dashboard request is one BatchGetItem (session + STATS), a first task-list page that and
//   one Query;
// - a session deleted (sign-out, member removed, role changed) stops working on the very next
//   request after warm ones; a cookie's company prefix is a hint only; ids without one still work.
import { randomBytes } from 'node:crypto';
import { PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Property, Task, User } from '../../shared/schemas';
import { invoke } from '../../local/invoke';
import { createTestCompany, type TestCompany } from '../../tests/support/fixtures';
import { db, tableName } from '../data/client';
import { queryAll } from '../data/db';
import { keys } from '../data/keys';
import { SESSION_TTL_SECONDS } from '../data/repositories/sessions';
import { SESSION_COOKIE } from '../lib/cookies';
import { inputsHold, type FiguresInputs } from './figures';
import { callsDuring } from '../../tests/support/dynamodb-calls';

const DAY_MS = 86_400_000;
const day = (at: Date | string) => new Date(at).toISOString().slice(0, 10);
const addDays = (d: string, n: number) => day(new Date(Date.parse(`${d}T00:00:00Z`) + n * DAY_MS));
const isOpen = (task: Task) => task.status === 'pending' || task.status === 'in_progress';
const onTime = (task: Task) => task.status === 'completed' && (!task.dueDate || (task.completedAt != null && task.completedAt <= task.dueDate));
const rate = (on: number, done: number) => (done ? Math.round((on / done) * 100) : null);
const change = (now: number, before: number) => (before === 0 ? null : Math.round(((now - before) / Math.abs(before)) * 1000) / 10);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The dashboard's figures recomputed from the company's items (not from any counter). */
async function figuresFromItems(companyId: string, companyCreatedAt: string) {
  const read = <T>(prefix: string) => queryAll<T>({ partition: keys.companyPartition(companyId), beginsWith: prefix }, 10_000);
  const [tasks, properties, invoices] = await Promise.all([
    read<Task>(keys.taskPrefix),
    read<Property>(keys.propertyPrefix),
    read<{ status: string; amountCents: number; paidAt: string | null }>(keys.invoicePrefix),
  ]);
  const now = new Date();
  const today = day(now);
  const weekStart = addDays(today, -((now.getUTCDay() + 6) % 7));
  const completedIn = (from: string, to: string) => tasks.filter((t) => t.status === 'completed' && t.completedAt && day(t.completedAt) >= from && day(t.completedAt) <= to);
  const thisWeek = completedIn(weekStart, addDays(weekStart, 6));
  const lastWeek = completedIn(addDays(weekStart, -7), addDays(weekStart, -1));
  const thisRate = rate(thisWeek.filter(onTime).length, thisWeek.length);
  const lastRate = rate(lastWeek.filter(onTime).length, lastWeek.length);
  const before = properties.filter((p) => day(p.createdAt) < addDays(today, -29)).length;
  const young = now.getTime() - Date.parse(companyCreatedAt) < 30 * DAY_MS;
  const month = today.slice(0, 7);
  const previousMonth = day(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1))).slice(0, 7);
  const paidIn = (m: string) => invoices.filter((i) => i.status === 'paid' && i.paidAt?.slice(0, 7) === m).reduce((sum, i) => sum + i.amountCents, 0);
  return {
    activeProperties: properties.length,
    activePropertiesChange: young ? null : change(properties.length, before),
    pendingTasks: tasks.filter((t) => t.status === 'pending').length,
    urgentTasks: tasks.filter((t) => isOpen(t) && ((t.dueDate && Date.parse(t.dueDate) < now.getTime()) || t.urgency === 'urgent')).length,
    monthlyRevenue: paidIn(month) / 100,
    monthlyRevenueChange: change(paidIn(month), paidIn(previousMonth)),
    teamEfficiency: thisRate,
    teamEfficiencyChange: thisRate !== null && lastRate !== null ? thisRate - lastRate : null,
  };
}

const dashboard = async (cookie: string) => invoke('GET', '/api/dashboard/metrics', { cookies: [cookie] });

/** A session item written as an older release did (an id without a company prefix), or with any id. */
async function rawSession(user: User, sid = randomBytes(32).toString('base64url')): Promise<string> {
  const expire = new Date(Date.now() + SESSION_TTL_SECONDS * 1000);
  await db.send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...keys.session(sid),
        ...keys.userSessions(user.id),
        gsi1sk: sid,
        entity: 'session',
        sid,
        sess: { userId: user.id, companyId: user.companyId, email: user.email, role: user.role },
        expire: expire.toISOString(),
        expiresAt: Math.floor(expire.getTime() / 1000),
      },
    }),
  );
  return `${SESSION_COOKIE}=${sid}`;
}

describe('the dashboard figures, cached per process and validated by one item', () => {
  let company: TestCompany;
  const createdAt = new Date(Date.now() - 90 * DAY_MS).toISOString();

  beforeAll(async () => {
    company = await createTestCompany({ name: 'Cached Stays' });
    // The company has existed for 90 days (so the properties' change is a number, not "new").
    await db.send(new UpdateCommand({ TableName: tableName(), Key: keys.company(company.companyId), UpdateExpression: 'SET createdAt = :at', ExpressionAttributeValues: { ':at': createdAt } }));
  });

  /** Reads the dashboard twice (the second from the cache) and compares both with the items. */
  async function expectExact(step: string) {
    const expected = await figuresFromItems(company.companyId, createdAt);
    for (let read = 0; read < 2; read++) {
      const response = await dashboard(company.ceo.cookie);
      expect({ step, read, status: response.status }).toEqual({ step, read, status: 200 });
      expect({ step, read, ...response.body }).toMatchObject({ step, read, ...expected });
    }
  }

  it('stays exact after every kind of write that feeds it', async () => {
    const ceo = { cookies: [company.ceo.cookie] };
    const staff = await company.add('staff');
    await expectExact('empty');

    const property = await invoke('POST', '/api/properties', { ...ceo, body: { name: 'Casa Azul', address: 'Rua 1' } });
    expect(property.status).toBe(201);
    await expectExact('property created');
    // A property created 40 days ago (outside the 30 days) through the data layer's own write.
    const { createProperty } = await import('../data/repositories/properties');
    await createProperty({ companyId: company.companyId, plan: 'professional', unlimited: false }, { name: 'Casa Velha', address: 'Rua 2' }, new Date(Date.now() - 40 * DAY_MS));
    await expectExact('older property');

    const newTask = (body: Record<string, unknown>) =>
      invoke('POST', '/api/tasks', { ...ceo, body: { type: 'cleaning', title: 'Clean', propertyId: property.body.id, status: 'pending', ...body } });
    const task = (await newTask({ dueDate: new Date(Date.now() + 3 * DAY_MS).toISOString(), assignedUserId: staff.user.id })).body as Task;
    expect(task.id).toBeDefined();
    await expectExact('task created');
    // An edit sends the whole task as the screen does, with the changes.
    const put = async (id: string, changes: Record<string, unknown>) => {
      const current = (await invoke('GET', `/api/tasks/${id}`, ceo)).body as Task;
      const { type, title, description, propertyId, assignedUserId, status, dueDate } = current;
      const response = await invoke('PUT', `/api/tasks/${id}`, { ...ceo, body: { type, title, description, propertyId, assignedUserId, status, dueDate, ...changes } });
      expect({ id, changes, status: response.status, body: response.status === 200 ? undefined : response.body }).toEqual({ id, changes, status: 200, body: undefined });
    };
    await put(task.id, { status: 'in_progress' });
    await expectExact('task started');
    await put(task.id, { dueDate: new Date(Date.now() - 60 * 60_000).toISOString() });
    await expectExact('due date moved into the past (overdue)');
    await put(task.id, { status: 'completed' });
    await expectExact('completed late');
    const second = (await newTask({ dueDate: new Date(Date.now() + DAY_MS).toISOString(), type: 'maintenance' })).body as Task;
    await put(second.id, { status: 'completed' });
    await expectExact('completed on time');
    await put(second.id, { status: 'pending' });
    await expectExact('reopened');

    // A problem reported as urgent: an urgent work order (urgency), then cancelled.
    const problem = await invoke('POST', `/api/tasks/${second.id}/problems`, { ...ceo, body: { description: 'Broken tap', urgency: 'urgent' } });
    expect(problem.status).toBe(201);
    await expectExact('urgent work order');
    await put(problem.body.id, { status: 'cancelled' });
    await expectExact('work order cancelled');

    // Money: paid, back to unpaid, paid again, deleted.
    const invoice = await invoke('POST', '/api/invoices', { ...ceo, body: { amount: '320.00', status: 'paid', dueDate: day(new Date()) } });
    expect(invoice.status).toBe(201);
    await expectExact('invoice paid');
    const status = (value: string) => invoke('PUT', `/api/invoices/${invoice.body.id}/status`, { ...ceo, body: { status: value } });
    expect((await status('pending')).status).toBe(200);
    await expectExact('invoice unpaid');
    expect((await status('paid')).status).toBe(200);
    await expectExact('invoice paid again');
    expect((await invoke('DELETE', `/api/invoices/${invoice.body.id}`, ceo)).status).toBe(204);
    await expectExact('invoice deleted');

    // A reservation creates its turnover cleaning (a pending task due at check-out), and moving it moves the task.
    const checkin = addDays(day(new Date()), 2);
    const reservation = await invoke('POST', '/api/reservations', { ...ceo, body: { propertyId: property.body.id, guestName: 'Emma Johnson', checkinDate: checkin, checkoutDate: addDays(checkin, 3) } });
    expect(reservation.status).toBe(201);
    await expectExact('turnover created');
    expect((await invoke('POST', `/api/reservations/${reservation.body.id}/cancel`, { ...ceo, body: {} })).status).toBe(200);
    await expectExact('turnover cancelled');

    // The seed gave every figure something to show.
    expect((await dashboard(company.ceo.cookie)).body).toMatchObject({ activeProperties: 2, activePropertiesChange: 100, pendingTasks: 1 });
  });

  it('counts a task overdue as soon as its due time passes, without any write', async () => {
    const property = (await invoke('POST', '/api/properties', { cookies: [company.ceo.cookie], body: { name: 'Casa Tempo', address: 'Rua 3' } })).body;
    // Far enough ahead that the two reads below come before it on a loaded machine (at 1.5 s, a run
    // beside three others created the task and read the dashboard after the due time had passed).
    const due = new Date(Date.now() + 4000);
    const created = await invoke('POST', '/api/tasks', {
      cookies: [company.ceo.cookie],
      body: { type: 'cleaning', title: 'Soon', propertyId: property.id, status: 'pending', dueDate: due.toISOString() },
    });
    expect(created.status).toBe(201);
    const before = (await dashboard(company.ceo.cookie)).body.urgentTasks as number;
    expect((await dashboard(company.ceo.cookie)).body.urgentTasks).toBe(before); // warm, same answer
    // (Otherwise `before` may already count the task, and the step below would prove nothing.)
    expect(Date.now()).toBeLessThan(due.getTime());
    await sleep(due.getTime() - Date.now() + 20);
    expect((await dashboard(company.ceo.cookie)).body.urgentTasks).toBe(before + 1);
    expect((await figuresFromItems(company.companyId, createdAt)).urgentTasks).toBe(before + 1);
  });

  it('keeps cached inputs only for their day, before the company turns 30 days old and before the next due entry', () => {
    const inputs: FiguresInputs = {
      revision: 7,
      day: '2026-03-31',
      until: Date.parse('2026-04-20T08:00:00.000Z'),
      nextDueSk: `${keys.openTaskDuePrefix}2026-03-31T18:30:00.000Z#01TASK`,
      companyCreatedAt: '2026-03-21T08:00:00.000Z',
      days: [],
      urgent: 0,
      revenue: { cents: 0, change: null },
    };
    expect(inputsHold(inputs, 7, new Date('2026-03-31T18:29:59.999Z'))).toBe(true);
    expect(inputsHold(inputs, 8, new Date('2026-03-31T10:00:00.000Z'))).toBe(false); // a write bumped the revision
    expect(inputsHold(inputs, 7, new Date('2026-03-31T18:30:00.001Z'))).toBe(false); // the task fell due
    expect(inputsHold({ ...inputs, nextDueSk: undefined }, 7, new Date('2026-03-31T23:59:59.999Z'))).toBe(true);
    expect(inputsHold({ ...inputs, nextDueSk: undefined }, 7, new Date('2026-04-01T00:00:00.000Z'))).toBe(false); // a new day, week or month
    expect(inputsHold({ ...inputs, day: '2026-04-20', nextDueSk: undefined }, 7, new Date('2026-04-20T08:00:00.000Z'))).toBe(false); // 30 days old
    // A date-only due date falls due as the entries sort (the count's own Query compares the same way).
    expect(inputsHold({ ...inputs, nextDueSk: `${keys.openTaskDuePrefix}2026-03-31#01TASK` }, 7, new Date('2026-03-31T10:00:00.000Z'))).toBe(false);
  });

  it('answers a warm dashboard request with one BatchGetItem, and a first task-list page with it and one Query', async () => {
    await dashboard(company.ceo.cookie);
    expect(await callsDuring(() => dashboard(company.ceo.cookie))).toEqual(['BatchGetItem']);
    const calls = await callsDuring(async () => expect((await invoke('GET', '/api/tasks', { cookies: [company.ceo.cookie] })).headers['x-total-count']).toBeDefined());
    expect(calls.sort()).toEqual(['BatchGetItem', 'Query']);
    // Staff see the same figures without money, from the same cached inputs.
    const staff = await company.add('staff');
    const [manager, member] = [(await dashboard(company.ceo.cookie)).body, (await dashboard(staff.cookie)).body];
    expect(member).toEqual({ ...manager, monthlyRevenue: null, monthlyRevenueChange: null });
  });
});

describe('sessions on the one-read path', () => {
  it('stop working on the very next request once deleted (sign-out, member removed), and a changed role holds at once', async () => {
    const company = await createTestCompany();
    const [leaving, promoted] = [await company.add('staff'), await company.add('staff')];
    for (const member of [company.ceo, leaving, promoted]) {
      expect((await dashboard(member.cookie)).status).toBe(200);
      expect((await dashboard(member.cookie)).status).toBe(200);
      expect((await invoke('GET', '/api/tasks', { cookies: [member.cookie] })).status).toBe(200);
    }
    expect((await invoke('DELETE', `/api/team/${leaving.user.id}`, { cookies: [company.ceo.cookie] })).status).toBe(204);
    expect((await dashboard(leaving.cookie)).status).toBe(401);
    expect((await invoke('GET', '/api/tasks', { cookies: [leaving.cookie] })).status).toBe(401);

    // A role change rewrites the member's session items (repositories/team.ts): the next request has the new role.
    const managersOnly = () => invoke('GET', '/api/team/durations', { cookies: [promoted.cookie] });
    expect([(await dashboard(promoted.cookie)).body.monthlyRevenue, (await managersOnly()).status]).toEqual([null, 403]);
    const setRole = (role: string) => invoke('PUT', `/api/team/${promoted.user.id}/role`, { cookies: [company.ceo.cookie], body: { role } });
    expect((await setRole('operational_manager')).status).toBe(200);
    expect([(await dashboard(promoted.cookie)).body.monthlyRevenue, (await managersOnly()).status]).toEqual([0, 200]);
    expect((await setRole('staff')).status).toBe(200);
    expect([(await dashboard(promoted.cookie)).body.monthlyRevenue, (await managersOnly()).status]).toEqual([null, 403]);

    expect((await invoke('GET', '/api/logout', { cookies: [company.ceo.cookie] })).status).toBe(302);
    expect((await dashboard(company.ceo.cookie)).status).toBe(401);
    expect((await invoke('GET', '/api/tasks', { cookies: [company.ceo.cookie] })).status).toBe(401);
  });

  it("new ids carry the company's id, old ones without it still work, and a prefix never reaches another company", async () => {
    const [mine, theirs] = [await createTestCompany({ name: 'Mine' }), await createTestCompany({ name: 'Theirs' })];
    await invoke('POST', '/api/properties', { cookies: [theirs.ceo.cookie], body: { name: 'Their house', address: 'Rua 9' } });
    await invoke('POST', '/api/invoices', { cookies: [theirs.ceo.cookie], body: { amount: '999.00', status: 'paid', dueDate: day(new Date()) } });
    const theirTask = (await invoke('POST', '/api/tasks', { cookies: [theirs.ceo.cookie], body: { type: 'cleaning', title: 'Their task', propertyId: (await invoke('GET', '/api/properties', { cookies: [theirs.ceo.cookie] })).body[0].id, status: 'pending' } })).body;
    expect(theirTask.id).toBeDefined();
    // Theirs is warm in this process's cache.
    expect((await dashboard(theirs.ceo.cookie)).body).toMatchObject({ activeProperties: 1, pendingTasks: 1, monthlyRevenue: 999 });

    const sid = mine.ceo.cookie.slice(`${SESSION_COOKIE}=`.length);
    expect(sid).toMatch(new RegExp(`^${mine.companyId}\\.[A-Za-z0-9_-]{43}$`));
    const mineFigures = { activeProperties: 0, pendingTasks: 0, monthlyRevenue: 0 };

    // An id without a prefix (an older release's): the sequential path, same answers.
    const old = await rawSession(mine.ceo.user);
    expect((await dashboard(old)).body).toMatchObject(mineFigures);
    const oldTasks = await invoke('GET', '/api/tasks', { cookies: [old] });
    expect([oldTasks.status, oldTasks.body, oldTasks.headers['x-total-count']]).toEqual([200, [], '0']);

    // Another company's prefix on my random part: no such session.
    const random = sid.split('.')[1];
    const forged = `${SESSION_COOKIE}=${theirs.companyId}.${random}`;
    for (const response of [await dashboard(forged), await invoke('GET', '/api/tasks', { cookies: [forged] })]) {
      expect(response.status).toBe(401);
      expect(JSON.stringify(response.body)).not.toContain('Their');
    }
    // A session item of my company stored under an id naming theirs (however it came to be): the
    // item's company is the one served; their items read with it are thrown away.
    const misleading = await rawSession(mine.ceo.user, `${theirs.companyId}.${randomBytes(32).toString('base64url')}`);
    expect((await dashboard(misleading)).body).toMatchObject(mineFigures);
    const tasks = await invoke('GET', '/api/tasks', { cookies: [misleading] });
    expect([tasks.status, tasks.body, tasks.headers['x-total-count']]).toEqual([200, [], '0']);

    // Ids of other shapes are not looked up.
    for (const bad of [`${mine.companyId}.${mine.companyId}.${random}`, `${'x'.repeat(65)}.${random}`, `${mine.companyId}.short`, `.${random}`]) {
      expect((await dashboard(`${SESSION_COOKIE}=${bad}`)).status).toBe(401);
    }
  });
});
