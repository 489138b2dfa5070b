// A task's life through the route table and the local stand-ins: its history, time on task, staff
// acting only on their own work, problems reported from the field, and idempotent replays.
import { invoke } from '../../local/invoke';
import { createTestCompany, type Member, type TestCompany } from '../../tests/support/fixtures';
import { emailsTo, savePreferences } from '../../tests/support/notifications';
import { DOMAIN_EVENTS, SYNC_ACTOR_ID } from '../../events/catalogue';
import type { Task } from '#shared/schemas';
import { getStats } from '../data/repositories/stats';
import { createTask, getTask, updateTask } from '../data/repositories/tasks';
import { taskEvents } from '../events/task-events';

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ffff3f0005fe02fea73581e40000000049454e44ae426082', 'hex');
const PT = { 'accept-language': 'pt-BR' };

async function propertyOf(company: TestCompany) {
  const response = await invoke('POST', '/api/properties', { cookies: [company.ceo.cookie], body: { name: 'Casa Azul', address: 'Rua 1' } });
  expect(response.status).toBe(201);
  return response.body.id as string;
}

async function taskFor(company: TestCompany, propertyId: string, extra: Record<string, unknown> = {}): Promise<Task> {
  const response = await invoke('POST', '/api/tasks', { cookies: [company.ceo.cookie], body: { title: 'Turnover cleaning', propertyId, ...extra } });
  expect(response.status).toBe(201);
  return response.body;
}

const put = (member: Member, task: Task, changes: Record<string, unknown>, headers: Record<string, string> = {}) =>
  invoke('PUT', `/api/tasks/${task.id}`, {
    cookies: [member.cookie],
    headers,
    body: { type: task.type, title: task.title, description: task.description, propertyId: task.propertyId, assignedUserId: task.assignedUserId, status: task.status, dueDate: task.dueDate, ...changes },
  });

async function history(member: Member, taskId: string, query = '') {
  const response = await invoke('GET', `/api/tasks/${taskId}/history${query}`, { cookies: [member.cookie] });
  return response;
}

/** Uploads a PNG for a task through the presigned flow; answers the object's URL (no query). */
async function upload(member: Member, taskId: string): Promise<string> {
  const presigned = await invoke('POST', '/api/objects/upload', { cookies: [member.cookie], body: { taskId, contentType: 'image/png', size: PNG.length } });
  expect(presigned.status).toBe(200);
  const sent = await fetch(presigned.body.uploadURL, { method: 'PUT', headers: { 'content-type': 'image/png', 'x-amz-tagging': 'upload=pending' }, body: PNG });
  expect(sent.status).toBe(200);
  return String(presigned.body.uploadURL).split('?')[0];
}

