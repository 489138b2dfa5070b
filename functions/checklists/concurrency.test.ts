// Taps on different parts of one task never conflict (issue 24 point 3): 20 items ticked at once from
// two sessions all land, the required-items counter stays exact, before/after photos of different
// items all land, a task edit never overwrites a tick, and a 409 comes only when the same slot was
// changed by someone else (with the item as it is now).
import { invoke } from '../../local/invoke';
import { createTestCompany, type TestCompany } from '../../tests/support/fixtures';
import { getTask, taskWrite } from '../data/repositories/tasks';
import { transactWrite } from '../data/db';
import { ConflictError } from '../lib/errors';

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ffff3f0005fe02fea73581e40000000049454e44ae426082', 'hex');
const ITEMS = Array.from({ length: 20 }, (_, i) => ({ description: `Item ${i + 1}`, required: i % 3 !== 2 }));
const REQUIRED = ITEMS.filter((item) => item.required).length;

async function setup() {
  const company = await createTestCompany();
  const staff = await company.add('staff');
  const property = (await invoke('POST', '/api/properties', { cookies: [company.ceo.cookie], body: { name: 'Casa', address: 'Rua' } })).body;
  const taskBody = { title: 'Turnover', propertyId: property.id, type: 'cleaning', assignedUserId: staff.user.id };
  const task = (await invoke('POST', '/api/tasks', { cookies: [company.ceo.cookie], body: taskBody })).body;
  const checklist = (await invoke('POST', `/api/tasks/${task.id}/checklist`, { cookies: [company.ceo.cookie], body: { items: ITEMS } })).body;
  expect(checklist.items).toHaveLength(20);
  return { company, staff, taskId: task.id as string, taskBody, items: checklist.items as Array<{ id: string; required: boolean }> };
}

const tick = (cookie: string, taskId: string, itemId: string, isCompleted = true) =>
  invoke('PUT', `/api/tasks/${taskId}/checklist/items/${itemId}`, { cookies: [cookie], body: { isCompleted } });

async function upload(company: TestCompany, taskId: string): Promise<string> {
  const presigned = await invoke('POST', '/api/objects/upload', { cookies: [company.ceo.cookie], body: { taskId, contentType: 'image/png', size: PNG.length } });
  const uploadURL: string = presigned.body.uploadURL;
  expect((await fetch(uploadURL, { method: 'PUT', headers: { 'content-type': 'image/png', 'x-amz-tagging': 'upload=pending' }, body: PNG })).status).toBe(200);
  return uploadURL.split('?')[0];
}

describe('checklist ticks of different items', () => {
  it('keeps all 20 ticks sent at once from two sessions, with an exact required counter', async () => {
    const { company, staff, taskId, items } = await setup();
    const before = await getTask(company.companyId, taskId);
    const answers = await Promise.all(items.map((item, i) => tick(i % 2 ? staff.cookie : company.ceo.cookie, taskId, item.id)));
    expect(answers.map((answer) => answer.status)).toEqual(items.map(() => 200));
    const view = (await invoke('GET', `/api/tasks/${taskId}/checklist`, { cookies: [staff.cookie] })).body;
    expect(view.items.filter((item: { isCompleted: boolean }) => item.isCompleted)).toHaveLength(20);
    expect(view).toMatchObject({ completedItems: 20, openRequiredItems: 0, status: 'completed' });
    const task = await getTask(company.companyId, taskId);
    expect(task?.openRequiredItems).toBe(0);
    // A tick is not an edit of the task: its version stays, so the screen's next edit needs no reload.
    expect(task?.updatedAt).toBe(before?.updatedAt);
  });

  it('keeps the counter exact when ticks and unticks of many items interleave, and completion then holds', async () => {
    const { company, staff, taskId, taskBody, items } = await setup();
    await Promise.all(items.map((item) => tick(staff.cookie, taskId, item.id)));
    // Half unticked by one session while the other ticks them again and unticks the rest.
    await Promise.all(
      items.flatMap((item, i) => (i < 10 ? [tick(company.ceo.cookie, taskId, item.id, false)] : [tick(staff.cookie, taskId, item.id, false), tick(company.ceo.cookie, taskId, item.id, false)])),
    );
    const view = (await invoke('GET', `/api/tasks/${taskId}/checklist`, { cookies: [staff.cookie] })).body;
    expect(view.completedItems).toBe(0);
    expect((await getTask(company.companyId, taskId))?.openRequiredItems).toBe(REQUIRED);
    const refused = await invoke('PUT', `/api/tasks/${taskId}`, { cookies: [company.ceo.cookie], body: { ...taskBody, status: 'completed' } });
    expect(refused.status).toBe(409);
    await Promise.all(items.map((item, i) => tick(i % 2 ? staff.cookie : company.ceo.cookie, taskId, item.id)));
    const done = await invoke('PUT', `/api/tasks/${taskId}`, { cookies: [company.ceo.cookie], body: { ...taskBody, status: 'completed' } });
    expect(done.status).toBe(200);
  });

  it('never lets a task write overwrite a tick that landed after the task was read', async () => {
    const { company, staff, taskId, taskBody, items } = await setup();
    const read = (await getTask(company.companyId, taskId))!;
    expect((await tick(staff.cookie, taskId, items[0].id)).status).toBe(200);
    const later = new Date(Date.parse(read.updatedAt) + 1000).toISOString();
    const { items: writes, errorFor } = taskWrite(company.companyId, read, { ...read, title: 'Renamed', updatedAt: later }, { expression: 'updatedAt = :version', values: { ':version': read.updatedAt } });
    await expect(transactWrite(writes, errorFor)).rejects.toBeInstanceOf(ConflictError);
    expect((await getTask(company.companyId, taskId))?.openRequiredItems).toBe(REQUIRED - 1);
    // Through the API, an edit after the tick goes through and keeps the counter.
    const edit = await invoke('PUT', `/api/tasks/${taskId}`, { cookies: [company.ceo.cookie], body: { ...taskBody, title: 'Renamed' } });
    expect(edit.status).toBe(200);
    expect((await getTask(company.companyId, taskId))?.openRequiredItems).toBe(REQUIRED - 1);
  });
});

