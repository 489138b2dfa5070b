import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from './client';
import { transactWrite, decodeCursor, getItems } from './db';
import { keys } from './keys';
import { createProperty, getProperty, listProperties } from './repositories/properties';
import { createTask, getTask, listTasks, recentTasks, updateTask } from './repositories/tasks';
import { addTaskPhoto } from './repositories/task-photos';
import { getStats } from './repositories/stats';
import { getUser, listUsers, topPerformers } from './repositories/users';
import { upcomingCheckins } from './repositories/reservations';
import { createSession, deleteSession, getSession } from './repositories/sessions';
import { createTestCompany, putRaw } from '../../tests/support/fixtures';
import { BadRequestError, PlanLimitError } from '../lib/errors';

describe('the single-table data layer', () => {
  it('writes nothing when one condition in a transaction fails', async () => {
    const marker = `MARKER#${Date.now()}`;
    await putRaw({ pk: marker, sk: 'EXISTING', value: 1 });
    await expect(
      transactWrite(
        [
          { Put: { TableName: tableName(), Item: { pk: marker, sk: 'NEW', value: 2 } } },
          { Update: { TableName: tableName(), Key: { pk: marker, sk: 'EXISTING' }, UpdateExpression: 'SET #v = :v', ConditionExpression: '#v = :expected', ExpressionAttributeNames: { '#v': 'value' }, ExpressionAttributeValues: { ':v': 3, ':expected': 99 } } },
        ],
        (index) => new Error(`failed at ${index}`),
      ),
    ).rejects.toThrow('failed at 1');
    const created = await db.send(new GetCommand({ TableName: tableName(), Key: { pk: marker, sk: 'NEW' } }));
    const existing = await db.send(new GetCommand({ TableName: tableName(), Key: { pk: marker, sk: 'EXISTING' } }));
    expect(created.Item).toBeUndefined();
    expect(existing.Item?.value).toBe(1);
  });

  it('counts properties in the same write and refuses the one past the plan limit', async () => {
    const company = await createTestCompany({ plan: 'basic' });
    const ctx = { companyId: company.companyId, plan: 'basic' as const, unlimited: false };
    for (let i = 0; i < 5; i++) await createProperty(ctx, { name: `Casa ${i}`, address: `Rua ${i}` });
    await expect(createProperty(ctx, { name: 'One too many', address: 'Rua 6' })).rejects.toBeInstanceOf(PlanLimitError);
    expect((await getStats(company.companyId)).propertyCount).toBe(5);
    const page = await listProperties(company.companyId, { limit: 100 });
    expect(page.items.map((p) => p.name)).not.toContain('One too many');
    expect(page.items).toHaveLength(5);
  });

  it('lets the master account past the limit', async () => {
    const company = await createTestCompany({ plan: 'basic' });
    const ctx = { companyId: company.companyId, plan: 'basic' as const, unlimited: true };
    for (let i = 0; i < 6; i++) await createProperty(ctx, { name: `Casa ${i}`, address: `Rua ${i}` });
    expect((await getStats(company.companyId)).propertyCount).toBe(6);
  });

  it('keeps task counters right across create, status change, type change and reassignment', async () => {
    const company = await createTestCompany();
    const staff = await company.add('staff');
    const other = await company.add('staff');
    const property = await createProperty({ companyId: company.companyId, plan: 'professional', unlimited: false }, { name: 'Casa', address: 'Rua' });
    const base = { type: 'cleaning' as const, title: 'Clean', description: null, propertyId: property.id, assignedUserId: staff.user.id, status: 'pending' as const, dueDate: null };
    const task = await createTask(company.companyId, base);
    await createTask(company.companyId, { ...base, type: 'laundry', assignedUserId: null });
    let stats = await getStats(company.companyId);
    expect(stats.taskCount).toBe(2);
    expect(stats.tasksByStatus.pending).toBe(2);
    expect(stats.tasksByType).toMatchObject({ cleaning: 1, laundry: 1, maintenance: 0 });

    const done = await updateTask(company.companyId, task.id, { status: 'completed', type: 'maintenance' });
    expect(done.completedAt).toBeTruthy();
    stats = await getStats(company.companyId);
    expect(stats.tasksByStatus).toMatchObject({ pending: 1, completed: 1 });
    expect(stats.tasksByType).toMatchObject({ cleaning: 0, maintenance: 1, laundry: 1 });
    expect(stats.completedOnTime).toBe(1);
    expect((await getUser(company.companyId, staff.user.id))?.completedTasks).toBe(1);

    await updateTask(company.companyId, task.id, { assignedUserId: other.user.id });
    expect((await getUser(company.companyId, staff.user.id))?.completedTasks).toBe(0);
    expect((await getUser(company.companyId, other.user.id))?.completedTasks).toBe(1);
    expect((await topPerformers(company.companyId)).map((u) => u.id)).toEqual([other.user.id]);

    await updateTask(company.companyId, task.id, { status: 'pending' });
    stats = await getStats(company.companyId);
    expect(stats.tasksByStatus).toMatchObject({ pending: 2, completed: 0 });
    expect(stats.completedOnTime).toBe(0);
    expect((await getUser(company.companyId, other.user.id))?.completedTasks).toBe(0);
  });

  it('refuses a task on another company\'s property and writes nothing', async () => {
    const mine = await createTestCompany();
    const theirs = await createTestCompany();
    const property = await createProperty({ companyId: theirs.companyId, plan: 'professional', unlimited: false }, { name: 'Theirs', address: 'Rua' });
    await expect(
      createTask(mine.companyId, { type: 'cleaning', title: 'x', description: null, propertyId: property.id, assignedUserId: null, status: 'pending', dueDate: null }),
    ).rejects.toBeInstanceOf(BadRequestError);
    expect((await getStats(mine.companyId)).taskCount).toBe(0);
    expect((await listTasks(mine.companyId, { limit: 10 })).items).toHaveLength(0);
  });

  it('serves every task filter from its own index, newest first, paginated', async () => {
    const company = await createTestCompany();
    const ctx = { companyId: company.companyId, plan: 'professional' as const, unlimited: false };
    const a = await createProperty(ctx, { name: 'A', address: 'Rua A' });
    const b = await createProperty(ctx, { name: 'B', address: 'Rua B' });
    const make = (title: string, type: 'cleaning' | 'laundry', status: 'pending' | 'completed', propertyId: string) =>
      createTask(company.companyId, { type, title, description: null, propertyId, assignedUserId: null, status, dueDate: null });
    await make('t1', 'cleaning', 'pending', a.id);
    await make('t2', 'laundry', 'pending', a.id);
    await make('t3', 'cleaning', 'completed', b.id);
    await make('t4', 'laundry', 'completed', b.id);
    const titles = async (query: Parameters<typeof listTasks>[1]) => (await listTasks(company.companyId, query)).items.map((t) => t.title);
    expect(await titles({ limit: 10 })).toEqual(['t4', 't3', 't2', 't1']);
    expect(await titles({ limit: 10, status: 'pending' })).toEqual(['t2', 't1']);
    expect(await titles({ limit: 10, type: 'cleaning' })).toEqual(['t3', 't1']);
    expect(await titles({ limit: 10, status: 'completed', type: 'laundry' })).toEqual(['t4']);
    expect(await titles({ limit: 10, propertyId: b.id })).toEqual(['t4', 't3']);
    expect(await titles({ limit: 10, propertyId: a.id, type: 'laundry' })).toEqual(['t2']);
    const first = await listTasks(company.companyId, { limit: 3 });
    const second = await listTasks(company.companyId, { limit: 3, cursor: first.cursor });
    expect(first.items).toHaveLength(3);
    expect(second.items.map((t) => t.title)).toEqual(['t1']);
    expect((await recentTasks(company.companyId, 2)).map((t) => t.title)).toEqual(['t4', 't3']);
  });

  it('lists each task with every attribute its own read has, photos included, and no index keys', async () => {
    const company = await createTestCompany();
    const ctx = { companyId: company.companyId, plan: 'professional' as const, unlimited: false };
    const property = await createProperty(ctx, { name: 'A', address: 'Rua A' });
    const task = await createTask(company.companyId, {
      type: 'maintenance', title: 'Fix the tap', description: 'Kitchen', propertyId: property.id,
      assignedUserId: company.ceo.user.id, status: 'in_progress', dueDate: '2030-01-02T10:00:00.000Z',
    });
    await addTaskPhoto(company.companyId, task.id, { key: `companies/${company.companyId}/tasks/${task.id}/a.jpg`, uploadedAt: new Date().toISOString(), uploadedBy: company.ceo.user.id });
    const [listed] = (await listTasks(company.companyId, { limit: 5 })).items;
    const read = await getTask(company.companyId, task.id);
    const { photoKeys: _keys, ...expected } = read as typeof read & { photoKeys?: string[] };
    expect(listed).toEqual(expected);
    expect((listed as unknown as { photos: unknown[] }).photos).toHaveLength(1);
    expect(Object.keys(listed).filter((name) => /^(pk|sk|gsi\d|entity)/.test(name))).toEqual([]);
  });

  it('reads several items in one batch, in the order asked, absent ones as undefined', async () => {
    const marker = `BATCH#${Date.now()}`;
    await putRaw({ pk: marker, sk: 'A', value: 1, gsi1pk: 'x' });
    await putRaw({ pk: marker, sk: 'C', value: 3 });
    const items = await getItems([{ pk: marker, sk: 'C' }, { pk: marker, sk: 'B' }, { pk: marker, sk: 'A' }]);
    expect(items).toEqual([{ value: 3 }, undefined, { value: 1 }]);
  });

  it('never returns another company\'s items, even with a cursor taken from it', async () => {
    const mine = await createTestCompany();
    const theirs = await createTestCompany();
    const ctx = { companyId: theirs.companyId, plan: 'professional' as const, unlimited: false };
    await createProperty(ctx, { name: 'P1', address: 'x' });
    await createProperty(ctx, { name: 'P2', address: 'x' });
    const theirPage = await listProperties(theirs.companyId, { limit: 1 });
    expect(theirPage.cursor).toBeDefined();
    expect((await listProperties(mine.companyId, { limit: 10 })).items).toHaveLength(0);
    await expect(listProperties(mine.companyId, { limit: 10, cursor: theirPage.cursor })).rejects.toBeInstanceOf(BadRequestError);
    expect(await getProperty(mine.companyId, theirPage.items[0].id)).toBeUndefined();
    expect((await listUsers(mine.companyId)).every((u) => u.companyId === mine.companyId)).toBe(true);
    expect(() => decodeCursor('garbage', { partition: 'x' })).toThrow(BadRequestError);
  });

  it('lists upcoming check-ins soonest first from now on', async () => {
    const company = await createTestCompany();
    const day = 86_400_000;
    const put = (id: string, offsetDays: number) => {
      const checkinDate = new Date(Date.now() + offsetDays * day).toISOString();
      const r = { id, propertyId: 'p', guestName: `Guest ${id}`, checkinDate, checkoutDate: checkinDate, createdAt: checkinDate, updatedAt: checkinDate };
      return putRaw({ ...keys.reservation(company.companyId, id), ...keys.reservationIndexes(company.companyId, r), entity: 'reservation', ...r });
    };
    await put('past', -2);
    await put('later', 5);
    await put('soon', 1);
    const upcoming = await upcomingCheckins(company.companyId, new Date(), 5);
    expect(upcoming.map((r) => r.id)).toEqual(['soon', 'later']);
  });

  it('keeps sessions with an expiry and a TTL attribute, and deletes them', async () => {
    const company = await createTestCompany();
    const session = await createSession({ userId: company.ceo.user.id, companyId: company.companyId, email: company.ceo.user.email, role: 'ceo' });
    const raw = await db.send(new GetCommand({ TableName: tableName(), Key: keys.session(session.sid) }));
    expect(raw.Item?.expiresAt).toBeGreaterThan(Date.now() / 1000);
    expect(await getSession(session.sid)).toMatchObject({ sid: session.sid });
    expect(await getSession(session.sid, new Date(Date.parse(session.expire) + 1000))).toBeUndefined();
    await deleteSession(session.sid);
    expect(await getSession(session.sid)).toBeUndefined();
  });
});