describe('task history', () => {
  it('records every change with who, when and what, newest first, paginated', async () => {
    const company = await createTestCompany();
    const manager = await company.add('operational_manager');
    const staff = await company.add('staff');
    const other = await company.add('staff');
    const propertyId = await propertyOf(company);
    let task = await taskFor(company, propertyId, { assignedUserId: staff.user.id, dueDate: '2030-01-10T10:00:00.000Z' });
    task = (await put(manager, task, { assignedUserId: other.user.id })).body;
    task = (await put(manager, task, { dueDate: '2030-01-11T10:00:00.000Z' })).body;
    task = (await put(company.ceo, task, { assignedUserId: staff.user.id, title: 'Deep clean' })).body;
    task = (await put(staff, task, { status: 'in_progress' })).body;
    task = (await put(staff, task, { status: 'completed' })).body;
    task = (await put(manager, task, { status: 'in_progress' })).body;
    task = (await put(manager, task, { status: 'cancelled', assignedUserId: null })).body;

    const all = await history(staff, task.id, '?limit=100');
    expect(all.status).toBe(200);
    const lines = all.body.map((entry: { action: string; actorUserId: string }) => [entry.action, entry.actorUserId]);
    // Newest first; one write may record several lines (their order within the write is kept).
    expect(lines).toEqual([
      ['cancelled', manager.user.id],
      ['unassigned', manager.user.id],
      ['reopened', manager.user.id],
      ['completed', staff.user.id],
      ['started', staff.user.id],
      ['edited', company.ceo.user.id],
      ['assigned', company.ceo.user.id],
      ['moved', manager.user.id],
      ['assigned', manager.user.id],
      ['created', company.ceo.user.id],
    ]);
    const moved = all.body.find((entry: { action: string }) => entry.action === 'moved');
    expect(moved.changes).toEqual([{ field: 'dueDate', from: '2030-01-10T10:00:00.000Z', to: '2030-01-11T10:00:00.000Z' }]);
    const reassigned = all.body.filter((entry: { action: string }) => entry.action === 'assigned').at(-1);
    expect(reassigned.changes).toEqual([{ field: 'assignedUserId', from: staff.user.id, to: other.user.id }]);
    expect(all.body.find((entry: { action: string }) => entry.action === 'edited').changes).toEqual([{ field: 'title', from: 'Turnover cleaning', to: 'Deep clean' }]);
    for (const entry of all.body) expect(Date.parse(entry.at)).not.toBeNaN();

    const first = await history(company.ceo, task.id, '?limit=3');
    expect(first.body).toHaveLength(3);
    const cursor = first.headers['x-next-cursor'];
    expect(cursor).toBeTruthy();
    const second = await history(company.ceo, task.id, `?limit=3&cursor=${cursor}`);
    expect(second.body.map((entry: { id: string }) => entry.id)).toEqual(all.body.slice(3, 6).map((entry: { id: string }) => entry.id));
  });

  it('answers 404 for another company\'s task, and refuses a cursor of another task', async () => {
    const mine = await createTestCompany();
    const theirs = await createTestCompany();
    const theirTask = await taskFor(theirs, await propertyOf(theirs));
    expect((await history(mine.ceo, theirTask.id)).status).toBe(404);
    const myTask = await taskFor(mine, await propertyOf(mine));
    const forged = Buffer.from(JSON.stringify({ pk: `COMPANY#${theirs.companyId}`, sk: `TASKHIST#${theirTask.id}#Z` })).toString('base64url');
    expect((await history(mine.ceo, myTask.id, `?cursor=${forged}`)).status).toBe(400);
  });

  it('records a photo added, and a checklist item ticked', async () => {
    const company = await createTestCompany();
    const staff = await company.add('staff');
    const task = await taskFor(company, await propertyOf(company), { assignedUserId: staff.user.id });
    const photoURL = await upload(staff, task.id);
    expect((await invoke('PUT', '/api/task-photos', { cookies: [staff.cookie], body: { photoURL, taskId: task.id } })).status).toBe(200);
    const attached = await invoke('POST', `/api/tasks/${task.id}/checklist`, { cookies: [company.ceo.cookie], body: { items: [{ description: 'Beds', required: true }] } });
    expect(attached.status).toBe(201);
    const itemId = attached.body.items[0].id;
    expect((await invoke('PUT', `/api/tasks/${task.id}/checklist/items/${itemId}`, { cookies: [staff.cookie], body: { isCompleted: true } })).status).toBe(200);
    // Ticking it again changes nothing, and records nothing.
    expect((await invoke('PUT', `/api/tasks/${task.id}/checklist/items/${itemId}`, { cookies: [staff.cookie], body: { isCompleted: true } })).status).toBe(200);
    const proof = await upload(staff, task.id);
    expect((await invoke('PUT', `/api/tasks/${task.id}/checklist/items/${itemId}/photo`, { cookies: [staff.cookie], body: { photoURL: proof, kind: 'after' } })).status).toBe(200);
    const entries = (await history(company.ceo, task.id)).body;
    expect(entries.map((entry: { action: string }) => entry.action)).toEqual(['photo_added', 'item_ticked', 'checklist_attached', 'photo_added', 'created']);
    expect(entries[0]).toMatchObject({ actorUserId: staff.user.id, details: { itemId, item: 'Beds', kind: 'after' } });
    expect(entries[1]).toMatchObject({ actorUserId: staff.user.id, details: { itemId, item: 'Beds' }, changes: [{ field: 'isCompleted', from: false, to: true }] });
    expect(entries[2]).toMatchObject({ actorUserId: company.ceo.user.id, details: { items: 1, replaced: false } });
    expect(entries[3]).toMatchObject({ action: 'photo_added', actorUserId: staff.user.id, details: { photoKey: expect.stringContaining(`tasks/${task.id}/`) } });
  });
});

