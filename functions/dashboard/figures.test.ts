// Every dashboard and report figure, through the route table, against the same figure computed in
// the test from the company's items read straight from the table (not from any counter): a company
// created a minute ago, and one with varied items over the last months (issue 21, points 1 and 2).
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import ExcelJS from 'exceljs';
import type { TaskStatus, TaskType } from '../../shared/enums';
import type { Property, Task, User } from '../../shared/schemas';
import { invoke } from '../../local/invoke';
import { createTestCompany, type TestCompany } from '../../tests/support/fixtures';
import { db, tableName } from '../data/client';
import { queryAll } from '../data/db';
import { keys } from '../data/keys';
import { createProperty } from '../data/repositories/properties';
import { createTask, updateTask } from '../data/repositories/tasks';
import { createInvoice } from '../data/repositories/invoices';

const DAY_MS = 86_400_000;
const day = (at: Date | string) => new Date(at).toISOString().slice(0, 10);
const addDays = (d: string, n: number) => day(new Date(Date.parse(`${d}T00:00:00Z`) + n * DAY_MS));
const isOpen = (task: Task) => task.status === 'pending' || task.status === 'in_progress';
const onTime = (task: Task) => task.status === 'completed' && (!task.dueDate || (task.completedAt != null && task.completedAt <= task.dueDate));
const rate = (on: number, done: number) => (done ? Math.round((on / done) * 100) : null);
const change = (now: number, before: number) => (before === 0 ? null : Math.round(((now - before) / Math.abs(before)) * 1000) / 10);

/** The company's items, read from the table by their key prefix: what every figure must agree with. */
async function itemsOf(companyId: string) {
  const read = <T>(prefix: string) => queryAll<T>({ partition: keys.companyPartition(companyId), beginsWith: prefix }, 10_000);
  const [tasks, properties, invoices, users] = await Promise.all([
    read<Task>(keys.taskPrefix),
    read<Property>(keys.propertyPrefix),
    read<{ status: string; amountCents: number; paidAt: string | null }>(keys.invoicePrefix),
    read<User>(keys.userPrefix),
  ]);
  return { tasks, properties, invoices, users };
}

const get = async (company: TestCompany, path: string, cookie = company.ceo.cookie) => {
  const response = await invoke('GET', path, { cookies: [cookie] });
  expect(response.status).toBe(200);
  return response;
};

describe('a company created a minute ago', () => {
  it('says "new" for every change, counts 0 urgent and has no top performers', async () => {
    const company = await createTestCompany();
    const property = await createProperty({ companyId: company.companyId, plan: 'professional', unlimited: false }, { name: 'Casa', address: 'Rua 1' });
    await createTask(company.companyId, { type: 'cleaning', title: 'First clean', description: null, propertyId: property.id, assignedUserId: null, status: 'pending', dueDate: null });

    const metrics = (await get(company, '/api/dashboard/metrics')).body;
    expect(metrics).toMatchObject({
      activeProperties: 1,
      activePropertiesChange: null,
      pendingTasks: 1,
      urgentTasks: 0,
      monthlyRevenue: 0,
      monthlyRevenueChange: null,
      teamEfficiency: null,
      teamEfficiencyChange: null,
    });
    expect((await get(company, '/api/team/top-performers')).body).toEqual([]);
    expect((await get(company, '/api/financials/summary')).body.revenueChange).toBeNull();
    const tasks = await get(company, '/api/tasks');
    expect(tasks.headers['x-total-count']).toBe('1');
  });

  it('shows staff the same figures without money', async () => {
    const company = await createTestCompany();
    const staff = await company.add('staff');
    const metrics = (await get(company, '/api/dashboard/metrics', staff.cookie)).body;
    expect(metrics).toMatchObject({ monthlyRevenue: null, monthlyRevenueChange: null, urgentTasks: 0, activePropertiesChange: null });
  });
});