describe('before/after photos of different items', () => {
  it('records photos of 10 items sent at once, and answers 409 with the item only when the same slot changed', async () => {
    const { company, staff, taskId, items } = await setup();
    const keys = await Promise.all(items.slice(0, 10).map(() => upload(company, taskId)));
    const answers = await Promise.all(
      items.slice(0, 10).map((item, i) =>
        invoke('PUT', `/api/tasks/${taskId}/checklist/items/${item.id}/photo`, { cookies: [i % 2 ? staff.cookie : company.ceo.cookie], body: { kind: i % 2 ? 'after' : 'before', photoURL: keys[i], replaces: null } }),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(keys.map(() => 200));
    const view = (await invoke('GET', `/api/tasks/${taskId}/checklist`, { cookies: [staff.cookie] })).body;
    expect(view.items.slice(0, 10).filter((item: { photoBefore: unknown; photoAfter: unknown }) => item.photoBefore || item.photoAfter)).toHaveLength(10);

    // Someone else filled item 0's before slot since this screen read it (it showed none): 409, their photo shown.
    const mine = await upload(company, taskId);
    const conflict = await invoke('PUT', `/api/tasks/${taskId}/checklist/items/${items[0].id}/photo`, {
      cookies: [staff.cookie],
      headers: { 'accept-language': 'pt' },
      body: { kind: 'before', photoURL: mine, replaces: null },
    });
    expect(conflict.status).toBe(409);
    expect(conflict.body.code).toBe('checklist-item-changed');
    expect(conflict.body.message).toMatch(/Outra pessoa alterou este item/);
    expect(conflict.body.details.item).toMatchObject({ id: items[0].id, photoBefore: { uploadedBy: company.ceo.user.id } });
    expect(conflict.body.details.item.photoBeforeUrl).toMatch(/X-Amz-Signature/);
    // Replacing the photo it now shows goes through; without `replaces` the new photo simply wins.
    const replaced = await invoke('PUT', `/api/tasks/${taskId}/checklist/items/${items[0].id}/photo`, {
      cookies: [staff.cookie],
      body: { kind: 'before', photoURL: mine, replaces: conflict.body.details.item.photoBefore.key },
    });
    expect(replaced.status).toBe(200);
    const plain = await invoke('PUT', `/api/tasks/${taskId}/checklist/items/${items[0].id}/photo`, { cookies: [staff.cookie], body: { kind: 'before', photoURL: keys[0] } });
    expect(plain.status).toBe(200);
    // A tick of the same item is another part: no conflict with its photos.
    expect((await tick(staff.cookie, taskId, items[0].id)).status).toBe(200);
  });
});

describe('task photos sent at once', () => {
  it('records 12 photos sent together by two people, keeps the task version, and a task edit never drops one', async () => {
    const { company, staff, taskId, taskBody } = await setup();
    const before = await getTask(company.companyId, taskId);
    const urls = await Promise.all(Array.from({ length: 12 }, () => upload(company, taskId)));
    const answers = await Promise.all(urls.map((photoURL, i) => invoke('PUT', '/api/task-photos', { cookies: [i % 2 ? staff.cookie : company.ceo.cookie], body: { taskId, photoURL } })));
    expect(answers.map((answer) => answer.status)).toEqual(urls.map(() => 200));
    const stored = (await getTask(company.companyId, taskId)) as { photoKeys?: string[]; updatedAt: string } | undefined;
    expect(stored?.photoKeys).toHaveLength(12);
    expect(stored?.updatedAt).toBe(before?.updatedAt);
    // A task write that read the task before a photo landed is refused rather than dropping it.
    const read = (await getTask(company.companyId, taskId))!;
    const late = await upload(company, taskId);
    expect((await invoke('PUT', '/api/task-photos', { cookies: [staff.cookie], body: { taskId, photoURL: late } })).status).toBe(200);
    const { items: writes, errorFor } = taskWrite(company.companyId, read, { ...read, title: 'Renamed', updatedAt: new Date(Date.parse(read.updatedAt) + 1000).toISOString() }, { expression: 'updatedAt = :version', values: { ':version': read.updatedAt } });
    await expect(transactWrite(writes, errorFor)).rejects.toBeInstanceOf(ConflictError);
    // The cleaner completes with the version the screen had before the photos: no reload needed.
    const done = await invoke('PUT', `/api/tasks/${taskId}`, { cookies: [staff.cookie], body: { ...taskBody, status: 'in_progress' } });
    expect(done.status).toBe(200);
    expect(((await getTask(company.companyId, taskId)) as { photoKeys?: string[] })?.photoKeys).toHaveLength(13);
  });
});