describe('time on task', () => {
  it('keeps startedAt and completedAt, the minutes between, and per-member totals for the office', async () => {
    const company = await createTestCompany();
    const staff = await company.add('staff');
    const propertyId = await propertyOf(company);
    const task = await taskFor(company, propertyId, { assignedUserId: staff.user.id });
    const start = new Date(Date.now() + 60 * 60_000);
    await updateTask(company.companyId, task.id, { status: 'in_progress' }, start, staff.user.id);
    const done = await updateTask(company.companyId, task.id, { status: 'completed' }, new Date(start.getTime() + 45 * 60_000), staff.user.id);
    expect(done).toMatchObject({ startedAt: start.toISOString(), completedAt: new Date(start.getTime() + 45 * 60_000).toISOString(), actualMinutes: 45 });
    // A second task done in 15 minutes: average 30.
    const second = await taskFor(company, propertyId, { assignedUserId: staff.user.id });
    await updateTask(company.companyId, second.id, { status: 'in_progress' }, start, staff.user.id);
    await updateTask(company.companyId, second.id, { status: 'completed' }, new Date(start.getTime() + 15 * 60_000), staff.user.id);

    const durations = await invoke('GET', '/api/team/durations', { cookies: [company.ceo.cookie] });
    expect(durations.status).toBe(200);
    expect(durations.body.find((row: { userId: string }) => row.userId === staff.user.id)).toEqual({
      userId: staff.user.id,
      completedTasks: 2,
      timedTasks: 2,
      totalMinutes: 60,
      averageMinutes: 30,
    });
    expect((await invoke('GET', '/api/team/durations', { cookies: [staff.cookie] })).status).toBe(403);

    // Reopening clears completedAt and the minutes, and takes them back from the member.
    const reopened = await put(company.ceo, (await getTask(company.companyId, task.id))!, { status: 'in_progress' });
    expect(reopened.body).toMatchObject({ completedAt: null, actualMinutes: null, startedAt: start.toISOString() });
    const after = await invoke('GET', '/api/team/durations', { cookies: [company.ceo.cookie] });
    expect(after.body.find((row: { userId: string }) => row.userId === staff.user.id)).toMatchObject({ completedTasks: 1, timedTasks: 1, totalMinutes: 15, averageMinutes: 15 });
  });

  it('has no duration for a task completed without being started', async () => {
    const company = await createTestCompany();
    const task = await taskFor(company, await propertyOf(company));
    const done = await put(company.ceo, task, { status: 'completed' });
    expect(done.body).toMatchObject({ startedAt: null, actualMinutes: null });
    expect(done.body.completedAt).toBeTruthy();
  });
});

