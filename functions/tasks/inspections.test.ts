// Inspections after cleanings (issue 40 point 2) through the route table against the local
// stand-ins: the full round (complete -> inspection -> fail -> reopened with unticked items, cleaner
// told -> complete -> round 2 -> pass), readiness along the way, the managers told of an
// inspection without an inspector, hostile inputs, and another company's ids.
import { invoke } from '../../local/invoke';
import { createTestCompany, type Member, type TestCompany } from '../../tests/support/fixtures';
import { emailsTo } from '../../tests/support/notifications';
import type { Task } from '#shared/schemas';

const TEMPLATE = [
  { description: 'Clean the bathroom mirror', required: true },
  { description: 'Make the beds', required: true },
  { description: 'Restock coffee', required: false },
];

interface Setup {
  company: TestCompany;
  cleaner: Member;
  inspector: Member;
  propertyId: string;
}

async function setup(options: { inspector?: boolean } = {}): Promise<Setup> {
  const company = await createTestCompany();
  const cleaner = await company.add('staff');
  const inspector = await company.add('staff');
  const property = await invoke('POST', '/api/properties', { cookies: [company.ceo.cookie], body: { name: 'Casa do Mar', address: 'Rua 2' } });
  expect(property.status).toBe(201);
  expect(property.body.readiness).toBe('ready');
  const propertyId: string = property.body.id;
  // Never set: said as false, not left out.
  expect((await invoke('GET', `/api/properties/${propertyId}`, { cookies: [company.ceo.cookie] })).body.inspectionRequired).toBe(false);
  expect((await invoke('PUT', `/api/properties/${propertyId}/checklist-template`, { cookies: [company.ceo.cookie], body: { items: TEMPLATE } })).status).toBe(200);
  const saved = await invoke('PUT', `/api/properties/${propertyId}`, {
    cookies: [company.ceo.cookie],
    body: { name: 'Casa do Mar', address: 'Rua 2', inspectionRequired: true, inspectorId: options.inspector === false ? null : inspector.user.id },
  });
  expect(saved.status).toBe(200);
  expect(saved.body).toMatchObject({ inspectionRequired: true, inspectorId: options.inspector === false ? null : inspector.user.id });
  return { company, cleaner, inspector, propertyId };
}

const readinessOf = async (company: TestCompany, propertyId: string) =>
  (await invoke('GET', `/api/properties/${propertyId}`, { cookies: [company.ceo.cookie] })).body.readiness;

const checklistOf = async (member: Member, taskId: string) => (await invoke('GET', `/api/tasks/${taskId}/checklist`, { cookies: [member.cookie] })).body;

const setStatus = (member: Member, task: Task, status: string) =>
  invoke('PUT', `/api/tasks/${task.id}`, {
    cookies: [member.cookie],
    body: { type: task.type, title: task.title, description: task.description, propertyId: task.propertyId, assignedUserId: task.assignedUserId, status, dueDate: task.dueDate },
  });

/** A cleaning with the property's checklist, assigned to the cleaner. */
async function cleaningOf({ company, cleaner, propertyId }: Setup): Promise<Task> {
  const created = await invoke('POST', '/api/tasks', { cookies: [company.ceo.cookie], body: { type: 'cleaning', title: 'Turnover cleaning', propertyId, assignedUserId: cleaner.user.id } });
  expect(created.status).toBe(201);
  expect((await invoke('POST', `/api/tasks/${created.body.id}/checklist`, { cookies: [company.ceo.cookie], body: {} })).status).toBe(201);
  return (await invoke('GET', `/api/tasks/${created.body.id}`, { cookies: [company.ceo.cookie] })).body;
}

