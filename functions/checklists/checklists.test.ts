// Checklists through the route table against the local stand-ins: a property's default list, its copy
// on a task, ticks, before/after photo proof (S3 stand-in), and completion blocked by open required
// items, race included.
import { invoke } from '../../local/invoke';
import { createTestCompany, type TestCompany } from '../../tests/support/fixtures';
import { getTask } from '../data/repositories/tasks';
import { getStats } from '../data/repositories/stats';

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ffff3f0005fe02fea73581e40000000049454e44ae426082', 'hex');

const TEMPLATE = [
  { description: 'Change the sheets', required: true },
  { description: 'Clean the bathroom', required: true },
  { description: 'Check the minibar', required: false },
];

async function setup(options: { assignee?: string } = {}) {
  const company = await createTestCompany();
  const property = await invoke('POST', '/api/properties', { cookies: [company.ceo.cookie], body: { name: 'Casa', address: 'Rua' } });
  const propertyId: string = property.body.id;
  const template = await invoke('PUT', `/api/properties/${propertyId}/checklist-template`, { cookies: [company.ceo.cookie], body: { items: TEMPLATE } });
  expect(template.status).toBe(200);
  const task = await invoke('POST', '/api/tasks', { cookies: [company.ceo.cookie], body: { title: 'Clean', propertyId, assignedUserId: options.assignee ?? null } });
  return { company, propertyId, taskId: task.body.id as string, taskBody: { title: 'Clean', propertyId, type: 'cleaning', assignedUserId: options.assignee ?? null } };
}

async function attach(company: TestCompany, taskId: string, body: Record<string, unknown> = {}) {
  return invoke('POST', `/api/tasks/${taskId}/checklist`, { cookies: [company.ceo.cookie], body });
}

const tick = (cookie: string, taskId: string, itemId: string, isCompleted = true) =>
  invoke('PUT', `/api/tasks/${taskId}/checklist/items/${itemId}`, { cookies: [cookie], body: { isCompleted } });

describe('checklist templates', () => {
  it('reads empty, saves the whole list in order with ids, and keeps ids given', async () => {
    const company = await createTestCompany();
    const property = (await invoke('POST', '/api/properties', { cookies: [company.ceo.cookie], body: { name: 'Casa', address: 'Rua' } })).body;
    const empty = await invoke('GET', `/api/properties/${property.id}/checklist-template`, { cookies: [company.ceo.cookie] });
    expect(empty.body).toMatchObject({ propertyId: property.id, items: [] });
    const saved = await invoke('PUT', `/api/properties/${property.id}/checklist-template`, { cookies: [company.ceo.cookie], body: { items: TEMPLATE } });
    expect(saved.body.items.map((i: { description: string }) => i.description)).toEqual(TEMPLATE.map((i) => i.description));
    const ids = saved.body.items.map((i: { id: string }) => i.id);
    const edited = await invoke('PUT', `/api/properties/${property.id}/checklist-template`, {
      cookies: [company.ceo.cookie],
      body: { items: [{ id: ids[1], description: 'Clean the bathroom well', required: true }] },
    });
    expect(edited.body.items).toEqual([{ id: ids[1], description: 'Clean the bathroom well', required: true }]);
    const staff = await company.add('staff');
    expect((await invoke('GET', `/api/properties/${property.id}/checklist-template`, { cookies: [staff.cookie] })).body.items).toHaveLength(1);
    expect((await invoke('PUT', `/api/properties/${property.id}/checklist-template`, { cookies: [staff.cookie], body: { items: [] } })).status).toBe(403);
  });

  it('answers an empty description or too many items with 400', async () => {
    const { company, propertyId } = await setup();
    const blank = await invoke('PUT', `/api/properties/${propertyId}/checklist-template`, { cookies: [company.ceo.cookie], body: { items: [{ description: ' ' }] } });
    expect(blank.status).toBe(400);
    expect(blank.body.errors).toEqual({ 'items.0.description': 'Description is required' });
    const many = Array.from({ length: 51 }, (_, i) => ({ description: `Item ${i}` }));
    expect((await invoke('PUT', `/api/properties/${propertyId}/checklist-template`, { cookies: [company.ceo.cookie], body: { items: many } })).status).toBe(400);
  });
});