describe('work done on a phone without signal, sent later (Action-Age)', () => {
  const HOUR = 3_600_000;
  const near = (iso: string | null | undefined, at: number) => Math.abs(Date.parse(iso ?? '') - at) < 5_000;

  it('keeps when a start, a tick and a completion were done, and the history says so', async () => {
    const company = await createTestCompany();
    const staff = await company.add('staff');
    const propertyId = await propertyOf(company);
    // A task the office made this morning, due an hour and a half ago.
    const task = await createTask(company.companyId, { title: 'Turnover cleaning', type: 'cleaning', propertyId, assignedUserId: staff.user.id, status: 'pending', dueDate: new Date(Date.now() - 1.5 * HOUR).toISOString(), description: null }, new Date(Date.now() - 5 * HOUR));
    const attached = await invoke('POST', `/api/tasks/${task.id}/checklist`, { cookies: [company.ceo.cookie], body: { items: [{ description: 'Beds', required: true }] } });
    const itemId = attached.body.items[0].id;
    const now = Date.now();
    // Started three hours ago, the bed made two and a half hours ago, done two hours ago: sent now.
    const started = await put(staff, task, { status: 'in_progress' }, { 'Action-Age': String(3 * 3600) });
    expect(started.status).toBe(200);
    expect(near(started.body.startedAt, now - 3 * HOUR)).toBe(true);
    const ticked = await invoke('PUT', `/api/tasks/${task.id}/checklist/items/${itemId}`, { cookies: [staff.cookie], headers: { 'Action-Age': String(2.5 * 3600) }, body: { isCompleted: true } });
    expect(ticked.status).toBe(200);
    expect(near(ticked.body.items[0].completedAt, now - 2.5 * HOUR)).toBe(true);
    const done = await put(staff, started.body, { status: 'completed' }, { 'Action-Age': String(2 * 3600) });
    expect(done.status).toBe(200);
    expect(near(done.body.completedAt, now - 2 * HOUR)).toBe(true);
    expect(done.body.actualMinutes).toBe(60);
    // Done before it was due: on time, although it reached the server after.
    const performers = await invoke('GET', '/api/team/top-performers', { cookies: [company.ceo.cookie] });
    expect(performers.body.find((row: { userId?: string; id?: string }) => (row.userId ?? row.id) === staff.user.id)).toMatchObject({ score: 100 });
    // The history: received now, done two hours ago.
    const entries = (await history(company.ceo, task.id)).body as Array<{ action: string; at: string; details?: { occurredAt?: string } }>;
    const completed = entries.find((entry) => entry.action === 'completed')!;
    expect(near(completed.at, now)).toBe(true);
    expect(completed.details?.occurredAt).toBe(done.body.completedAt);
  });

  it('keeps a claimed time between the task\'s creation (or start), 48 hours back and now', async () => {
    const company = await createTestCompany();
    const staff = await company.add('staff');
    const propertyId = await propertyOf(company);
    const task = await createTask(company.companyId, { title: 'Turnover cleaning', type: 'cleaning', propertyId, assignedUserId: staff.user.id, status: 'pending', dueDate: null, description: null }, new Date(Date.now() - HOUR));
    // "Started a week ago": not before the task existed.
    const started = await put(staff, task, { status: 'in_progress' }, { 'Action-Age': String(7 * 24 * 3600) });
    expect(started.body.startedAt).toBe(task.createdAt);
    // "Completed two hours ago": not before it was started.
    const done = await put(staff, started.body, { status: 'completed' }, { 'Action-Age': String(2 * 3600) });
    expect(done.body.completedAt).toBe(task.createdAt);
    expect(done.body.actualMinutes).toBe(0);
    // Without the header, the server's time, and no "sent later" in the history.
    const fresh = await taskFor(company, propertyId, { assignedUserId: staff.user.id });
    const now = Date.now();
    const plain = await put(staff, fresh, { status: 'completed' });
    expect(near(plain.body.completedAt, now)).toBe(true);
    const entries = (await history(company.ceo, fresh.id)).body as Array<{ action: string; details?: Record<string, unknown> }>;
    expect(entries.find((entry) => entry.action === 'completed')?.details).toBeUndefined();
  });

  it('refuses a malformed age with a clear 400 and writes nothing', async () => {
    const company = await createTestCompany();
    const staff = await company.add('staff');
    const task = await taskFor(company, await propertyOf(company), { assignedUserId: staff.user.id });
    for (const age of ['-60', '1.5', 'yesterday', '2026-03-14T15:00:00Z', '99999999999']) {
      const response = await put(staff, task, { status: 'completed' }, { 'Action-Age': age, ...PT });
      expect(response.status).toBe(400);
      expect(response.body.message).toBe('O cabeçalho Action-Age deve ser um número inteiro de segundos');
    }
    expect((await getTask(company.companyId, task.id))?.status).toBe('pending');
  });
});

describe('staff act only on their own work', () => {
  it('refuses every task write route on a task not assigned to them, with nothing written', async () => {
    const company = await createTestCompany();
    const staff = await company.add('staff');
    const colleague = await company.add('staff');
    const task = await taskFor(company, await propertyOf(company), { assignedUserId: colleague.user.id });
    const photoURL = await upload(colleague, task.id);
    const attempts = [
      await put(staff, task, { status: 'in_progress' }),
      await invoke('POST', '/api/objects/upload', { cookies: [staff.cookie], body: { taskId: task.id, contentType: 'image/png', size: 10 } }),
      await invoke('PUT', '/api/task-photos', { cookies: [staff.cookie], body: { photoURL, taskId: task.id } }),
      await invoke('POST', `/api/tasks/${task.id}/problems`, { cookies: [staff.cookie], body: { description: 'Broken tap', urgency: 'high' } }),
      await invoke('POST', `/api/tasks/${task.id}/checklist`, { cookies: [staff.cookie], body: { items: [{ description: 'x', required: true }] } }),
    ];
    expect(attempts.map((response) => response.status)).toEqual([403, 403, 403, 403, 403]);
    const stored = await getTask(company.companyId, task.id);
    expect(stored).toMatchObject({ status: 'pending', updatedAt: task.updatedAt });
    expect((await getStats(company.companyId)).taskCount).toBe(1);
    expect((await history(company.ceo, task.id)).body).toHaveLength(1);
  });

  it('does not let staff change a task the office cancelled (409), nor managers be refused', async () => {
    const company = await createTestCompany();
    const staff = await company.add('staff');
    const manager = await company.add('operational_manager');
    let task = await taskFor(company, await propertyOf(company), { assignedUserId: staff.user.id });
    task = (await put(manager, task, { status: 'cancelled' })).body;
    const late = await put(staff, task, { status: 'completed' }, PT);
    expect(late.status).toBe(409);
    expect(late.body.message).toMatch(/cancelada/);
    expect((await put(manager, task, { status: 'pending' })).status).toBe(200);
  });
});