/** The cleaner ticks every item and completes the cleaning; answers the completed cleaning. */
async function cleanAndComplete(setupData: Setup, cleaning: Task): Promise<Task> {
  const { cleaner } = setupData;
  for (const item of (await checklistOf(cleaner, cleaning.id)).items) {
    if (!item.isCompleted) expect((await invoke('PUT', `/api/tasks/${cleaning.id}/checklist/items/${item.id}`, { cookies: [cleaner.cookie], body: { isCompleted: true } })).status).toBe(200);
  }
  const fresh = (await invoke('GET', `/api/tasks/${cleaning.id}`, { cookies: [cleaner.cookie] })).body;
  const done = await setStatus(cleaner, fresh, 'completed');
  expect(done.status).toBe(200);
  return done.body;
}

async function inspectionsOf(company: TestCompany, propertyId: string): Promise<Task[]> {
  const list = await invoke('GET', `/api/tasks?propertyId=${propertyId}&type=inspection&limit=50`, { cookies: [company.ceo.cookie] });
  expect(list.status).toBe(200);
  const items: Task[] = list.body;
  return [...items].sort((a, b) => (a.inspectionRound ?? 0) - (b.inspectionRound ?? 0));
}

const record = (member: Member, inspectionId: string, body: unknown, headers: Record<string, string> = {}) =>
  invoke('POST', `/api/tasks/${inspectionId}/inspection`, { cookies: [member.cookie], headers, body });