describe('a task\'s checklist', () => {
  it('copies the template onto a task once (replace swaps it), and is null before', async () => {
    const { company, taskId } = await setup();
    expect((await invoke('GET', `/api/tasks/${taskId}/checklist`, { cookies: [company.ceo.cookie] })).body).toBeNull();
    const attached = await attach(company, taskId);
    expect(attached.status).toBe(201);
    expect(attached.body).toMatchObject({ taskId, status: 'pending', source: 'template', totalItems: 3, requiredItems: 2, openRequiredItems: 2 });
    expect(attached.body.items[0]).toMatchObject({ description: 'Change the sheets', required: true, isCompleted: false, photoBeforeUrl: null, photoAfterUrl: null });
    expect((await attach(company, taskId)).status).toBe(409);
    const custom = await attach(company, taskId, { replace: true, items: [{ description: 'Only this', required: false }] });
    expect(custom.body).toMatchObject({ source: 'custom', totalItems: 1, openRequiredItems: 0 });
    expect(await getTask(company.companyId, taskId)).toMatchObject({ checklistId: custom.body.id, openRequiredItems: 0 });
  });

  it('refuses to complete the task while required items are open, and completes it once they are ticked', async () => {
    const { company, taskId, taskBody } = await setup();
    const checklist = (await attach(company, taskId)).body;
    const [sheets, bathroom] = checklist.items;

    const blocked = await invoke('PUT', `/api/tasks/${taskId}`, { cookies: [company.ceo.cookie], body: { ...taskBody, status: 'completed' } });
    expect(blocked.status).toBe(409);
    expect(blocked.body.message).toBe('This task cannot be completed yet: 2 required checklist items are still open');
    expect((await getTask(company.companyId, taskId))?.status).toBe('pending');

    expect((await tick(company.ceo.cookie, taskId, sheets.id)).body).toMatchObject({ status: 'in_progress', openRequiredItems: 1 });
    const still = await invoke('PUT', `/api/tasks/${taskId}`, { cookies: [company.ceo.cookie], headers: { 'accept-language': 'pt' }, body: { ...taskBody, status: 'completed' } });
    expect(still.body.message).toBe('Esta tarefa ainda não pode ser concluída: 1 item obrigatório da checklist ainda em aberto');
    const ticked = await tick(company.ceo.cookie, taskId, bathroom.id);
    expect(ticked.body.openRequiredItems).toBe(0);
    expect(ticked.body.items[1]).toMatchObject({ isCompleted: true, completedBy: company.ceo.user.id });

    const done = await invoke('PUT', `/api/tasks/${taskId}`, { cookies: [company.ceo.cookie], body: { ...taskBody, status: 'completed' } });
    expect(done.status).toBe(200);
    expect((await getStats(company.companyId)).tasksByStatus.completed).toBe(1);
    // The checklist of a completed task is closed.
    const untick = await tick(company.ceo.cookie, taskId, sheets.id, false);
    expect(untick.status).toBe(409);
    expect(untick.body.message).toBe('The checklist of a completed or cancelled task cannot be changed; reopen the task first');
  });

  it('unticking a required item blocks completion again; ticking twice changes nothing', async () => {
    const { company, taskId, taskBody } = await setup();
    const checklist = (await attach(company, taskId)).body;
    for (const item of checklist.items) await tick(company.ceo.cookie, taskId, item.id);
    expect((await tick(company.ceo.cookie, taskId, checklist.items[0].id)).body.openRequiredItems).toBe(0);
    await tick(company.ceo.cookie, taskId, checklist.items[0].id, false);
    expect((await getTask(company.companyId, taskId))?.openRequiredItems).toBe(1);
    expect((await invoke('PUT', `/api/tasks/${taskId}`, { cookies: [company.ceo.cookie], body: { ...taskBody, status: 'completed' } })).status).toBe(409);
  });

  it('never ends completed with a required item open when completion and an untick race', async () => {
    for (let round = 0; round < 4; round += 1) {
      const { company, taskId, taskBody } = await setup();
      const checklist = (await attach(company, taskId, { items: [{ description: 'Required', required: true }] })).body;
      await tick(company.ceo.cookie, taskId, checklist.items[0].id);
      const [completion, untick] = await Promise.all([
        invoke('PUT', `/api/tasks/${taskId}`, { cookies: [company.ceo.cookie], body: { ...taskBody, status: 'completed' } }),
        tick(company.ceo.cookie, taskId, checklist.items[0].id, false),
      ]);
      const task = await getTask(company.companyId, taskId);
      const view = (await invoke('GET', `/api/tasks/${taskId}/checklist`, { cookies: [company.ceo.cookie] })).body;
      expect([completion.status, untick.status].sort()).toEqual([200, 409]);
      if (task?.status === 'completed') expect(view.openRequiredItems).toBe(0);
      expect(task?.openRequiredItems).toBe(view.openRequiredItems);
    }
  });

  it('lets staff tick the items of tasks assigned to them only', async () => {
    const company = await createTestCompany();
    const staff = await company.add('staff');
    const other = await company.add('staff');
    const property = (await invoke('POST', '/api/properties', { cookies: [company.ceo.cookie], body: { name: 'Casa', address: 'Rua' } })).body;
    await invoke('PUT', `/api/properties/${property.id}/checklist-template`, { cookies: [company.ceo.cookie], body: { items: TEMPLATE } });
    const task = (await invoke('POST', '/api/tasks', { cookies: [company.ceo.cookie], body: { title: 'Clean', propertyId: property.id, assignedUserId: staff.user.id } })).body;
    const checklist = (await attach(company, task.id)).body;
    expect((await tick(staff.cookie, task.id, checklist.items[0].id)).status).toBe(200);
    expect((await tick(other.cookie, task.id, checklist.items[1].id)).status).toBe(403);
    expect((await invoke('POST', `/api/tasks/${task.id}/checklist`, { cookies: [staff.cookie], body: { replace: true } })).status).toBe(403);
    expect((await tick(staff.cookie, task.id, 'no-such-item')).status).toBe(404);
  });

  it('records before and after photos per item, checked against the task\'s prefix, and serves them back', async () => {
    const { company, taskId } = await setup();
    const other = await setup();
    const checklist = (await attach(company, taskId)).body;
    const item = checklist.items[0];
    const upload = async (forCompany: TestCompany, forTask: string) => {
      const presigned = await invoke('POST', '/api/objects/upload', { cookies: [forCompany.ceo.cookie], body: { taskId: forTask, contentType: 'image/png', size: PNG.length } });
      const uploadURL: string = presigned.body.uploadURL;
      expect((await fetch(uploadURL, { method: 'PUT', headers: { 'content-type': 'image/png', 'x-amz-tagging': 'upload=pending' }, body: PNG })).status).toBe(200);
      return uploadURL.split('?')[0];
    };
    const before = await upload(company, taskId);
    const after = await upload(company, taskId);

    const recorded = await invoke('PUT', `/api/tasks/${taskId}/checklist/items/${item.id}/photo`, { cookies: [company.ceo.cookie], body: { kind: 'before', photoURL: before } });
    expect(recorded.status).toBe(200);
    await invoke('PUT', `/api/tasks/${taskId}/checklist/items/${item.id}/photo`, { cookies: [company.ceo.cookie], body: { kind: 'after', photoURL: after } });

    const view = await invoke('GET', `/api/tasks/${taskId}/checklist`, { cookies: [company.ceo.cookie] });
    const shown = view.body.items[0];
    expect(shown.photoBefore).toMatchObject({ uploadedBy: company.ceo.user.id });
    expect(new URL(shown.photoBeforeUrl).searchParams.get('X-Amz-Signature')).toBeTruthy();
    expect(Buffer.from(await (await fetch(shown.photoAfterUrl)).arrayBuffer()).equals(PNG)).toBe(true);

    const foreign = await upload(other.company, other.taskId);
    const refused = await invoke('PUT', `/api/tasks/${taskId}/checklist/items/${item.id}/photo`, { cookies: [company.ceo.cookie], body: { kind: 'before', photoURL: foreign } });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual({ photoURL: 'This photo does not belong to this task' });
    const badKind = await invoke('PUT', `/api/tasks/${taskId}/checklist/items/${item.id}/photo`, { cookies: [company.ceo.cookie], body: { kind: 'during', photoURL: before } });
    expect(badKind.status).toBe(400);
  });

  it('answers 404 for another company\'s task or property and changes nothing', async () => {
    const mine = await createTestCompany();
    const { company: theirs, taskId, propertyId } = await setup();
    const checklist = (await attach(theirs, taskId)).body;
    const me = [mine.ceo.cookie];
    expect((await invoke('GET', `/api/tasks/${taskId}/checklist`, { cookies: me })).status).toBe(404);
    expect((await invoke('POST', `/api/tasks/${taskId}/checklist`, { cookies: me, body: { replace: true } })).status).toBe(404);
    expect((await tick(mine.ceo.cookie, taskId, checklist.items[0].id)).status).toBe(404);
    expect((await invoke('PUT', `/api/tasks/${taskId}/checklist/items/${checklist.items[0].id}/photo`, { cookies: me, body: { kind: 'before', photoURL: 'http://x.test/a.png' } })).status).toBe(404);
    expect((await invoke('GET', `/api/properties/${propertyId}/checklist-template`, { cookies: me })).status).toBe(404);
    expect((await invoke('PUT', `/api/properties/${propertyId}/checklist-template`, { cookies: me, body: { items: [] } })).status).toBe(404);
    const still = await invoke('GET', `/api/tasks/${taskId}/checklist`, { cookies: [theirs.ceo.cookie] });
    expect(still.body).toMatchObject({ id: checklist.id, openRequiredItems: 2 });
    expect((await invoke('GET', `/api/properties/${propertyId}/checklist-template`, { cookies: [theirs.ceo.cookie] })).body.items).toHaveLength(3);
  });
});