describe('problems reported from the field', () => {
  it('turns a staff member\'s report into a work order for the managers, with its photos, history and the CEO\'s alert', async () => {
    const company = await createTestCompany();
    const staff = await company.add('staff');
    const task = await taskFor(company, await propertyOf(company), { assignedUserId: staff.user.id });
    const photoURL = await upload(staff, task.id);
    const photoKey = decodeURIComponent(new URL(photoURL).pathname).split('/').slice(2).join('/');
    const response = await invoke('POST', `/api/tasks/${task.id}/problems`, {
      cookies: [staff.cookie],
      body: { description: 'Water under the kitchen sink\nThe cabinet floor is soaked.', urgency: 'urgent', photoKeys: [photoKey, photoURL] },
    });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({
      type: 'maintenance',
      status: 'pending',
      assignedUserId: null,
      propertyId: task.propertyId,
      sourceTaskId: task.id,
      urgency: 'urgent',
      title: 'Problema: Water under the kitchen sink',
      description: 'Water under the kitchen sink\nThe cabinet floor is soaked.',
    });
    // The same object given as key and URL is one photo.
    expect(response.body.photos).toHaveLength(1);
    expect(response.body.photos[0].url).toContain('X-Amz-Signature');
    const sourceHistory = (await history(company.ceo, task.id)).body;
    expect(sourceHistory[0]).toMatchObject({ action: 'problem_reported', actorUserId: staff.user.id, details: { workOrderId: response.body.id, urgency: 'urgent' } });
    const workOrderHistory = (await history(company.ceo, response.body.id)).body;
    expect(workOrderHistory).toEqual([expect.objectContaining({ action: 'created', details: { sourceTaskId: task.id, urgency: 'urgent' } })]);
    // property.issue_reported: the CEO's alert (propertyIssues is on by default).
    const mails = await emailsTo(company.ceo.user.email);
    expect(mails.some((mail) => JSON.stringify(mail).includes('Water under the kitchen sink'))).toBe(true);
  });

  it('says the problem once in the CEO\'s alert: the title line, then only the lines it does not already say', async () => {
    const company = await createTestCompany();
    await savePreferences(company, { language: 'es' });
    const staff = await company.add('staff');
    const task = await taskFor(company, await propertyOf(company), { assignedUserId: staff.user.id });
    const report = async (description: string) => {
      const response = await invoke('POST', `/api/tasks/${task.id}/problems`, { cookies: [staff.cookie], body: { description, urgency: 'high' } });
      expect(response.status).toBe(201);
      // The alert of this report (the outbox's order of two alerts sent within a moment is not theirs).
      const title = description.split('\n')[0];
      const mails = (await emailsTo(company.ceo.user.email)).filter((mail) => mail.subject.startsWith('Problema reportado') && mail.text!.includes(title));
      expect(mails).toHaveLength(1);
      return mails[0].text!.split('\n\n')[0];
    };
    const oneLine = await report('Grifo roto en la cocina');
    expect(oneLine).toMatch(/ reportó un problema en Casa Azul: "Problema: Grifo roto en la cocina"\.$/);
    expect(oneLine.split('Grifo roto').length - 1).toBe(1);
    const twoLines = await report('Agua bajo el fregadero\nEl suelo del armario está empapado.');
    expect(twoLines).toMatch(/: "Problema: Agua bajo el fregadero"\. El suelo del armario está empapado\.$/);
    expect(twoLines.split('Agua bajo el fregadero').length - 1).toBe(1);
  });

  it('answers bad reports with field errors in the caller\'s language and writes nothing', async () => {
    const company = await createTestCompany();
    const staff = await company.add('staff');
    const propertyId = await propertyOf(company);
    const task = await taskFor(company, propertyId, { assignedUserId: staff.user.id });
    const other = await taskFor(company, propertyId);
    const foreignPhoto = await upload(company.ceo, other.id);
    const cases = [
      { description: '   ', urgency: 'high' },
      { description: 'Leak', urgency: 'whenever' },
      { description: 'Leak', urgency: 'low', photoKeys: [foreignPhoto] },
      { description: 'Leak', urgency: 'low', photoKeys: [`companies/${company.companyId}/tasks/${task.id}/../${other.id}/x.png`] },
      { description: 'Leak', urgency: 'low', photoKeys: [`companies/${company.companyId}/tasks/${task.id}/never-uploaded.png`] },
      { description: 'Leak', urgency: 'low', photoKeys: Array.from({ length: 11 }, (_, i) => `k${i}`) },
    ];
    for (const body of cases) {
      const response = await invoke('POST', `/api/tasks/${task.id}/problems`, { cookies: [staff.cookie], headers: PT, body });
      expect(response.status).toBe(400);
      expect(Object.keys(response.body.errors ?? {})).toHaveLength(1);
    }
    const first = await invoke('POST', `/api/tasks/${task.id}/problems`, { cookies: [staff.cookie], headers: PT, body: cases[0] });
    expect(first.body.errors.description).toBe('Descreva o problema');
    expect((await getStats(company.companyId)).taskCount).toBe(2);
    expect((await history(company.ceo, task.id)).body).toHaveLength(1);
  });

  it('answers 404 for another company\'s task', async () => {
    const mine = await createTestCompany();
    const theirs = await createTestCompany();
    const task = await taskFor(theirs, await propertyOf(theirs));
    const response = await invoke('POST', `/api/tasks/${task.id}/problems`, { cookies: [mine.ceo.cookie], body: { description: 'x', urgency: 'low' } });
    expect(response.status).toBe(404);
    expect((await getStats(theirs.companyId)).taskCount).toBe(1);
  });
});

