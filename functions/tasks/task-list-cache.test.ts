// The task list's first pages kept per process (functions/tasks/task-list-cache.ts), through the
// route table and the local stand-ins:
// - after every kind of task write (create, edit, assign, start/complete, a checklist tick, a photo,
//   a problem, a calendar sync's turnover, a dispatch move, a cancellation) the first pages served
//   equal the pages read with the cache cleared, and show the write;
// - a warm first page is one DynamoDB call (the session's BatchGetItem);
// - a page is only ever served to the company it was read for;
// - a write of a task item that does not move the task list's revision is refused (the guard).
process.env.CALENDAR_ALLOW_PRIVATE_HOSTS = 'true';

import { UpdateItemCommand } from '@aws-sdk/client-dynamodb';
import { BatchWriteCommand, GetCommand, PutCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { randomBytes } from 'node:crypto';
import type { Task } from '../../shared/schemas';
import { invoke } from '../../local/invoke';
import { installPermissionGuard } from '../../local/permission-guard';
import { createTestCompany, type TestCompany } from '../../tests/support/fixtures';
import { db, readClient, tableName } from '../data/client';
import { taskListRevisionBump, transactWrite, withTaskListRevision, type TransactItem } from '../data/db';
import { keys } from '../data/keys';
import { SESSION_TTL_SECONDS } from '../data/repositories/sessions';
import { SESSION_COOKIE } from '../lib/cookies';
import { startFeedServer, type FeedServer } from '../reservations/calendar-sync/fixtures/feed-server';
import { cachedFirstPage, cachedFirstPageCount, clearTaskListCache, ENTRY_LIMIT, keepFirstPage, taskListCacheSettings } from './task-list-cache';
import { callsDuring } from '../../tests/support/dynamodb-calls';

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ffff3f0005fe02fea73581e40000000049454e44ae426082', 'hex');
const DAY_MS = 86_400_000;

/** A page as compared: photo URLs without their signature (signed per request, they differ by the second). */
const comparable = (body: unknown) =>
  (body as Array<Task & { photos: Array<{ url: string }> }>).map((task) => ({ ...task, photos: task.photos.map((photo) => ({ ...photo, url: photo.url.split('?')[0] })) }));

let server: FeedServer;
let settleMs: number;
beforeAll(async () => {
  server = await startFeedServer();
  settleMs = taskListCacheSettings.settleMs;
  // Tests read right after their writes: every page is kept at once (the settle time has its own test).
  taskListCacheSettings.settleMs = 0;
});
afterAll(async () => {
  taskListCacheSettings.settleMs = settleMs;
  await server.close();
});

describe('the task list first pages, kept per process', () => {
  let company: TestCompany;
  let propertyId: string;
  let ceo: { cookies: string[] };

  beforeAll(async () => {
    company = await createTestCompany({ name: 'Listed Stays' });
    ceo = { cookies: [company.ceo.cookie] };
    propertyId = (await invoke('POST', '/api/properties', { ...ceo, body: { name: 'Casa do Farol', address: 'Rua 1' } })).body.id;
    const template = await invoke('PUT', `/api/properties/${propertyId}/checklist-template`, { ...ceo, body: { items: [{ description: 'Change the sheets', required: true }, { description: 'Check the minibar', required: false }] } });
    expect(template.status).toBe(200);
  });

  /** The first pages of a few filter combinations, as `cookie` reads them now, with their counts. */
  const queries = () => ['', '?status=pending', '?type=cleaning', '?status=in_progress&type=cleaning', `?propertyId=${propertyId}`, `?propertyId=${propertyId}&status=completed`, '?limit=3'];
  async function firstPages(cookie = company.ceo.cookie) {
    const pages: Record<string, unknown> = {};
    for (const query of queries()) {
      const response = await invoke('GET', `/api/tasks${query}`, { cookies: [cookie] });
      expect({ query, status: response.status }).toEqual({ query, status: 200 });
      pages[query] = { total: response.headers['x-total-count'], next: Boolean(response.headers['x-next-cursor']), tasks: comparable(response.body) };
    }
    return pages;
  }

  /**
   * Around one write: the pages are kept before it; after it, the pages served (from the cache where
   * it still held them) equal the pages read with the cache cleared, and differ from before.
   */
  async function expectFreshAfter(step: string, write: () => Promise<unknown>) {
    const before = await firstPages();
    expect(cachedFirstPageCount()).toBeGreaterThanOrEqual(queries().length);
    expect(await firstPages()).toEqual(before); // served from the cache: the same
    await write();
    const served = await firstPages();
    clearTaskListCache();
    const fresh = await firstPages();
    expect({ step, pages: served }).toEqual({ step, pages: fresh });
    expect({ step, changed: JSON.stringify(served) !== JSON.stringify(before) }).toEqual({ step, changed: true });
  }

  const put = async (id: string, changes: Record<string, unknown>, cookie = company.ceo.cookie) => {
    const current = (await invoke('GET', `/api/tasks/${id}`, ceo)).body as Task;
    const { type, title, description, propertyId: property, assignedUserId, status, dueDate } = current;
    const response = await invoke('PUT', `/api/tasks/${id}`, { cookies: [cookie], body: { type, title, description, propertyId: property, assignedUserId, status, dueDate, ...changes } });
    expect({ id, changes, status: response.status, body: response.status === 200 ? undefined : response.body }).toEqual({ id, changes, status: 200, body: undefined });
    return response.body as Task;
  };
  const create = async (body: Record<string, unknown> = {}) => {
    const response = await invoke('POST', '/api/tasks', { ...ceo, body: { type: 'cleaning', title: 'Clean', propertyId, status: 'pending', ...body } });
    expect(response.status).toBe(201);
    return response.body as Task;
  };

  it('serves after every kind of task write exactly what a read without the cache gives', async () => {
    const staff = await company.add('staff');
    let task!: Task;
    await expectFreshAfter('create', async () => {
      task = await create({ dueDate: new Date(Date.now() + 2 * DAY_MS).toISOString() });
    });
    await expectFreshAfter('edit the title', () => put(task.id, { title: 'Clean the terrace' }));
    await expectFreshAfter('assign', () => put(task.id, { assignedUserId: staff.user.id }));
    await expectFreshAfter('attach a checklist', async () => expect((await invoke('POST', `/api/tasks/${task.id}/checklist`, { ...ceo, body: {} })).status).toBe(201));
    await expectFreshAfter('start', () => put(task.id, { status: 'in_progress' }, staff.cookie));
    const checklist = (await invoke('GET', `/api/tasks/${task.id}/checklist`, ceo)).body as { items: Array<{ id: string; required: boolean }> };
    const required = checklist.items.find((item) => item.required)!;
    await expectFreshAfter('tick a required checklist item', async () => {
      expect((await invoke('PUT', `/api/tasks/${task.id}/checklist/items/${required.id}`, { cookies: [staff.cookie], body: { isCompleted: true } })).status).toBe(200);
    });
    await expectFreshAfter('add a photo', async () => {
      const presigned = await invoke('POST', '/api/objects/upload', { ...ceo, body: { taskId: task.id, contentType: 'image/png', size: PNG.length } });
      const uploadURL: string = presigned.body.uploadURL;
      expect((await fetch(uploadURL, { method: 'PUT', headers: { 'content-type': 'image/png', 'x-amz-tagging': 'upload=pending' }, body: PNG })).status).toBe(200);
      expect((await invoke('PUT', '/api/task-photos', { ...ceo, body: { photoURL: uploadURL.split('?')[0], taskId: task.id } })).status).toBe(200);
    });
    await expectFreshAfter('report a problem', async () => {
      expect((await invoke('POST', `/api/tasks/${task.id}/problems`, { cookies: [staff.cookie], body: { description: 'Broken tap', urgency: 'urgent' } })).status).toBe(201);
    });
    await expectFreshAfter('complete', () => put(task.id, { status: 'completed' }, staff.cookie));
    const other = await create({ type: 'maintenance', title: 'Fix the gate' });
    await expectFreshAfter('a dispatch move (another member and day)', async () => {
      expect((await invoke('GET', '/api/dispatch', ceo)).status).toBe(200);
      await put(other.id, { assignedUserId: staff.user.id, dueDate: new Date(Date.now() + 3 * DAY_MS).toISOString() });
    });
    await expectFreshAfter('cancel', () => put(other.id, { status: 'cancelled' }));
    let feedRoute = '';
    await expectFreshAfter('a calendar sync creating turnovers', async () => {
      feedRoute = '/list-cache/airbnb.ics';
      server.set(feedRoute, { fixture: 'airbnb.ics' });
      const feed = await invoke('POST', `/api/properties/${propertyId}/feeds`, { ...ceo, body: { url: `${server.url}${feedRoute}`, source: 'airbnb' } });
      expect(feed.status).toBe(201);
      expect((await invoke('POST', `/api/properties/${propertyId}/feeds/sync`, ceo)).status).toBeLessThan(300);
      const turnovers = ((await invoke('GET', '/api/tasks?limit=100', ceo)).body as Task[]).filter((t) => t.reservationId);
      expect(turnovers.length).toBeGreaterThan(0);
    });
    const reservation = ((await invoke('GET', `/api/reservations?propertyId=${propertyId}`, ceo)).body as Array<{ id: string; status?: string }>)[0];
    await expectFreshAfter('a reservation cancelled (its turnover cancelled)', async () => {
      expect((await invoke('POST', `/api/reservations/${reservation.id}/cancel`, { ...ceo, body: {} })).status).toBe(200);
    });
    // Not left for another test's scheduled sync to fetch.
    server.set(feedRoute, { status: 404 });
  }, 90_000); // about 12 s alone; it waited past 30 s on a machine busy with other test runs

  it('answers a warm first page with one DynamoDB call, the session and revision BatchGetItem', async () => {
    await create({ title: 'Warm' });
    for (const query of queries()) {
      await invoke('GET', `/api/tasks${query}`, ceo);
      const calls = await callsDuring(async () => expect((await invoke('GET', `/api/tasks${query}`, ceo)).headers['x-total-count']).toBeDefined());
      expect({ query, calls }).toEqual({ query, calls: ['BatchGetItem'] });
    }
    // Pages after the first are read every time, as before.
    const first = await invoke('GET', '/api/tasks?limit=1', ceo);
    const cursor = first.headers['x-next-cursor'];
    expect(cursor).toBeTruthy();
    const next = `/api/tasks?limit=1&cursor=${encodeURIComponent(cursor)}`;
    await invoke('GET', next, ceo);
    expect((await callsDuring(() => invoke('GET', next, ceo))).sort()).toEqual(['BatchGetItem', 'Query']);
  });

  it('keeps pages apart per company: a page is only ever served to the company it was read for', async () => {
    const theirs = await createTestCompany({ name: 'Their Stays' });
    const theirProperty = (await invoke('POST', '/api/properties', { cookies: [theirs.ceo.cookie], body: { name: 'Their house', address: 'Rua 9' } })).body.id;
    await invoke('POST', '/api/tasks', { cookies: [theirs.ceo.cookie], body: { type: 'cleaning', title: 'Their secret task', propertyId: theirProperty, status: 'pending' } });
    // Both warm, same queries.
    for (let read = 0; read < 2; read++) {
      const [mine, their] = [await invoke('GET', '/api/tasks', ceo), await invoke('GET', '/api/tasks', { cookies: [theirs.ceo.cookie] })];
      expect(JSON.stringify(mine.body)).not.toContain('Their secret task');
      expect((their.body as Task[]).map((t) => t.title)).toEqual(['Their secret task']);
      expect(their.headers['x-total-count']).toBe('1');
    }
    // A session of my company stored under an id naming theirs: the item's company is served, their kept page never.
    const sid = `${theirs.companyId}.${randomBytes(32).toString('base64url')}`;
    const expire = new Date(Date.now() + SESSION_TTL_SECONDS * 1000);
    const user = company.ceo.user;
    await db.send(new PutCommand({
      TableName: tableName(),
      Item: { ...keys.session(sid), ...keys.userSessions(user.id), gsi1sk: sid, entity: 'session', sid, sess: { userId: user.id, companyId: user.companyId, email: user.email, role: user.role }, expire: expire.toISOString(), expiresAt: Math.floor(expire.getTime() / 1000) },
    }));
    const misleading = await invoke('GET', '/api/tasks', { cookies: [`${SESSION_COOKIE}=${sid}`] });
    expect(misleading.status).toBe(200);
    expect(JSON.stringify(misleading.body)).not.toContain('Their secret task');
    expect(comparable(misleading.body)).toEqual(comparable((await invoke('GET', '/api/tasks', ceo)).body));
    // Their property's id in my list's filter: nothing of theirs.
    const probe = await invoke('GET', `/api/tasks?propertyId=${theirProperty}`, ceo);
    expect([probe.status, probe.body, probe.headers['x-total-count']]).toEqual([200, [], '0']);
  });

  it('moves the revision once per transaction, and concurrent task writes of one company all land', async () => {
    const tasks = await Promise.all(Array.from({ length: 4 }, (_, i) => create({ title: `Parallel ${i}` })));
    const revision = async () => Number((await db.send(new GetCommand({ TableName: tableName(), Key: keys.taskListRevision(company.companyId), ConsistentRead: true }))).Item?.rev ?? 0);
    const before = await revision();
    const edits = await Promise.all(tasks.map((task, i) => invoke('PUT', `/api/tasks/${task.id}`, { ...ceo, body: { type: task.type, title: `Edited ${i}`, description: task.description, propertyId, assignedUserId: null, status: 'pending', dueDate: null } })));
    expect(edits.map((edit) => edit.status)).toEqual([200, 200, 200, 200]);
    expect(await revision()).toBe(before + 4);
    const titles = ((await invoke('GET', '/api/tasks?limit=100', ceo)).body as Task[]).map((t) => t.title);
    expect(titles).toEqual(expect.arrayContaining(['Edited 0', 'Edited 1', 'Edited 2', 'Edited 3']));
  });
});

describe('the kept pages themselves', () => {
  const query = { limit: 25 } as const;
  const page = { items: [], cursor: undefined };

  beforeEach(() => clearTaskListCache());

  it('keeps a page only once its revision has settled (list reads are eventually consistent)', () => {
    taskListCacheSettings.settleMs = 3_000;
    try {
      const now = Date.now();
      keepFirstPage('c1', query, { rev: 4, at: now - 1_000 }, now, page);
      expect(cachedFirstPage('c1', query, { rev: 4, at: now - 1_000 })).toBeUndefined();
      keepFirstPage('c1', query, { rev: 4, at: now - 3_000 }, now, page);
      expect(cachedFirstPage('c1', query, { rev: 4, at: now - 3_000 })).toMatchObject({ rev: 4 });
      keepFirstPage('c2', query, { rev: 0, at: undefined }, now, page);
      expect(cachedFirstPage('c2', query, { rev: 0, at: undefined })).toBeDefined();
    } finally {
      taskListCacheSettings.settleMs = 0;
    }
  });

  it('drops a page at another revision, never keeps pages after the first, and holds at most ENTRY_LIMIT pages (least recently used out)', () => {
    keepFirstPage('c1', query, { rev: 1, at: undefined }, Date.now(), page);
    expect(cachedFirstPage('c1', query, { rev: 2, at: undefined })).toBeUndefined();
    expect(cachedFirstPage('c1', query, { rev: 1, at: undefined })).toBeUndefined(); // dropped
    keepFirstPage('c1', { ...query, cursor: 'x' }, { rev: 1, at: undefined }, Date.now(), page);
    expect(cachedFirstPageCount()).toBe(0);
    for (let i = 0; i < ENTRY_LIMIT; i++) keepFirstPage(`c${i}`, query, { rev: 1, at: undefined }, Date.now(), page);
    expect(cachedFirstPage('c0', query, { rev: 1, at: undefined })).toBeDefined(); // c0 now most recent
    keepFirstPage('new', query, { rev: 1, at: undefined }, Date.now(), page);
    expect(cachedFirstPageCount()).toBe(ENTRY_LIMIT);
    expect(cachedFirstPage('c1', query, { rev: 1, at: undefined })).toBeUndefined();
    expect(cachedFirstPage('c0', query, { rev: 1, at: undefined })).toBeDefined();
    expect(cachedFirstPage('new', query, { rev: 1, at: undefined })).toBeDefined();
    // The key is the company and the whole query.
    expect(cachedFirstPage('new', { ...query, status: 'pending' }, { rev: 1, at: undefined })).toBeUndefined();
    expect(cachedFirstPage('new', { limit: 26 }, { rev: 1, at: undefined })).toBeUndefined();
    // Never older than maxAgeMs, whatever the revision says.
    const old = Date.now() - taskListCacheSettings.maxAgeMs - 1;
    keepFirstPage('aged', query, { rev: 1, at: undefined }, old, page);
    expect(cachedFirstPage('aged', query, { rev: 1, at: undefined })).toBeUndefined();
  });
});

describe('the task-list revision rule', () => {
  const update = (companyId: string, taskId: string): TransactItem => ({
    Update: { TableName: tableName(), Key: keys.task(companyId, taskId), UpdateExpression: 'SET title = :t', ConditionExpression: 'attribute_exists(pk)', ExpressionAttributeValues: { ':t': 'Renamed' } },
  });

  it('adds one bump per company whose task items a transaction writes, after the caller\'s items', () => {
    const history: TransactItem = { Put: { TableName: tableName(), Item: { ...keys.taskHistory('a', 't1', 'e1') } } };
    const check: TransactItem = { ConditionCheck: { TableName: tableName(), Key: keys.task('a', 't9'), ConditionExpression: 'attribute_exists(pk)' } };
    expect(withTaskListRevision([history, check])).toEqual([history, check]); // no task item written
    const items = [update('a', 't1'), history, update('a', 't2'), update('b', 't3')];
    const sent = withTaskListRevision(items);
    expect(sent.slice(0, 4)).toEqual(items);
    expect(sent.slice(4).map((item) => item.Update?.Key)).toEqual([keys.taskListRevision('a'), keys.taskListRevision('b')]);
    // Already bumped by the caller: not twice (one transaction may not touch an item twice).
    const own = [update('a', 't1'), taskListRevisionBump('a')];
    expect(withTaskListRevision(own)).toEqual(own);
    // No room for the bump: refused before DynamoDB would.
    expect(() => withTaskListRevision(Array.from({ length: 100 }, (_, i) => update('a', `t${i}`)))).toThrow(/task list's revision/);
  });

  it('refuses, in tests, any write of a task item that does not move the revision in the same call, naming the rule', async () => {
    installPermissionGuard();
    const company = await createTestCompany();
    const propertyId = (await invoke('POST', '/api/properties', { cookies: [company.ceo.cookie], body: { name: 'Casa', address: 'Rua' } })).body.id;
    const task = (await invoke('POST', '/api/tasks', { cookies: [company.ceo.cookie], body: { title: 'Clean', propertyId } })).body as Task;
    const key = keys.task(company.companyId, task.id);
    const rule = /task-list revision[\s\S]*transactWrite/;
    // A single write, either client.
    await expect(db.send(new UpdateCommand({ TableName: tableName(), Key: key, UpdateExpression: 'SET title = :t', ExpressionAttributeValues: { ':t': 'Sneaky' } }))).rejects.toThrow(rule);
    await expect(readClient.send(new UpdateItemCommand({ TableName: tableName(), Key: { pk: { S: key.pk }, sk: { S: key.sk } }, UpdateExpression: 'SET title = :t', ExpressionAttributeValues: { ':t': { S: 'Sneaky' } } }))).rejects.toThrow(rule);
    await expect(db.send(new PutCommand({ TableName: tableName(), Item: { ...key, ...task, title: 'Sneaky' } }))).rejects.toThrow(rule);
    await expect(db.send(new BatchWriteCommand({ RequestItems: { [tableName()]: [{ DeleteRequest: { Key: key } }] } }))).rejects.toThrow(rule);
    // A transaction around transactWrite, without the bump, or with a bump that does not ADD to rev.
    await expect(db.send(new TransactWriteCommand({ TransactItems: [update(company.companyId, task.id)] }))).rejects.toThrow(rule);
    const fake: TransactItem = { Update: { TableName: tableName(), Key: keys.taskListRevision(company.companyId), UpdateExpression: 'SET rev = :one', ExpressionAttributeValues: { ':one': 1 } } };
    await expect(db.send(new TransactWriteCommand({ TransactItems: [update(company.companyId, task.id), fake] }))).rejects.toThrow(rule);
    // Another company's revision does not count.
    await expect(db.send(new TransactWriteCommand({ TransactItems: [update(company.companyId, task.id), taskListRevisionBump('someone-else')] }))).rejects.toThrow(rule);
    // Nothing was written.
    expect((await invoke('GET', `/api/tasks/${task.id}`, { cookies: [company.ceo.cookie] })).body.title).toBe('Clean');

    // With the bump it passes; transactWrite adds it itself; items merely named TASK… are not task items.
    await db.send(new TransactWriteCommand({ TransactItems: [update(company.companyId, task.id), taskListRevisionBump(company.companyId)] }));
    await transactWrite([update(company.companyId, task.id)], () => new Error('gone'));
    await db.send(new PutCommand({ TableName: tableName(), Item: { ...keys.taskHistory(company.companyId, task.id, 'X'), entity: 'probe' } }));
    const revision = await db.send(new GetCommand({ TableName: tableName(), Key: keys.taskListRevision(company.companyId), ConsistentRead: true }));
    expect(revision.Item).toMatchObject({ rev: 3 }); // created, and the two writes just made
  });
});
