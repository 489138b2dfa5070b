// Repairs the owner pays for (issue 41 point 4; docs/owner-approvals.md) through the route table
// against the local stand-ins: a maintenance task estimated above its property's owner-approval
// limit waits for the owner (who is told), cannot be started or completed meanwhile (nor is its
// assignee told), and goes on when approved or is cancelled when declined, both in its history; an
// estimate raised above the approved amount asks again; a property whose owner has no portal
// account asks nobody and says so. Hostile inputs, other properties' and companies' ids, other roles.
import { addDays } from '#shared/days';
import { zonedInstant } from '#shared/rules';
import { invoke } from '../local/invoke';
import { runJob } from '../local/dev-jobs';
import { createTestCompany, type Member, type TestCompany } from './support/fixtures';
import { emailsTo } from './support/notifications';
import { apiKey, bearer } from './support/public-api';
import { setOwnerProperties } from '#functions/data/repositories/property-groups';
import type { Task } from '#shared/schemas';

const EN = { 'accept-language': 'en' };
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ffff3f0005fe02fea73581e40000000049454e44ae426082', 'hex');
const LIMIT = 50_000; // $500.00

interface World {
  company: TestCompany;
  manager: Member;
  handyman: Member;
  owner: Member;
  /** The owner's property (limit $500), and one of the same company without an owner account (limit $500). */
  propertyId: string;
  unownedId: string;
}

async function property(company: TestCompany, name: string, limit: number | null): Promise<string> {
  const created = await invoke('POST', '/api/properties', { cookies: [company.ceo.cookie], body: { name, address: 'Rua das Flores 12' } });
  expect(created.status).toBe(201);
  const saved = await invoke('PUT', `/api/properties/${created.body.id}`, { cookies: [company.ceo.cookie], body: { name, address: 'Rua das Flores 12', ownerApprovalLimit: limit } });
  expect(saved.status).toBe(200);
  expect(saved.body.ownerApprovalLimit).toBe(limit);
  return created.body.id;
}

async function world(): Promise<World> {
  const company = await createTestCompany({ plan: 'enterprise' });
  const [manager, handyman, owner] = await Promise.all([company.add('operational_manager'), company.add('staff'), company.add('owner')]);
  const propertyId = await property(company, 'Casa Azul', LIMIT);
  const unownedId = await property(company, 'Casa Verde', LIMIT);
  await setOwnerProperties(company.companyId, owner.user.id, [propertyId]);
  return { company, manager, handyman, owner, propertyId, unownedId };
}

const repair = (member: Member, body: Record<string, unknown>) =>
  invoke('POST', '/api/tasks', { cookies: [member.cookie], headers: EN, body: { type: 'maintenance', title: 'Replace the water heater', ...body } });

const setStatus = (member: Member, task: Task, status: string, extra: Record<string, unknown> = {}) =>
  invoke('PUT', `/api/tasks/${task.id}`, {
    cookies: [member.cookie],
    headers: EN,
    body: { type: task.type, title: task.title, description: task.description, propertyId: task.propertyId, assignedUserId: task.assignedUserId, status, dueDate: task.dueDate, ...extra },
  });

const getTask = async (member: Member, taskId: string): Promise<Task> => {
  const response = await invoke('GET', `/api/tasks/${taskId}`, { cookies: [member.cookie] });
  expect(response.status).toBe(200);
  return response.body;
};

const historyOf = async (member: Member, taskId: string): Promise<Array<{ action: string; actorUserId: string; details?: Record<string, unknown> }>> => {
  const response = await invoke('GET', `/api/tasks/${taskId}/history?limit=100`, { cookies: [member.cookie] });
  expect(response.status).toBe(200);
  return response.body;
};

const inboxOf = async (member: Member): Promise<Array<{ kind: string; taskId: string | null; title: string | null }>> => {
  const response = await invoke('GET', '/api/me/inbox', { cookies: [member.cookie] });
  expect(response.status).toBe(200);
  return response.body.items;
};

const approvalsOf = (member: Member) => invoke('GET', '/api/owner/approvals', { cookies: [member.cookie] });
const decide = (member: Member, taskId: string, body: unknown) =>
  invoke('POST', `/api/owner/approvals/${taskId}`, { cookies: [member.cookie], headers: EN, body });