describe('idempotent replays (Idempotency-Key)', () => {
  const key = () => `k-${crypto.randomUUID()}`;

  it('applies a keyed write once and answers a replay with the first response', async () => {
    const company = await createTestCompany();
    const staff = await company.add('staff');
    const task = await taskFor(company, await propertyOf(company), { assignedUserId: staff.user.id });
    const k = key();
    const first = await put(staff, task, { status: 'in_progress' }, { 'Idempotency-Key': k });
    expect(first.status).toBe(200);
    expect(first.headers['idempotent-replay']).toBeUndefined();
    const replay = await put(staff, task, { status: 'in_progress' }, { 'Idempotency-Key': k });
    expect(replay.status).toBe(200);
    expect(replay.headers['idempotent-replay']).toBe('true');
    expect(replay.body).toEqual(first.body);
    expect((await getTask(company.companyId, task.id))?.updatedAt).toBe(first.body.updatedAt);
    expect((await history(company.ceo, task.id)).body.filter((entry: { action: string }) => entry.action === 'started')).toHaveLength(1);

    // The same key for another request: 422, nothing changed.
    const other = await put(staff, task, { status: 'completed' }, { 'Idempotency-Key': k, ...PT });
    expect(other.status).toBe(422);
    expect(other.body.message).toMatch(/Idempotency-Key/);
    expect((await getTask(company.companyId, task.id))?.status).toBe('in_progress');
    // Another user's key space is their own.
    const ceo = await put(company.ceo, (await getTask(company.companyId, task.id))!, { title: 'Renamed' }, { 'Idempotency-Key': k });
    expect(ceo.status).toBe(200);
    expect(ceo.headers['idempotent-replay']).toBeUndefined();
  });

  it('creates one work order from a replayed or concurrent problem report', async () => {
    const company = await createTestCompany();
    const staff = await company.add('staff');
    const task = await taskFor(company, await propertyOf(company), { assignedUserId: staff.user.id });
    const k = key();
    const send = () => invoke('POST', `/api/tasks/${task.id}/problems`, { cookies: [staff.cookie], headers: { 'Idempotency-Key': k }, body: { description: 'Broken window', urgency: 'high' } });
    const together = await Promise.all([send(), send(), send()]);
    const statuses = together.map((response) => response.status).sort();
    // One ran; the others were replays (201) or found it still running (409, with a code that says
    // "send it again", not a conflict).
    expect(statuses.every((status) => status === 201 || status === 409)).toBe(true);
    for (const response of together.filter((r) => r.status === 409)) expect(response.body.code).toBe('idempotency_in_progress');
    expect(statuses.filter((status) => status === 201).length).toBeGreaterThanOrEqual(1);
    const again = await send();
    expect(again.status).toBe(201);
    expect(again.headers['idempotent-replay']).toBe('true');
    expect((await getStats(company.companyId)).taskCount).toBe(2);
  });

  it('does not keep a refusal: the same key is judged again once the refusal no longer holds', async () => {
    const company = await createTestCompany();
    const staff = await company.add('staff');
    const task = await taskFor(company, await propertyOf(company));
    const k = key();
    expect((await put(staff, task, { status: 'in_progress' }, { 'Idempotency-Key': k })).status).toBe(403);
    const assigned = (await put(company.ceo, task, { assignedUserId: staff.user.id })).body;
    const retry = await put(staff, assigned, { status: 'in_progress' }, { 'Idempotency-Key': k });
    expect(retry.status).toBe(200);
    expect(retry.headers['idempotent-replay']).toBeUndefined();
  });

  it('refuses a malformed key with 400 and ignores keys on reads', async () => {
    const company = await createTestCompany();
    const task = await taskFor(company, await propertyOf(company));
    for (const bad of ['short', 'x'.repeat(129), 'has space in it', 'ünïcödé-key', '../../etc/passwd']) {
      const response = await put(company.ceo, task, { title: 'x' }, { 'Idempotency-Key': bad });
      expect(response.status).toBe(400);
    }
    expect((await getTask(company.companyId, task.id))?.title).toBe('Turnover cleaning');
    const read = await invoke('GET', `/api/tasks/${task.id}`, { cookies: [company.ceo.cookie], headers: { 'Idempotency-Key': 'short' } });
    expect(read.status).toBe(200);
  });
});