describe('inspections after cleanings', () => {
  it('runs the whole round: complete, inspect, fail (reopened, items unticked, cleaner told), complete again, round 2, pass', async () => {
    const data = await setup();
    const { company, cleaner, inspector, propertyId } = data;
    const cleaning = await cleaningOf(data);
    expect(await readinessOf(company, propertyId)).toBe('needs_cleaning');
    const started = await setStatus(cleaner, cleaning, 'in_progress');
    expect(started.status).toBe(200);
    expect(await readinessOf(company, propertyId)).toBe('cleaning');

    // Completion asks for an inspection, in the same write.
    const completed = await cleanAndComplete(data, started.body);
    expect(completed).toMatchObject({ status: 'completed', inspection: { status: 'pending', round: 1 } });
    expect(await readinessOf(company, propertyId)).toBe('needs_inspection');
    const [first] = await inspectionsOf(company, propertyId);
    expect(first).toMatchObject({ type: 'inspection', status: 'pending', inspectsTaskId: cleaning.id, inspectionRound: 1, assignedUserId: inspector.user.id });
    expect(completed.inspection!.inspectionTaskId).toBe(first.id);
    // Its checklist: the cleaning's items, same ids, none required.
    const cleaningItems = (await checklistOf(cleaner, cleaning.id)).items as Array<{ id: string; description: string }>;
    const inspectionItems = (await checklistOf(inspector, first.id)).items as Array<{ id: string; description: string; required?: boolean }>;
    expect(inspectionItems.map((item) => [item.id, item.description])).toEqual(cleaningItems.map((item) => [item.id, item.description]));
    // The inspector's day lists it.
    const myDay = await invoke('GET', '/api/me/tasks?days=2', { cookies: [inspector.cookie] });
    expect(myDay.status).toBe(200);
    expect(JSON.stringify(myDay.body)).toContain(first.id);
    // An inspection is recorded, not just marked done.
    const shortcut = await setStatus(inspector, first, 'completed');
    expect(shortcut.status).toBe(409);
    expect(shortcut.body.message).toMatch(/passed or failed/);

    // Fail: the mirror.
    const mirror = cleaningItems.find((item) => item.description === 'Clean the bathroom mirror')!;
    const failed = await record(inspector, first.id, { passed: false, failedItemIds: [mirror.id], note: 'Mirror still smeared.' });
    expect(failed.status).toBe(200);
    expect(failed.body.inspection).toMatchObject({ status: 'completed', inspectionResult: { passed: false, failedItemIds: [mirror.id], note: 'Mirror still smeared.', recordedBy: inspector.user.id } });
    expect(failed.body.cleaning).toMatchObject({
      status: 'pending',
      completedAt: null,
      inspection: { status: 'failed', round: 1, note: 'Mirror still smeared.', failedItemIds: [mirror.id], failedItems: ['Clean the bathroom mirror'] },
    });
    const reopened = await checklistOf(cleaner, cleaning.id);
    expect(reopened.items.find((item: { id: string }) => item.id === mirror.id).isCompleted).toBe(false);
    expect(reopened.items.filter((item: { isCompleted: boolean }) => item.isCompleted)).toHaveLength(2);
    expect(reopened.openRequiredItems).toBe(1);
    expect(await readinessOf(company, propertyId)).toBe('needs_cleaning');
    // The cleaner is told: their e-mail (on by default) and their bell.
    const mails = (await emailsTo(cleaner.user.email)).filter((mail) => /Inspe[cç][aãi]on? (reprovada|failed|suspendida)/i.test(mail.subject));
    expect(mails).toHaveLength(1);
    expect(mails[0].text).toContain('Mirror still smeared.');
    expect(mails[0].text).toContain('Clean the bathroom mirror');
    const bell = (await invoke('GET', '/api/me/inbox', { cookies: [cleaner.cookie] })).body;
    expect(bell.items).toEqual(expect.arrayContaining([expect.objectContaining({ kind: 'inspection_failed', taskId: cleaning.id })]));
    // Recorded once.
    const again = await record(inspector, first.id, { passed: true });
    expect(again.status).toBe(409);
    expect(again.body.message).toMatch(/already recorded/);

    // Round 2: the cleaner fixes it and completes; a new inspection.
    const second = await cleanAndComplete(data, failed.body.cleaning);
    expect(second.inspection).toMatchObject({ status: 'pending', round: 2 });
    const inspections = await inspectionsOf(company, propertyId);
    expect(inspections.map((task) => [task.inspectionRound, task.status])).toEqual([[1, 'completed'], [2, 'pending']]);
    expect(inspections[1].title).toMatch(/2/);
    expect(await readinessOf(company, propertyId)).toBe('needs_inspection');

    // Pass: the cleaning counts as inspected, the home is ready.
    const passed = await record(inspector, inspections[1].id, { passed: true, note: 'All good' });
    expect(passed.status).toBe(200);
    expect(passed.body.cleaning).toMatchObject({ status: 'completed', inspection: { status: 'passed', round: 2, note: 'All good' } });
    expect(passed.body.inspection).toMatchObject({ status: 'completed', inspectionResult: { passed: true, failedItemIds: [] } });
    expect(await readinessOf(company, propertyId)).toBe('ready');

    // Every round in the history.
    const history = (await invoke('GET', `/api/tasks/${cleaning.id}/history?limit=100`, { cookies: [company.ceo.cookie] })).body as Array<{ action: string; details?: Record<string, unknown> }>;
    const rounds = history.filter((entry) => entry.action.startsWith('inspection_')).map((entry) => [entry.action, entry.details?.round]).reverse();
    expect(rounds).toEqual([['inspection_requested', 1], ['inspection_failed', 1], ['inspection_requested', 2], ['inspection_passed', 2]]);
    expect(history.some((entry) => entry.action === 'reopened')).toBe(true);
  });

  it('gives an inspection without an inspector to the managers, and tells them', async () => {
    const data = await setup({ inspector: false });
    const { company, propertyId } = data;
    const manager = await company.add('operational_manager');
    await cleanAndComplete(data, await cleaningOf(data));
    const [inspection] = await inspectionsOf(company, propertyId);
    expect(inspection).toMatchObject({ assignedUserId: null, status: 'pending' });
    const bell = (await invoke('GET', '/api/me/inbox', { cookies: [manager.cookie] })).body;
    expect(bell.items).toEqual(expect.arrayContaining([expect.objectContaining({ kind: 'inspection_requested', taskId: inspection.id })]));
    // A manager records it (pass).
    const passed = await record(manager, inspection.id, { passed: true });
    expect(passed.status).toBe(200);
    expect(await readinessOf(company, propertyId)).toBe('ready');
  });

  it('asks for nothing where the property does not require inspections', async () => {
    const data = await setup();
    const { company, propertyId } = data;
    await invoke('PUT', `/api/properties/${propertyId}`, { cookies: [company.ceo.cookie], body: { name: 'Casa do Mar', address: 'Rua 2', inspectionRequired: false } });
    const done = await cleanAndComplete(data, await cleaningOf(data));
    expect(done.inspection ?? null).toBeNull();
    expect(await inspectionsOf(company, propertyId)).toEqual([]);
    expect(await readinessOf(company, propertyId)).toBe('ready');
  });

  it('answers bad results in words, writes nothing, and keeps other people and companies out', async () => {
    const data = await setup();
    const { company, cleaner, inspector, propertyId } = data;
    const cleaning = await cleaningOf(data);
    await cleanAndComplete(data, cleaning);
    const [inspection] = await inspectionsOf(company, propertyId);
    const PT = { 'accept-language': 'pt-BR' };

    const notInspection = await record(company.ceo, cleaning.id, { passed: true });
    expect(notInspection.status).toBe(400);
    expect(notInspection.body.message).toMatch(/not an inspection/);
    const passedWithFailures = await record(inspector, inspection.id, { passed: true, failedItemIds: [(await checklistOf(inspector, inspection.id)).items[0].id] });
    expect(passedWithFailures.status).toBe(400);
    expect(passedWithFailures.body.message).toMatch(/passed inspection has no failed items/);
    const unknown = await record(inspector, inspection.id, { passed: false, failedItemIds: ['not-an-item', 'x'.repeat(64)] }, PT);
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toMatch(/não estão na checklist/);
    expect(unknown.body.message).toContain('not-an-item');
    const noReason = await record(inspector, inspection.id, { passed: false });
    expect(noReason.status).toBe(400);
    expect(noReason.body.message).toMatch(/what failed/);
    for (const body of [{}, { passed: 'yes' }, { passed: false, failedItemIds: 'all' }, { passed: false, failedItemIds: [''] }, { passed: false, note: 'x'.repeat(2001) }, null, []]) {
      const response = await record(inspector, inspection.id, body);
      expect(response.status).toBe(400);
    }
    // Someone who is not the inspector nor the office: refused.
    expect((await record(cleaner, inspection.id, { passed: true })).status).toBe(403);
    // Another company: its ids do not exist here, and ours not there.
    const other = await createTestCompany();
    expect((await record(other.ceo, inspection.id, { passed: true })).status).toBe(404);
    expect((await invoke('POST', '/api/tasks/01JD0000000000000000000000/inspection', { cookies: [company.ceo.cookie], body: { passed: true } })).status).toBe(404);
    const foreignInspector = await invoke('PUT', `/api/properties/${propertyId}`, { cookies: [company.ceo.cookie], body: { name: 'Casa do Mar', address: 'Rua 2', inspectorId: other.ceo.user.id } });
    expect(foreignInspector.status).toBe(400);
    expect(foreignInspector.body.fieldErrors ?? foreignInspector.body.errors ?? foreignInspector.body).toEqual(expect.anything());
    expect(JSON.stringify(foreignInspector.body)).toMatch(/inspector/i);
    // Nothing was recorded by any of these.
    const [still] = await inspectionsOf(company, propertyId);
    expect(still).toMatchObject({ status: 'pending' });
    expect(still.inspectionResult ?? null).toBeNull();
    expect(await readinessOf(company, propertyId)).toBe('needs_inspection');
    // Staff may not change the property's inspection settings.
    expect((await invoke('PUT', `/api/properties/${propertyId}`, { cookies: [inspector.cookie], body: { name: 'Casa do Mar', address: 'Rua 2', inspectionRequired: false } })).status).toBe(403);
  });
});