describe('a company with varied items', () => {
  const now = new Date();
  const today = day(now);
  const sinceMonday = (now.getUTCDay() + 6) % 7;
  const weekStart = addDays(today, -sinceMonday);
  const at = (d: string, hour = 10) => new Date(`${d}T${String(hour).padStart(2, '0')}:00:00.000Z`);
  const earlier = (minutes: number) => new Date(now.getTime() - minutes * 60_000);
  let company: TestCompany;
  let members: Record<'ana' | 'bruno' | 'manager', string>;
  let propertyIds: string[];

  beforeAll(async () => {
    company = await createTestCompany({ name: 'Varied Stays' });
    // The company has existed for 90 days.
    await db.send(new UpdateCommand({ TableName: tableName(), Key: keys.company(company.companyId), UpdateExpression: 'SET createdAt = :at', ExpressionAttributeValues: { ':at': new Date(now.getTime() - 90 * DAY_MS).toISOString() } }));
    const ana = await company.add('staff');
    const bruno = await company.add('staff');
    const manager = await company.add('operational_manager');
    members = { ana: ana.user.id, bruno: bruno.user.id, manager: manager.user.id };
    const ctx = { companyId: company.companyId, plan: 'professional' as const, unlimited: false };
    const property = (name: string, created: Date) => createProperty(ctx, { name, address: `${name} street` }, created);
    propertyIds = [
      (await property('Old', new Date(now.getTime() - 60 * DAY_MS))).id,
      (await property('Older', new Date(now.getTime() - 45 * DAY_MS))).id,
      (await property('Recent', new Date(now.getTime() - 10 * DAY_MS))).id,
      (await property('Today', earlier(5))).id,
    ];
    const [p1, p2, p3] = propertyIds;

    const task = (created: Date, fields: { type?: TaskType; status?: TaskStatus; dueDate?: string | null; assignee?: string | null; propertyId?: string }, extra = {}) =>
      createTask(
        company.companyId,
        { type: fields.type ?? 'cleaning', title: 'Task', description: null, propertyId: fields.propertyId ?? p1, assignedUserId: fields.assignee ?? null, status: fields.status ?? 'pending', dueDate: fields.dueDate ?? null },
        created,
        undefined,
        extra,
      );
    const lastWeekSaturday = addDays(weekStart, -2);
    const twoWeeksAgo = addDays(weekStart, -9);
    // Completions: last week (Ana on time, Ana late, Bruno without a due date), this week (Ana on
    // time, Bruno late), two weeks ago (Bruno on time), 40 days ago (the manager: outside 30 days).
    await task(at(lastWeekSaturday), { status: 'completed', assignee: members.ana, dueDate: at(lastWeekSaturday, 18).toISOString() });
    await task(at(lastWeekSaturday, 12), { status: 'completed', assignee: members.ana, dueDate: at(lastWeekSaturday, 8).toISOString(), type: 'laundry' });
    await task(at(lastWeekSaturday, 14), { status: 'completed', assignee: members.bruno, propertyId: p2 });
    await task(earlier(30), { status: 'completed', assignee: members.ana, dueDate: new Date(now.getTime() + DAY_MS).toISOString() });
    await task(earlier(20), { status: 'completed', assignee: members.bruno, dueDate: earlier(60).toISOString(), type: 'maintenance' });
    await task(at(twoWeeksAgo), { status: 'completed', assignee: members.bruno, dueDate: at(twoWeeksAgo, 20).toISOString() });
    await task(new Date(now.getTime() - 40 * DAY_MS), { status: 'completed', assignee: members.manager });
    // A pending task completed later, by update: credit on the day it was completed.
    const later = await task(earlier(90), { assignee: members.bruno, dueDate: new Date(now.getTime() + 2 * DAY_MS).toISOString(), propertyId: p3 });
    await updateTask(company.companyId, later.id, { status: 'completed' }, earlier(10));

    // Open work: overdue (pending and in progress), due tomorrow, urgent (undated), urgent and
    // overdue (counted once), no due date; cancelled overdue and completed urgent do not count.
    await task(earlier(300), { dueDate: new Date(now.getTime() - DAY_MS).toISOString() });
    await task(earlier(300), { status: 'in_progress', dueDate: earlier(45).toISOString(), assignee: members.ana, type: 'maintenance' });
    await task(earlier(300), { dueDate: new Date(now.getTime() + DAY_MS).toISOString(), propertyId: p2 });
    await task(earlier(200), { type: 'maintenance' }, { urgency: 'urgent' });
    await task(earlier(200), { type: 'maintenance', dueDate: earlier(100).toISOString() }, { urgency: 'urgent' });
    await task(earlier(200), { type: 'laundry' });
    await task(earlier(200), { status: 'cancelled', dueDate: earlier(100).toISOString() });
    await task(earlier(200), { status: 'completed', type: 'maintenance' }, { urgency: 'urgent' });
    // Moved out of overdue, and an urgent one completed: both leave the urgent count.
    const moved = await task(earlier(300), { dueDate: earlier(120).toISOString() });
    await updateTask(company.companyId, moved.id, { dueDate: new Date(now.getTime() + 3 * DAY_MS).toISOString() }, earlier(2));
    const fixed = await task(earlier(300), { type: 'maintenance' }, { urgency: 'urgent' });
    await updateTask(company.companyId, fixed.id, { status: 'completed' }, earlier(1));

    // Money: paid this month and last month, one unpaid.
    const lastMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 15, 10));
    await createInvoice(company.companyId, { amount: '200.00', status: 'paid', dueDate: day(lastMonth), paidAt: lastMonth.toISOString() }, lastMonth);
    await createInvoice(company.companyId, { amount: '250.00', status: 'paid', dueDate: today, paidAt: earlier(3).toISOString() }, earlier(3));
    await createInvoice(company.companyId, { amount: '999.99', dueDate: addDays(today, 5) }, earlier(3));
  });

  it('answers the dashboard figures the items give', async () => {
    const { tasks, properties, invoices } = await itemsOf(company.companyId);
    const metrics = (await get(company, '/api/dashboard/metrics')).body;

    const firstRecentDay = addDays(today, -29);
    const before = properties.filter((p) => day(p.createdAt) < firstRecentDay).length;
    const weekDays = (from: string, to: string) => tasks.filter((t) => t.status === 'completed' && t.completedAt && day(t.completedAt) >= from && day(t.completedAt) <= to);
    const thisWeek = weekDays(weekStart, addDays(weekStart, 6));
    const lastWeek = weekDays(addDays(weekStart, -7), addDays(weekStart, -1));
    const thisRate = rate(thisWeek.filter(onTime).length, thisWeek.length);
    const lastRate = rate(lastWeek.filter(onTime).length, lastWeek.length);
    const month = today.slice(0, 7);
    const previousMonth = day(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1))).slice(0, 7);
    const paidIn = (m: string) => invoices.filter((i) => i.status === 'paid' && i.paidAt?.slice(0, 7) === m).reduce((sum, i) => sum + i.amountCents, 0);
    const urgent = tasks.filter((t) => isOpen(t) && ((t.dueDate && Date.parse(t.dueDate) < Date.now()) || t.urgency === 'urgent')).length;

    expect(metrics).toMatchObject({
      activeProperties: properties.length,
      activePropertiesChange: change(properties.length, before),
      pendingTasks: tasks.filter((t) => t.status === 'pending').length,
      urgentTasks: urgent,
      monthlyRevenue: paidIn(month) / 100,
      monthlyRevenueChange: change(paidIn(month), paidIn(previousMonth)),
      teamEfficiency: thisRate,
      teamEfficiencyChange: thisRate !== null && lastRate !== null ? thisRate - lastRate : null,
    });
    // The values this seed must give, so the comparison above cannot pass on empty data.
    expect(metrics).toMatchObject({ activeProperties: 4, activePropertiesChange: 100, urgentTasks: 4, monthlyRevenue: 250, monthlyRevenueChange: 25 });
    // Financials computes the same change for the same revenue.
    expect((await get(company, '/api/financials/summary')).body.revenueChange).toBe(metrics.monthlyRevenueChange);
  });

  it('ranks top performers by their real on-time rate over the last 30 days, as the Team screen shows', async () => {
    const { tasks, users } = await itemsOf(company.companyId);
    const from = addDays(today, -29);
    const expected = users
      .map((user) => {
        const done = tasks.filter((t) => t.status === 'completed' && t.assignedUserId === user.id && t.completedAt && day(t.completedAt) >= from);
        const on = done.filter(onTime).length;
        return { id: user.id, completedInPeriod: done.length, onTimeInPeriod: on, score: rate(on, done.length) ?? 0 };
      })
      .filter((entry) => entry.completedInPeriod > 0)
      .sort((a, b) => b.onTimeInPeriod - a.onTimeInPeriod || b.score - a.score || b.completedInPeriod - a.completedInPeriod);
    const top = (await get(company, '/api/team/top-performers')).body as Array<{ id: string; score: number; completedInPeriod: number; onTimeInPeriod: number; periodDays: number }>;
    expect(top.map(({ id, score, completedInPeriod, onTimeInPeriod }) => ({ id, score, completedInPeriod, onTimeInPeriod }))).toEqual(expected);
    expect(top.map((entry) => entry.id)).not.toContain(members.manager); // 40 days ago: outside the period
    expect(top.every((entry) => entry.periodDays === 30)).toBe(true);
  });

  it('says how many tasks match each filter of the task list, counted by the server', async () => {
    const { tasks } = await itemsOf(company.companyId);
    const cases: Array<[string, (t: Task) => boolean]> = [
      ['', () => true],
      ['status=pending', (t) => t.status === 'pending'],
      ['type=maintenance', (t) => t.type === 'maintenance'],
      ['status=completed&type=maintenance', (t) => t.status === 'completed' && t.type === 'maintenance'],
      [`propertyId=${propertyIds[1]}`, (t) => t.propertyId === propertyIds[1]],
      [`propertyId=${propertyIds[0]}&status=completed`, (t) => t.propertyId === propertyIds[0] && t.status === 'completed'],
    ];
    for (const [query, matches] of cases) {
      const response = await get(company, `/api/tasks?limit=2${query ? `&${query}` : ''}`);
      expect({ query, total: response.headers['x-total-count'] }).toEqual({ query, total: String(tasks.filter(matches).length) });
      expect(response.body.length).toBeLessThanOrEqual(2); // the count is not the number loaded
    }
    const next = await get(company, `/api/tasks?limit=2&cursor=${(await get(company, '/api/tasks?limit=2')).headers['x-next-cursor']}`);
    expect(next.headers['x-total-count']).toBeUndefined();
  });

  it.each(['this_week', 'this_month', 'last_month'])('answers the %s report figures the items give', async (range) => {
    const { tasks, properties, invoices, users } = await itemsOf(company.companyId);
    const report = (await get(company, `/api/reports?range=${range}&type=all`)).body;
    const { from, to } = report.range as { from: string; to: string };
    const inRange = (at: string | null | undefined) => Boolean(at) && day(at!) >= from && day(at!) <= to;
    const created = tasks.filter((t) => inRange(t.createdAt));
    const count = (status: TaskStatus) => created.filter((t) => t.status === status).length;
    const completedInRange = tasks.filter((t) => t.status === 'completed' && inRange(t.completedAt));
    expect(report.tasks).toMatchObject({
      total: created.length,
      completed: count('completed'),
      pending: count('pending'),
      inProgress: count('in_progress'),
      cancelled: count('cancelled'),
      completionRate: created.length ? Math.round((count('completed') / created.length) * 100) : 0,
      completedInRange: completedInRange.length,
      byType: { cleaning: created.filter((t) => t.type === 'cleaning').length, maintenance: created.filter((t) => t.type === 'maintenance').length, laundry: created.filter((t) => t.type === 'laundry').length },
    });
    const byProperty: Record<string, number> = {};
    for (const t of created) byProperty[t.propertyId] = (byProperty[t.propertyId] ?? 0) + 1;
    expect(report.properties).toMatchObject({ active: properties.length, tasksByProperty: byProperty });
    const people = Object.fromEntries((report.team.people as Array<{ id: string; completedInRange: number }>).map((p) => [p.id, p.completedInRange]));
    for (const user of users) expect({ user: user.id, done: people[user.id] }).toEqual({ user: user.id, done: completedInRange.filter((t) => t.assignedUserId === user.id).length });
    expect(report.team.efficiency).toBe(count('completed') ? Math.round((created.filter(onTime).length / count('completed')) * 100) : 0);
    const paid = invoices.filter((i) => i.status === 'paid' && inRange(i.paidAt));
    expect(report.financial.revenue.cents).toBe(paid.reduce((sum, i) => sum + i.amountCents, 0));
    expect(report.financial.paidInvoices).toBe(paid.length);
  });
});

describe('report files', () => {
  it("show the time they were generated in the company's zone, naming it", async () => {
    const company = await createTestCompany({ name: 'Zoned Stays' });
    await db.send(new UpdateCommand({ TableName: tableName(), Key: keys.company(company.companyId), UpdateExpression: 'SET #tz = :tz', ExpressionAttributeNames: { '#tz': 'timezone' }, ExpressionAttributeValues: { ':tz': 'America/Los_Angeles' } }));
    const xlsx = await get(company, '/api/reports/export?format=xlsx&range=this_month&type=tasks');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.from(xlsx.text, 'base64') as unknown as ArrayBuffer);
    let generated: unknown;
    workbook.getWorksheet('Summary')!.eachRow((row) => {
      if (row.getCell(1).value === 'Generated at') generated = row.getCell(2).value;
    });
    const zone = new Intl.DateTimeFormat('en-US', { timeZone: 'America/Los_Angeles', timeZoneName: 'short' }).formatToParts(new Date()).find((part) => part.type === 'timeZoneName')!.value;
    expect(String(generated)).toMatch(new RegExp(`${zone}$`));
    expect(String(generated)).not.toMatch(/UTC/);
  });
});