describe('task events', () => {
  const base: Task = {
    id: '01JD0000000000000000000003',
    type: 'cleaning',
    title: 'Turnover',
    description: null,
    propertyId: '01JD0000000000000000000002',
    reservationId: null,
    assignedUserId: 'ana',
    status: 'pending',
    dueDate: '2030-01-10T10:00:00.000Z',
    completedAt: null,
    createdAt: '2030-01-01T00:00:00.000Z',
    updatedAt: '2030-01-01T00:00:00.000Z',
  };
  const context = { companyId: 'c1', actorUserId: SYNC_ACTOR_ID, now: new Date('2030-01-02T00:00:00.000Z') };
  const typesOf = (before: Task | undefined, after: Task) => taskEvents(before, after, context).map((event) => event.type);

  it('announces unassigning, rescheduling and cancelling, in shapes the catalogue accepts', () => {
    expect(typesOf(base, { ...base, assignedUserId: null })).toEqual(['task.unassigned']);
    expect(typesOf(base, { ...base, assignedUserId: 'bruno' })).toEqual(['task.assigned']);
    expect(typesOf(base, { ...base, dueDate: '2030-01-11T10:00:00.000Z' })).toEqual(['task.rescheduled']);
    expect(typesOf(base, { ...base, status: 'cancelled' })).toEqual(['task.cancelled']);
    expect(typesOf(base, { ...base, title: 'Renamed' })).toEqual([]);
    const events = taskEvents(base, { ...base, assignedUserId: null, dueDate: null }, context);
    expect(events.map((event) => event.type)).toEqual(['task.unassigned', 'task.rescheduled']);
    for (const event of [...events, ...taskEvents(base, { ...base, status: 'cancelled' }, context)]) {
      expect(DOMAIN_EVENTS[event.type].schema.safeParse(event.detail).success).toBe(true);
    }
    expect(events[1].detail).toMatchObject({ previousDueDate: '2030-01-10T10:00:00.000Z', dueDate: null, assignedUserId: null, actorUserId: SYNC_ACTOR_ID });
  });
});
