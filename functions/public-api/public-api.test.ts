// The public API (issue 39 points 1 and 2) through the route table, as an integrator calls it: keys
// made on the Integrations page, bearer calls with no cookie, two companies, plans, scopes,
// idempotent retries (also two at once), pages, filters, rate limits, problem details.
import { invoke } from '../../local/invoke';
import { apiKey as makeKey, bearer, property, tenantPair } from '../../tests/support/public-api';
import { companyItems, createTestCompany, type TestCompany } from '../../tests/support/fixtures';
import { callsDuring } from '../../tests/support/dynamodb-calls';

const PT = { 'accept-language': 'pt-BR' };




describe('API keys', () => {
  it('are shown once, stored as a hash, listed by prefix, revoked at once, and recorded in the history', async () => {
    const company = await createTestCompany({ plan: 'enterprise' });
    const created = await invoke('POST', '/api/api-keys', { cookies: [company.ceo.cookie], body: { name: 'Channel manager', scopes: ['read'] } });
    expect(created.status).toBe(201);
    expect(created.body.key).toMatch(/^rok_[A-Za-z0-9_-]{43}$/);
    expect(created.body).toMatchObject({ name: 'Channel manager', scopes: ['read'], expiresAt: null, lastUsedAt: null });
    expect(created.body.key.startsWith(created.body.prefix)).toBe(true);

    expect((await invoke('GET', '/api/v1/tasks', bearer(created.body.key))).status).toBe(200);
    const listed = await invoke('GET', '/api/api-keys', { cookies: [company.ceo.cookie] });
    expect(listed.status).toBe(200);
    expect(listed.text).not.toContain(created.body.key);
    expect(listed.text).not.toContain(created.body.key.slice(12));
    expect(listed.body).toEqual([expect.objectContaining({ id: created.body.id, prefix: created.body.prefix, lastUsedAt: expect.any(String) })]);

    expect((await invoke('DELETE', `/api/api-keys/${created.body.id}`, { cookies: [company.ceo.cookie] })).status).toBe(200);
    const after = await invoke('GET', '/api/v1/tasks', bearer(created.body.key));
    expect(after.status).toBe(401);
    expect(after.headers['content-type']).toContain('application/problem+json');
    expect(after.headers['www-authenticate']).toContain('Bearer');

    const history = await invoke('GET', '/api/integrations/activity', { cookies: [company.ceo.cookie] });
    expect(history.body.map((entry: { action: string }) => entry.action)).toEqual(['api_key.revoked', 'api_key.created']);
  });

  it('are the CEO\'s alone, and follow the plan: none on trial and Basic, read on Professional, write on Enterprise', async () => {
    const basic = await createTestCompany({ plan: 'basic' });
    const refused = await invoke('POST', '/api/api-keys', { cookies: [basic.ceo.cookie], headers: PT, body: { name: 'x', scopes: ['read'] } });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('Seu plano Básico não inclui isto. Faz parte do plano Profissional: escolha-o na página Planos.');
    expect(refused.body.code).toBe('plan_required');
    const trial = await createTestCompany({ plan: 'trial' });
    expect((await invoke('POST', '/api/api-keys', { cookies: [trial.ceo.cookie], body: { name: 'x' } })).status).toBe(403);

    const professional = await createTestCompany({ plan: 'professional' });
    const write = await invoke('POST', '/api/api-keys', { cookies: [professional.ceo.cookie], body: { name: 'x', scopes: ['read', 'write'] } });
    expect(write.status).toBe(403);
    expect(write.body.details).toEqual({ plan: 'professional', requiredPlan: 'enterprise' });
    expect((await invoke('POST', '/api/api-keys', { cookies: [professional.ceo.cookie], body: { name: 'x', scopes: ['read'] } })).status).toBe(201);

    const manager = await professional.add('operational_manager');
    expect((await invoke('POST', '/api/api-keys', { cookies: [manager.cookie], body: { name: 'x' } })).status).toBe(403);
    expect((await invoke('GET', '/api/api-keys', { cookies: [manager.cookie] })).status).toBe(403);
  });

  it('refuse a bad body in words and an expiry in the past', async () => {
    const company = await createTestCompany({ plan: 'enterprise' });
    const bad = await invoke('POST', '/api/api-keys', { cookies: [company.ceo.cookie], headers: { 'accept-language': 'en' }, body: { name: '', scopes: ['admin'], expiresAt: '2020-01-01T00:00:00Z' } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toMatchObject({ name: 'Give the key a name', expiresAt: 'The expiry must be in the future' });
    expect(bad.body.errors['scopes.0']).toBeDefined();
  });

  it('stop working when they expire, and when the company leaves the plan', async () => {
    const company = await createTestCompany({ plan: 'enterprise' });
    const soon = new Date(Date.now() + 1500).toISOString();
    const expiring = await makeKey(company, ['read'], { expiresAt: soon });
    expect((await invoke('GET', '/api/v1/tasks', bearer(expiring))).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 1700));
    const expired = await invoke('GET', '/api/v1/tasks', bearer(expiring, { 'accept-language': 'en' }));
    expect(expired.status).toBe(401);
    expect(expired.body.detail).toContain('expired');
  });
});

describe('the public API', () => {
  let a: TestCompany;
  let b: TestCompany;
  let keyA: string;
  let readKeyA: string;
  let keyB: string;
  let propertyA: string;
  let propertyB: string;

  beforeAll(async () => {
    ({ a, b, keyA, readKeyA, keyB, propertyA, propertyB } = await tenantPair());
  });

  it('answers only with a key: no key, a cookie, a made-up key or a malformed header are 401 problems', async () => {
    for (const options of [{}, { cookies: [a.ceo.cookie] }, bearer(`rok_${'x'.repeat(43)}`), { headers: { authorization: keyA } }, bearer('')]) {
      const response = await invoke('GET', '/api/v1/tasks', options);
      expect(response.status).toBe(401);
      expect(response.body).toMatchObject({ type: 'https://rentalops.app/problems/unauthorized', status: 401, title: 'Unauthorized' });
    }
  });

  it("reads a task in the key's own BatchGetItem (the app's read too): one read when warm, the same answer as the list's, 404 for another company's, an unknown or a malformed id", async () => {
    const id = (await invoke('POST', '/api/v1/tasks', { ...bearer(keyA), body: { title: 'Prefetched', propertyId: propertyA, type: 'cleaning' } })).body.id;
    const app = { cookies: [a.ceo.cookie] };
    // This instance has now seen the key and the session (their company hints).
    await invoke('GET', `/api/v1/tasks/${id}`, bearer(keyA));
    await invoke('GET', `/api/tasks/${id}`, app);
    // Reads only: the key's call count (written at most once a second) and a session's renewal are writes.
    const reads = async (fn: () => Promise<unknown>) => (await callsDuring(fn)).filter((name) => !name.startsWith('Update'));
    let read: Awaited<ReturnType<typeof invoke>> | undefined;
    expect(await reads(async () => (read = await invoke('GET', `/api/v1/tasks/${id}`, bearer(keyA))))).toEqual(['BatchGetItem']);
    expect(read).toMatchObject({ status: 200, body: { id, title: 'Prefetched', propertyId: propertyA, type: 'cleaning' } });
    const listed = (await invoke('GET', '/api/v1/tasks?limit=100', bearer(keyA))).body.data.find((task: { id: string }) => task.id === id);
    expect(read?.body).toEqual(listed);
    expect(await reads(async () => (read = await invoke('GET', `/api/tasks/${id}`, app)))).toEqual(['BatchGetItem']);
    expect(read).toMatchObject({ status: 200, body: { id, title: 'Prefetched', propertyId: propertyA } });
    const unknown = '01ARZ3NDEKTSV4RRFFQ69G5FAV';
    for (const [path, options] of [
      [`/api/v1/tasks/${id}`, bearer(keyB)],
      [`/api/v1/tasks/${unknown}`, bearer(keyA)],
      [`/api/v1/tasks/${'x'.repeat(2_000)}`, bearer(keyA)],
      ['/api/v1/tasks/..%2F..%2Fapi-keys', bearer(keyA)],
    ] as const) {
      const answer = await invoke('GET', path, options);
      expect({ path, status: answer.status, type: answer.body.type }).toEqual({ path, status: 404, type: 'https://rentalops.app/problems/not-found' });
    }
    for (const path of [`/api/tasks/${id}`, `/api/tasks/${'x'.repeat(2_000)}`]) expect((await invoke('GET', path, { cookies: [b.ceo.cookie] })).status).toBe(404);
  });

  it('creates, reads, changes, assigns and completes a task; each company sees only its own', async () => {
    const staff = await a.add('staff');
    const created = await invoke('POST', '/api/v1/tasks', { ...bearer(keyA), body: { title: 'Turnover', propertyId: propertyA, type: 'cleaning' } });
    expect(created.status).toBe(201);
    expect(created.headers.location).toBe(`/api/v1/tasks/${created.body.id}`);
    const id = created.body.id;
    expect((await invoke('GET', `/api/v1/tasks/${id}`, bearer(keyA))).body.title).toBe('Turnover');
    // Company B's key: A's task does not exist, for reads and for writes.
    expect((await invoke('GET', `/api/v1/tasks/${id}`, bearer(keyB))).status).toBe(404);
    expect((await invoke('PATCH', `/api/v1/tasks/${id}`, { ...bearer(keyB), body: { title: 'Mine now' } })).status).toBe(404);
    expect((await invoke('POST', `/api/v1/tasks/${id}/complete`, { ...bearer(keyB), body: {} })).status).toBe(404);
    // B cannot make a task on A's property, nor assign A's member: the same answer as the app's (no such property, no such member).
    const onOthers = await invoke('POST', '/api/v1/tasks', { ...bearer(keyB), body: { title: 'x', propertyId: propertyA } });
    const inApp = await invoke('POST', '/api/tasks', { cookies: [b.ceo.cookie], body: { title: 'x', propertyId: propertyA } });
    expect(onOthers.status).toBe(inApp.status);
    expect(onOthers.body.errors.map((error: { field: string }) => error.field)).toEqual(Object.keys(inApp.body.errors));
    const taskOfB = await invoke('POST', '/api/v1/tasks', { ...bearer(keyB), body: { title: 'x', propertyId: propertyB } });
    expect(taskOfB.status).toBe(201);
    expect((await invoke('POST', `/api/v1/tasks/${taskOfB.body.id}/assign`, { ...bearer(keyB), body: { assigneeId: staff.user.id } })).status).toBeGreaterThanOrEqual(400);
    expect((await invoke('GET', `/api/v1/tasks/${taskOfB.body.id}`, bearer(keyB))).body.assignedUserId ?? null).toBeNull();

    const patched = await invoke('PATCH', `/api/v1/tasks/${id}`, { ...bearer(keyA), body: { title: 'Deep clean' } });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ title: 'Deep clean', propertyId: propertyA, type: 'cleaning' });
    const assigned = await invoke('POST', `/api/v1/tasks/${id}/assign`, { ...bearer(keyA), body: { assigneeId: staff.user.id } });
    expect(assigned.status).toBe(200);
    expect(assigned.body.assignedUserId).toBe(staff.user.id);
    // Moved while assigned, then handed to someone else: the assignee's list entries move with it
    // (the old entries are deleted: the routes declare their deletes, local/permission-guard.ts).
    const moved = await invoke('PATCH', `/api/v1/tasks/${id}`, { ...bearer(keyA), body: { dueDate: new Date(Date.now() + 3 * 86_400_000).toISOString() } });
    expect(moved.status).toBe(200);
    const handed = await invoke('POST', `/api/v1/tasks/${id}/assign`, { ...bearer(keyA), body: { assigneeId: a.ceo.user.id } });
    expect(handed.status).toBe(200);
    expect(handed.body.assignedUserId).toBe(a.ceo.user.id);
    const completed = await invoke('POST', `/api/v1/tasks/${id}/complete`, { ...bearer(keyA), body: {} });
    expect(completed.status).toBe(200);
    expect(completed.body.status).toBe('completed');
    // The change is the app's own: its history names it.
    const history = await invoke('GET', `/api/tasks/${id}/history`, { cookies: [a.ceo.cookie] });
    expect(history.status).toBe(200);
    expect(JSON.stringify(history.body)).toContain('completed');
    // B's lists never hold A's tasks.
    const listB = await invoke('GET', '/api/v1/tasks?limit=100', bearer(keyB));
    expect(listB.body.data.map((task: { id: string }) => task.id)).not.toContain(id);
  });

  it('starts and cancels a task: once each (a repeat answers it as it is), never a closed one, its assignee told of the cancellation', async () => {
    const staff = await a.add('staff');
    const task = (await invoke('POST', '/api/v1/tasks', { ...bearer(keyA), body: { title: 'Linen run', propertyId: propertyA, type: 'laundry', assignedUserId: staff.user.id } })).body;
    expect((await invoke('POST', `/api/v1/tasks/${task.id}/start`, { ...bearer(keyB), body: {} })).status).toBe(404);
    expect((await invoke('POST', `/api/v1/tasks/${task.id}/start`, { ...bearer(readKeyA), body: {} })).status).toBe(403);
    // A start claimed before the task existed is taken as its creation (the phones' offline rule).
    const started = await invoke('POST', `/api/v1/tasks/${task.id}/start`, { ...bearer(keyA), body: { startedAt: new Date(Date.now() - 20 * 60_000).toISOString() } });
    expect(started.status).toBe(200);
    const startedAt = task.createdAt;
    expect(started.body).toMatchObject({ status: 'in_progress', startedAt });
    const again = await invoke('POST', `/api/v1/tasks/${task.id}/start`, { ...bearer(keyA), body: {} });
    expect(again.body).toMatchObject({ status: 'in_progress', startedAt, updatedAt: started.body.updatedAt });
    expect((await invoke('POST', `/api/v1/tasks/${task.id}/start`, { ...bearer(keyA), body: { startedAt: 'yesterday' } })).status).toBe(400);

    const cancelled = await invoke('POST', `/api/v1/tasks/${task.id}/cancel`, { ...bearer(keyA), body: {} });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.status).toBe('cancelled');
    expect((await invoke('POST', `/api/v1/tasks/${task.id}/cancel`, { ...bearer(keyA), body: {} })).body.updatedAt).toBe(cancelled.body.updatedAt);
    const inbox = await invoke('GET', '/api/me/inbox', { cookies: [staff.cookie] });
    const items: Array<{ kind: string; taskId?: string }> = Array.isArray(inbox.body) ? inbox.body : inbox.body.items;
    expect(items.filter((item) => item.kind === 'task_cancelled').map((item) => item.taskId)).toEqual([task.id]);
    for (const [verb, message] of [['start', 'This task was cancelled: it cannot be started'], ['complete', 'This task was cancelled: it cannot be completed']]) {
      const refused = await invoke('POST', `/api/v1/tasks/${task.id}/${verb}`, { ...bearer(keyA, { 'accept-language': 'en' }), body: {} });
      expect(refused.status).toBe(409);
      expect(refused.body.detail).toBe(message);
    }
    const done = (await invoke('POST', '/api/v1/tasks', { ...bearer(keyA), body: { title: 'Done already', propertyId: propertyA } })).body;
    expect((await invoke('POST', `/api/v1/tasks/${done.id}/complete`, { ...bearer(keyA), body: {} })).status).toBe(200);
    const late = await invoke('POST', `/api/v1/tasks/${done.id}/cancel`, { ...bearer(keyA, { 'accept-language': 'pt-BR' }), body: {} });
    expect(late.status).toBe(409);
    expect(late.body.detail).toBe('Esta tarefa já foi concluída: não pode ser cancelada');
    expect((await invoke('POST', `/api/v1/tasks/${done.id}/start`, { ...bearer(keyA), body: {} })).status).toBe(409);
    expect((await invoke('GET', `/api/v1/tasks/${done.id}`, bearer(keyA))).body.status).toBe('completed');
  });

  it('creates and changes a property: the app sees it, only the fields sent change, others\' ids are 404 and bad fields problems', async () => {
    const created = await invoke('POST', '/api/v1/properties', { ...bearer(keyA), body: { name: '  Villa Serena ', address: 'Rua do Sol 4, Lagos', doorCode: '1234' } });
    expect(created.status).toBe(201);
    expect(created.headers.location).toBe(`/api/v1/properties/${created.body.id}`);
    expect(created.body).toMatchObject({ name: 'Villa Serena', address: 'Rua do Sol 4, Lagos', doorCode: '1234', inspectionRequired: false, readiness: 'ready' });
    expect(created.body.calendarExportUrl).toMatch(/\.ics$/);
    const inApp = await invoke('GET', `/api/properties/${created.body.id}`, { cookies: [a.ceo.cookie] });
    expect(inApp.body).toMatchObject({ name: 'Villa Serena', doorCode: '1234' });

    const patched = await invoke('PATCH', `/api/v1/properties/${created.body.id}`, { ...bearer(keyA), body: { inspectionRequired: true, doorCode: null } });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ name: 'Villa Serena', address: 'Rua do Sol 4, Lagos', inspectionRequired: true });
    expect(patched.body.doorCode ?? null).toBeNull();

    const refused = await invoke('PATCH', `/api/v1/properties/${created.body.id}`, { ...bearer(keyA), body: { name: '', address: 42 } });
    expect(refused.status).toBe(400);
    expect(refused.headers['content-type']).toContain('application/problem+json');
    expect(refused.body.errors.map((error: { pointer: string }) => error.pointer).sort()).toEqual(['#/address', '#/name']);
    // An inspector who is not a member of the company (B's CEO): refused, nothing written.
    const stranger = await invoke('PATCH', `/api/v1/properties/${created.body.id}`, { ...bearer(keyA), body: { inspectorId: b.ceo.user.id, doorCode: '9999' } });
    expect(stranger.status).toBe(400);
    expect(stranger.body.errors.map((error: { pointer: string }) => error.pointer)).toEqual(['#/inspectorId']);
    const missing = await invoke('POST', '/api/v1/properties', { ...bearer(keyA), body: { name: 'Sem morada' } });
    expect(missing.status).toBe(400);
    expect(missing.body.errors.map((error: { field: string }) => error.field)).toEqual(['address']);
    expect((await invoke('PATCH', `/api/v1/properties/${created.body.id}`, { ...bearer(keyB), body: { name: 'Mine now' } })).status).toBe(404);
    expect((await invoke('PATCH', `/api/v1/properties/${created.body.id}`, { ...bearer(readKeyA), body: { name: 'Read only' } })).status).toBe(403);
    expect((await invoke('POST', '/api/v1/properties', { ...bearer(readKeyA), body: { name: 'x', address: 'y' } })).status).toBe(403);
    const stored = (await invoke('GET', `/api/v1/properties/${created.body.id}`, bearer(keyA))).body;
    expect(stored).toMatchObject({ name: 'Villa Serena', inspectionRequired: true });
    expect([stored.doorCode ?? null, stored.inspectorId ?? null]).toEqual([null, null]);
    const listB = await invoke('GET', '/api/v1/properties?limit=100', bearer(keyB));
    expect(listB.body.data.map((property: { id: string }) => property.id)).not.toContain(created.body.id);
  });

  it('runs an inspection round: a completed cleaning asks for one, a fail reopens it with the item unticked, a pass closes round 2', async () => {
    const cleaner = await a.add('staff');
    const home = await property(a, 'Casa da Inspeção');
    const asCeo = { cookies: [a.ceo.cookie] };
    expect((await invoke('PUT', `/api/properties/${home}/checklist-template`, { ...asCeo, body: { items: [{ description: 'Clean the bathroom mirror', required: true }, { description: 'Make the beds', required: true }] } })).status).toBe(200);
    expect((await invoke('PUT', `/api/properties/${home}`, { ...asCeo, body: { inspectionRequired: true } })).status).toBe(200);
    const cleaning = (await invoke('POST', '/api/v1/tasks', { ...bearer(keyA), body: { title: 'Turnover', propertyId: home, type: 'cleaning', assignedUserId: cleaner.user.id } })).body;
    expect((await invoke('POST', `/api/tasks/${cleaning.id}/checklist`, { ...asCeo, body: {} })).status).toBe(201);
    const items = (await invoke('GET', `/api/v1/tasks/${cleaning.id}/checklist`, bearer(keyA))).body.items as Array<{ id: string; description: string }>;
    for (const item of items) expect((await invoke('PUT', `/api/tasks/${cleaning.id}/checklist/items/${item.id}`, { cookies: [cleaner.cookie], body: { isCompleted: true } })).status).toBe(200);
    expect((await invoke('POST', `/api/v1/tasks/${cleaning.id}/complete`, { ...bearer(keyA), body: {} })).status).toBe(200);

    const asked = async () => (await invoke('GET', `/api/v1/tasks?propertyId=${home}&type=inspection&status=pending`, bearer(keyA))).body.data as Array<{ id: string; inspectsTaskId: string; inspectionRound: number }>;
    const [first] = await asked();
    expect(first).toMatchObject({ inspectsTaskId: cleaning.id, inspectionRound: 1 });
    // Refused in words, nothing written: a read key, another company's key, a plain task, a pass naming failures.
    const fail = { passed: false, failedItemIds: [items[0].id], note: 'Mirror streaked' };
    expect((await invoke('POST', `/api/v1/tasks/${first.id}/inspection`, { ...bearer(readKeyA), body: fail })).status).toBe(403);
    expect((await invoke('POST', `/api/v1/tasks/${first.id}/inspection`, { ...bearer(keyB), body: fail })).status).toBe(404);
    expect((await invoke('POST', `/api/v1/tasks/${cleaning.id}/inspection`, { ...bearer(keyA), body: fail })).status).toBe(400);
    const contradictory = await invoke('POST', `/api/v1/tasks/${first.id}/inspection`, { ...bearer(keyA), body: { passed: true, failedItemIds: [items[0].id] } });
    expect(contradictory.status).toBe(400);
    expect(contradictory.headers['content-type']).toContain('application/problem+json');
    expect((await asked()).map((task) => task.id)).toEqual([first.id]);

    const failed = await invoke('POST', `/api/v1/tasks/${first.id}/inspection`, { ...bearer(keyA), body: fail });
    expect(failed.status).toBe(200);
    expect(failed.body.inspection).toMatchObject({ id: first.id, status: 'completed', inspectionResult: { passed: false, failedItemIds: [items[0].id], note: 'Mirror streaked' } });
    expect(failed.body.cleaning).toMatchObject({ id: cleaning.id, status: 'pending', inspection: { status: 'failed', round: 1, failedItems: ['Clean the bathroom mirror'] } });
    const reopened = (await invoke('GET', `/api/v1/tasks/${cleaning.id}/checklist`, bearer(keyA))).body.items as Array<{ id: string; isCompleted: boolean }>;
    expect(reopened.map((item) => item.isCompleted)).toEqual([false, true]);
    expect((await invoke('POST', `/api/v1/tasks/${first.id}/inspection`, { ...bearer(keyA), body: { passed: true } })).status).toBe(409);

    expect((await invoke('PUT', `/api/tasks/${cleaning.id}/checklist/items/${items[0].id}`, { cookies: [cleaner.cookie], body: { isCompleted: true } })).status).toBe(200);
    expect((await invoke('POST', `/api/v1/tasks/${cleaning.id}/complete`, { ...bearer(keyA), body: {} })).status).toBe(200);
    const [second] = await asked();
    expect(second).toMatchObject({ inspectsTaskId: cleaning.id, inspectionRound: 2 });
    const passed = await invoke('POST', `/api/v1/tasks/${second.id}/inspection`, { ...bearer(keyA), body: { passed: true } });
    expect(passed.status).toBe(200);
    expect(passed.body.cleaning).toMatchObject({ status: 'completed', inspection: { status: 'passed', round: 2 } });
    expect((await invoke('GET', `/api/v1/properties/${home}`, bearer(keyA))).body.readiness).toBe('ready');
  });

  it('refuses writes to a read key and to a Professional company, reads on Basic', async () => {
    const byRead = await invoke('POST', '/api/v1/tasks', { ...bearer(readKeyA), body: { title: 'x', propertyId: propertyA } });
    expect(byRead.status).toBe(403);
    expect(byRead.body.type).toBe('https://rentalops.app/problems/insufficient-scope');
    const professional = await createTestCompany({ plan: 'professional' });
    const proKey = await makeKey(professional, ['read']);
    expect((await invoke('GET', '/api/v1/tasks', bearer(proKey))).status).toBe(200);
    // The company moves to Basic: the key stays, the API refuses it, in the caller's language.
    const { putRaw } = await import('../../tests/support/fixtures');
    const { getRawItem } = await import('../data/db');
    const { keys } = await import('../data/keys');
    const item = await getRawItem(keys.company(professional.companyId));
    await putRaw({ ...item!, plan: 'basic' });
    // A warm function may read the company's plan up to 2 s old (functions/lib/public-api.ts).
    await new Promise((resolve) => setTimeout(resolve, 2_100));
    const refused = await invoke('GET', '/api/v1/tasks', bearer(proKey, PT));
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ type: 'https://rentalops.app/problems/plan-required', detail: 'Seu plano Básico não inclui isto. Faz parte do plano Profissional: escolha-o na página Planos.' });
  });

  it('answers field errors as problem details with pointers, and writes nothing', async () => {
    const before = await companyItems(a.companyId);
    const response = await invoke('POST', '/api/v1/tasks', { ...bearer(keyA, { 'accept-language': 'en' }), body: { title: '', propertyId: 42, dueDate: 'tomorrow' } });
    expect(response.status).toBe(400);
    expect(response.headers['content-type']).toContain('application/problem+json');
    expect(response.body.type).toBe('https://rentalops.app/problems/validation');
    expect(response.body.errors).toEqual(expect.arrayContaining([expect.objectContaining({ field: 'title', pointer: '#/title' }), expect.objectContaining({ field: 'dueDate', pointer: '#/dueDate' })]));
    const junk = await invoke('POST', '/api/v1/tasks', { ...bearer(keyA), body: '{"title": ' });
    expect(junk.status).toBe(400);
    expect(await companyItems(a.companyId)).toBe(before);
  });

  it('applies a POST once per Idempotency-Key: retries and two at once answer the first answer', async () => {
    const body = { title: 'Key box check', propertyId: propertyA, type: 'maintenance' };
    const headers = bearer(keyA, { 'idempotency-key': `retry-${Date.now()}` });
    const first = await invoke('POST', '/api/v1/tasks', { ...headers, body });
    const again = await invoke('POST', '/api/v1/tasks', { ...headers, body });
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.body.id).toBe(first.body.id);
    expect(again.headers['idempotent-replay']).toBe('true');
    // Two at once: one is applied, the other waits for it and answers the same.
    const together = bearer(keyA, { 'idempotency-key': `together-${Date.now()}` });
    const [one, two] = await Promise.all([invoke('POST', '/api/v1/tasks', { ...together, body }), invoke('POST', '/api/v1/tasks', { ...together, body })]);
    expect([one.status, two.status]).toEqual([201, 201]);
    expect(one.body.id).toBe(two.body.id);
    const list = await invoke('GET', `/api/v1/tasks?propertyId=${propertyA}&limit=100`, bearer(keyA));
    expect(list.body.data.filter((task: { title: string }) => task.title === 'Key box check')).toHaveLength(2);
    // The same key with another body.
    const other = await invoke('POST', '/api/v1/tasks', { ...headers, body: { ...body, title: 'Something else' } });
    expect(other.status).toBe(422);
    expect(other.body.type).toBe('https://rentalops.app/problems/idempotency-key-reused');
  });

  it('pages with limit and an opaque cursor, and filters by assignee, status, type, property and updatedSince', async () => {
    const company = await createTestCompany({ plan: 'enterprise' });
    const [home, apiKey, staff] = await Promise.all([property(company), makeKey(company), company.add('staff')]);
    const ids: string[] = [];
    for (let i = 0; i < 5; i += 1) {
      const created = await invoke('POST', '/api/v1/tasks', { ...bearer(apiKey), body: { title: `Task ${i}`, propertyId: home, type: i % 2 ? 'maintenance' : 'cleaning', assignedUserId: i < 2 ? staff.user.id : null } });
      ids.push(created.body.id);
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const response: { body: { data: Array<{ id: string }>; nextCursor: string | null } } = await invoke('GET', `/api/v1/tasks?limit=2${cursor ? `&cursor=${cursor}` : ''}`, bearer(apiKey));
      expect(response.body.data.length).toBeLessThanOrEqual(2);
      seen.push(...response.body.data.map((task) => task.id));
      cursor = response.body.nextCursor;
    } while (cursor);
    expect(seen.sort()).toEqual([...ids].sort());
    const mine = await invoke('GET', `/api/v1/tasks?assigneeId=${staff.user.id}`, bearer(apiKey));
    expect(mine.body.data.map((task: { id: string }) => task.id).sort()).toEqual(ids.slice(0, 2).sort());
    const maintenance = await invoke('GET', `/api/v1/tasks?type=maintenance&propertyId=${home}`, bearer(apiKey));
    expect(maintenance.body.data).toHaveLength(2);
    const since = new Date().toISOString();
    await invoke('PATCH', `/api/v1/tasks/${ids[3]}`, { ...bearer(apiKey), body: { title: 'Changed' } });
    const changed = await invoke('GET', `/api/v1/tasks?updatedSince=${encodeURIComponent(since)}`, bearer(apiKey));
    expect(changed.body.data.map((task: { id: string }) => task.id)).toEqual([ids[3]]);
    // A cursor of another company's list is refused, never followed.
    const forged = Buffer.from(JSON.stringify({ pk: `COMPANY#${a.companyId}`, sk: 'TASK#zzz' })).toString('base64url');
    expect((await invoke('GET', `/api/v1/tasks?cursor=${forged}`, bearer(apiKey))).status).toBe(400);
  });

  it('limits each key: 429 with Retry-After and RateLimit headers, other keys unaffected', async () => {
    process.env.API_KEY_RATE_LIMIT = '5';
    try {
      const company = await createTestCompany({ plan: 'enterprise' });
      const [limited, other] = await Promise.all([makeKey(company, ['read']), makeKey(company, ['read'])]);
      const answers = [];
      for (let i = 0; i < 7; i += 1) answers.push(await invoke('GET', '/api/v1/tasks', bearer(limited)));
      // A window may turn over during the run: at least one refusal, never more than the surplus.
      const refused = answers.filter((answer) => answer.status === 429);
      expect(refused.length).toBeGreaterThanOrEqual(1);
      expect(answers[0].headers['ratelimit-limit']).toBe('5');
      expect(answers[0].headers['ratelimit-remaining']).toBe('4');
      expect(Number(refused[0].headers['retry-after'])).toBeGreaterThan(0);
      expect(refused[0].body.type).toBe('https://rentalops.app/problems/rate-limited');
      expect((await invoke('GET', '/api/v1/tasks', bearer(other))).status).toBe(200);
    } finally {
      delete process.env.API_KEY_RATE_LIMIT;
    }
  });

  it('counts every call of a burst, though the count is written at most once a second far from the limit', async () => {
    process.env.API_KEY_RATE_LIMIT = '6';
    try {
      const company = await createTestCompany({ plan: 'enterprise' });
      const key = await makeKey(company, ['read']);
      const startedWindow = Math.floor(Date.now() / 60_000);
      const answers = await Promise.all(Array.from({ length: 12 }, () => invoke('GET', '/api/v1/tasks', bearer(key))));
      const sameWindow = Math.floor(Date.now() / 60_000) === startedWindow;
      const statuses = answers.map((answer) => answer.status);
      // Twelve calls at once against a limit of six: six answered, six refused (unless a minute turned over mid-burst).
      if (sameWindow) expect(statuses.filter((status) => status === 200)).toHaveLength(6);
      expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(sameWindow ? 6 : 1);
      // One by one, each answer counts the calls before it.
      process.env.API_KEY_RATE_LIMIT = '1000';
      const other = await makeKey(company, ['read']);
      const remaining: number[] = [];
      for (let i = 0; i < 5; i += 1) remaining.push(Number((await invoke('GET', '/api/v1/tasks', bearer(other))).headers['ratelimit-remaining']));
      if (Math.floor(Date.now() / 60_000) === startedWindow) expect(remaining).toEqual([999, 998, 997, 996, 995]);
    } finally {
      delete process.env.API_KEY_RATE_LIMIT;
    }
  });
});