describe('repairs the owner pays for', () => {
  let w: World;
  beforeAll(async () => {
    w = await world();
  });

  it('keeps the limit for the office: managers read it, staff do not; hostile limits are refused in words', async () => {
    const asManager = await invoke('GET', `/api/properties/${w.propertyId}`, { cookies: [w.manager.cookie] });
    expect(asManager.body.ownerApprovalLimit).toBe(LIMIT);
    const asStaff = await invoke('GET', `/api/properties/${w.propertyId}`, { cookies: [w.handyman.cookie] });
    expect(asStaff.status).toBe(200);
    expect(asStaff.body).not.toHaveProperty('ownerApprovalLimit');
    for (const limit of [-1, 12.5, '500', 1e12, true, { cents: 5 }]) {
      const refused = await invoke('PUT', `/api/properties/${w.propertyId}`, { cookies: [w.company.ceo.cookie], headers: EN, body: { name: 'Casa Azul', address: 'Rua das Flores 12', ownerApprovalLimit: limit } });
      expect(refused.status).toBe(400);
      expect(refused.body.errors.ownerApprovalLimit).toMatch(/approval limit/i);
    }
    // Absent keeps it.
    const kept = await invoke('PUT', `/api/properties/${w.propertyId}`, { cookies: [w.company.ceo.cookie], body: { name: 'Casa Azul', address: 'Rua das Flores 12' } });
    expect(kept.body.ownerApprovalLimit).toBe(LIMIT);
  });

  it('refuses hostile estimates in words', async () => {
    for (const estimatedCost of [-5, 10.5, '100', 1e11, Number.MAX_SAFE_INTEGER + 2, [1]]) {
      const refused = await repair(w.manager, { propertyId: w.propertyId, estimatedCost });
      expect(refused.status).toBe(400);
      expect(refused.body.errors.estimatedCost).toMatch(/estimated cost/i);
    }
  });

  it('asks nobody below the limit, for other task types, or without an owner account (and says so)', async () => {
    const below = await repair(w.manager, { propertyId: w.propertyId, estimatedCost: LIMIT, assignedUserId: w.handyman.user.id });
    expect(below.status).toBe(201);
    expect(below.body.estimatedCost).toBe(LIMIT);
    expect(below.body.approval ?? null).toBeNull();
    const cleaning = await repair(w.manager, { type: 'cleaning', propertyId: w.propertyId, estimatedCost: LIMIT * 10 });
    expect(cleaning.body.approval ?? null).toBeNull();
    const unowned = await repair(w.manager, { propertyId: w.unownedId, estimatedCost: LIMIT * 3 });
    expect(unowned.status).toBe(201);
    expect(unowned.body.approval ?? null).toBeNull();
    const history = await historyOf(w.manager, unowned.body.id);
    expect(history.find((entry) => entry.action === 'approval_not_asked')).toMatchObject({ details: { estimatedCost: LIMIT * 3, limit: LIMIT, reason: 'no_owner_account' } });
    // It can be worked at once.
    expect((await setStatus(w.manager, unowned.body, 'in_progress')).status).toBe(200);
  });

  it('holds a repair above the limit for the owner, who is told; the assignee is not told and cannot start or complete it', async () => {
    const created = await repair(w.manager, { propertyId: w.propertyId, estimatedCost: 145_000, assignedUserId: w.handyman.user.id, description: 'The tank leaks.' });
    expect(created.status).toBe(201);
    const task: Task = created.body;
    expect(task.approval).toMatchObject({ status: 'pending', estimatedCost: 145_000, decidedAt: null, decidedBy: null, note: null });
    expect(await historyOf(w.manager, task.id)).toEqual(expect.arrayContaining([expect.objectContaining({ action: 'approval_requested', details: { estimatedCost: 145_000, limit: LIMIT } })]));

    // The owner: the bell and an e-mail naming the amount; the assignee: nothing yet.
    expect((await inboxOf(w.owner)).filter((item) => item.kind === 'approval_requested' && item.taskId === task.id)).toHaveLength(1);
    const mails = (await emailsTo(w.owner.user.email)).filter((mail) => mail.subject.includes('Replace the water heater') && mail.text?.includes('Casa Azul'));
    expect(mails).toHaveLength(1);
    expect(mails[0].text).toMatch(/1[.,]450[.,]00/);
    expect((await inboxOf(w.handyman)).filter((item) => item.taskId === task.id)).toEqual([]);
    expect((await emailsTo(w.handyman.user.email)).filter((mail) => mail.text?.includes(task.id))).toEqual([]);

    // Neither the assignee nor the office can start or complete it.
    for (const [member, status] of [[w.handyman, 'in_progress'], [w.handyman, 'completed'], [w.manager, 'in_progress'], [w.company.ceo, 'completed']] as const) {
      const refused = await setStatus(member, task, status);
      expect(refused.status).toBe(409);
      expect(refused.body.message).toMatch(/Waiting for the owner's approval/);
    }
    // Nor through the public API.
    const key = await apiKey(w.company);
    const viaApi = await invoke('POST', `/api/v1/tasks/${task.id}/complete`, { ...bearer(key), body: {} });
    expect(viaApi.status).toBe(409);
    // Nobody but the owner decides: an approval sent in the task's form or through the API is ignored.
    const forged = { status: 'approved', requestedAt: task.approval!.requestedAt, estimatedCost: 145_000, decidedAt: new Date().toISOString(), decidedBy: w.owner.user.id, note: null };
    expect((await setStatus(w.manager, task, 'pending', { approval: forged })).status).toBe(200);
    expect((await invoke('PATCH', `/api/v1/tasks/${task.id}`, { ...bearer(key), body: { approval: forged } })).status).toBe(200);
    expect((await getTask(w.manager, task.id)).approval?.status).toBe('pending');
    // Nor created already started.
    const started = await repair(w.manager, { propertyId: w.propertyId, estimatedCost: 145_000, status: 'in_progress' });
    expect(started.status).toBe(409);
    // Editing it otherwise is fine, and the staff member may still send their usual whole form (without the estimate).
    expect((await setStatus(w.manager, task, 'pending', { title: 'Replace the water heater (40 gal)' })).status).toBe(200);
    expect((await getTask(w.manager, task.id)).approval?.status).toBe('pending');
  });

  it('lists the owner their own waiting repairs only, with photos; other roles and owners get nothing of it', async () => {
    const created = await repair(w.manager, { propertyId: w.propertyId, estimatedCost: 90_000, title: 'Fix the roof tiles' });
    const listed = await approvalsOf(w.owner);
    expect(listed.status).toBe(200);
    const mine = listed.body.items.find((item: { taskId: string }) => item.taskId === created.body.id);
    expect(mine).toEqual({
      taskId: created.body.id,
      propertyId: w.propertyId,
      propertyName: 'Casa Azul',
      title: 'Fix the roof tiles',
      description: null,
      estimatedCost: 90_000,
      requestedAt: created.body.approval.requestedAt,
      photos: [],
    });
    // A photo the office adds is in the owner's list, as an address they can open.
    const presigned = await invoke('POST', '/api/objects/upload', { cookies: [w.manager.cookie], body: { taskId: created.body.id, contentType: 'image/png', size: PNG.length } });
    expect(presigned.status).toBe(200);
    const put = await fetch(presigned.body.uploadURL, { method: 'PUT', headers: { 'content-type': 'image/png', 'x-amz-tagging': 'upload=pending' }, body: PNG });
    expect(put.status).toBe(200);
    expect((await invoke('PUT', '/api/task-photos', { cookies: [w.manager.cookie], body: { photoURL: presigned.body.uploadURL.split('?')[0], taskId: created.body.id } })).status).toBe(200);
    const withPhoto = (await approvalsOf(w.owner)).body.items.find((item: { taskId: string }) => item.taskId === created.body.id);
    expect(withPhoto.photos).toHaveLength(1);
    expect(withPhoto.photos[0].thumbnailUrl).toBeNull();
    expect(Buffer.from(await (await fetch(withPhoto.photos[0].url)).arrayBuffer()).equals(PNG)).toBe(true);
    // Waiting repairs of a property they do not own are not theirs (nor below-limit or unowned ones).
    for (const item of listed.body.items) expect(item.propertyId).toBe(w.propertyId);
    // Another owner of the same company, of another property: an empty list.
    const other = await w.company.add('owner');
    await setOwnerProperties(w.company.companyId, other.user.id, [w.unownedId]);
    expect((await approvalsOf(other)).body.items).toEqual([]);
    // Members reach no owner route.
    for (const member of [w.company.ceo, w.manager, w.handyman]) {
      expect((await approvalsOf(member)).status).toBe(403);
      expect((await decide(member, created.body.id, { approved: true })).status).toBe(403);
    }
    // The other owner cannot decide it: 404, as another company's id.
    expect((await decide(other, created.body.id, { approved: true })).status).toBe(404);
    expect((await getTask(w.manager, created.body.id)).approval?.status).toBe('pending');
  });

  it('refuses hostile decisions and ids outside the owner\'s properties', async () => {
    const created = await repair(w.manager, { propertyId: w.propertyId, estimatedCost: 60_000, title: 'Repaint the hallway' });
    for (const body of [{}, { approved: 'yes' }, { approved: 1 }, { approved: true, note: 'x'.repeat(1001) }, { approved: true, note: 'a\u202Eb' }, { approved: true, estimatedCost: 'lots' }]) {
      const refused = await decide(w.owner, created.body.id, body);
      expect(refused.status).toBe(400);
    }
    // Another company's task, an unknown id, a task of their company at another property.
    const elsewhere = await createTestCompany();
    const theirProperty = await invoke('POST', '/api/properties', { cookies: [elsewhere.ceo.cookie], body: { name: 'Far Away', address: 'Elsewhere 1' } });
    const theirTask = await invoke('POST', '/api/tasks', { cookies: [elsewhere.ceo.cookie], body: { type: 'maintenance', title: 'Theirs', propertyId: theirProperty.body.id } });
    expect(theirTask.status).toBe(201);
    const unownedTask = await repair(w.manager, { propertyId: w.unownedId, estimatedCost: 60_000 });
    for (const id of [theirTask.body.id, '01JZZZZZZZZZZZZZZZZZZZZZZZ', unownedTask.body.id, '..%2F..%2Fetc']) {
      expect((await decide(w.owner, id, { approved: true })).status).toBe(404);
    }
    // The amount the owner saw changed meanwhile: 409, nothing decided.
    const stale = await decide(w.owner, created.body.id, { approved: true, estimatedCost: 59_999 });
    expect(stale.status).toBe(409);
    expect((await getTask(w.manager, created.body.id)).approval?.status).toBe('pending');
  });

  it('goes on when approved: the assignee is told as on an assignment and may work; deciding again is 409', async () => {
    const created = await repair(w.manager, { propertyId: w.propertyId, estimatedCost: 120_000, title: 'New boiler', assignedUserId: w.handyman.user.id });
    const task: Task = created.body;
    const approved = await decide(w.owner, task.id, { approved: true, note: 'Go ahead, keep the receipt.', estimatedCost: 120_000 });
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({ taskId: task.id, status: 'pending', approval: { status: 'approved', estimatedCost: 120_000, decidedBy: w.owner.user.id, note: 'Go ahead, keep the receipt.' } });
    expect(approved.body.approval.decidedAt).toEqual(expect.any(String));
    const history = await historyOf(w.manager, task.id);
    expect(history.find((entry) => entry.action === 'approval_approved')).toMatchObject({ actorUserId: w.owner.user.id, details: { estimatedCost: 120_000, note: 'Go ahead, keep the receipt.' } });
    // The assignee hears of it now, once.
    expect((await inboxOf(w.handyman)).filter((item) => item.kind === 'task_assigned' && item.taskId === task.id)).toHaveLength(1);
    expect((await emailsTo(w.handyman.user.email)).filter((mail) => mail.text?.includes(task.id))).toHaveLength(1);
    // The office hears of the decision.
    expect((await inboxOf(w.manager)).filter((item) => item.kind === 'approval_approved' && item.taskId === task.id)).toHaveLength(1);
    // No longer on the owner's list; deciding again is 409 in words.
    expect((await approvalsOf(w.owner)).body.items.map((item: { taskId: string }) => item.taskId)).not.toContain(task.id);
    const again = await decide(w.owner, task.id, { approved: false });
    expect(again.status).toBe(409);
    expect(again.body.message).toMatch(/not waiting for your approval/);
    // It can be worked now.
    const fresh = await getTask(w.handyman, task.id);
    expect((await setStatus(w.handyman, fresh, 'in_progress')).status).toBe(200);

    // A lower estimate stays approved; one above the amount approved asks again, and blocks completion.
    const started = await getTask(w.manager, task.id);
    const lower = await setStatus(w.manager, started, 'in_progress', { estimatedCost: 100_000 });
    expect(lower.body.approval.status).toBe('approved');
    const raised = await setStatus(w.manager, lower.body, 'in_progress', { estimatedCost: 180_000 });
    expect(raised.status).toBe(200);
    expect(raised.body.approval).toMatchObject({ status: 'pending', estimatedCost: 180_000, decidedAt: null, note: null });
    expect((await approvalsOf(w.owner)).body.items.find((item: { taskId: string }) => item.taskId === task.id)?.estimatedCost).toBe(180_000);
    expect((await setStatus(w.handyman, raised.body, 'completed')).status).toBe(409);
    const actions = (await historyOf(w.manager, task.id)).map((entry) => entry.action);
    expect(actions.filter((action) => action === 'approval_requested')).toHaveLength(2);
    // Brought back under the limit: the request is withdrawn, and the repair may be completed.
    const withdrawn = await setStatus(w.manager, raised.body, 'in_progress', { estimatedCost: 40_000 });
    expect(withdrawn.body.approval ?? null).toBeNull();
    expect((await historyOf(w.manager, task.id)).some((entry) => entry.action === 'approval_withdrawn')).toBe(true);
    expect((await approvalsOf(w.owner)).body.items.map((item: { taskId: string }) => item.taskId)).not.toContain(task.id);
    expect((await setStatus(w.handyman, withdrawn.body, 'completed')).status).toBe(200);
  });

  it('is cancelled with the note when declined; the assignee, never told of it, is not told of the cancellation', async () => {
    const created = await repair(w.manager, { propertyId: w.propertyId, estimatedCost: 300_000, title: 'Replace all windows', assignedUserId: w.handyman.user.id });
    const declined = await decide(w.owner, created.body.id, { approved: false, note: 'Too expensive: get a second quote.' });
    expect(declined.status).toBe(200);
    expect(declined.body).toMatchObject({ status: 'cancelled', approval: { status: 'declined', note: 'Too expensive: get a second quote.', decidedBy: w.owner.user.id } });
    const task = await getTask(w.manager, created.body.id);
    expect(task.status).toBe('cancelled');
    const history = await historyOf(w.manager, task.id);
    expect(history.find((entry) => entry.action === 'approval_declined')).toMatchObject({ actorUserId: w.owner.user.id, details: { note: 'Too expensive: get a second quote.' } });
    expect(history.find((entry) => entry.action === 'cancelled')).toMatchObject({ actorUserId: w.owner.user.id });
    expect((await inboxOf(w.handyman)).filter((item) => item.taskId === task.id)).toEqual([]);
    expect((await inboxOf(w.manager)).filter((item) => item.kind === 'approval_declined' && item.taskId === task.id)).toHaveLength(1);
    expect((await decide(w.owner, task.id, { approved: true })).status).toBe(409);
  });

  it("leaves a waiting repair out of its assignee's evening digest", async () => {
    const TZ = 'America/New_York';
    const day = '2029-03-13';
    const tomorrow = addDays(day, 1);
    const waiting = await repair(w.manager, { propertyId: w.propertyId, title: 'Digest: waiting repair', estimatedCost: 99_000, assignedUserId: w.handyman.user.id, dueDate: zonedInstant(tomorrow, 10, 0, TZ).toISOString() });
    expect(waiting.body.approval.status).toBe('pending');
    await repair(w.manager, { propertyId: w.propertyId, title: 'Digest: small fix', estimatedCost: 1_000, assignedUserId: w.handyman.user.id, dueDate: zonedInstant(tomorrow, 11, 0, TZ).toISOString() });
    await runJob('send-task-digests', zonedInstant(day, 18, 5, TZ));
    const digests = (await emailsTo(w.handyman.user.email)).filter((mail) => mail.subject.startsWith('Amanhã') && mail.text?.includes('Digest: small fix'));
    expect(digests).toHaveLength(1);
    expect(digests[0].text).not.toContain('Digest: waiting repair');
  });

  it('holds repairs created through the public API too', async () => {
    const key = await apiKey(w.company);
    const created = await invoke('POST', '/api/v1/tasks', { ...bearer(key), body: { type: 'maintenance', title: 'Fix the pool pump', propertyId: w.propertyId, estimatedCost: 75_000 } });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ estimatedCost: 75_000, approval: { status: 'pending', estimatedCost: 75_000 } });
    expect((await approvalsOf(w.owner)).body.items.map((item: { taskId: string }) => item.taskId)).toContain(created.body.id);
    // An estimate changed through the API (above the limit still) keeps it a waiting repair.
    const raised = await invoke('PATCH', `/api/v1/tasks/${created.body.id}`, { ...bearer(key), body: { estimatedCost: 80_000 } });
    expect(raised.status).toBe(200);
    expect(raised.body).toMatchObject({ type: 'maintenance', estimatedCost: 80_000, approval: { status: 'pending', estimatedCost: 80_000 } });
    // An estimate lowered through the API withdraws the request.
    const patched = await invoke('PATCH', `/api/v1/tasks/${created.body.id}`, { ...bearer(key), body: { estimatedCost: 20_000 } });
    expect(patched.status).toBe(200);
    expect(patched.body.approval ?? null).toBeNull();
    expect(patched.body.type).toBe('maintenance');
  });
});
