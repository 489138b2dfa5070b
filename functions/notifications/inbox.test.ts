// The bell's feed and manual messages, through the route table and the local stand-ins: events
// write one item per recipient (once per event), the feed is per member and per company, reading
// marks items read and lowers the count; manual messages reach the recipients the CEO picks.
import { invoke } from '../../local/invoke';
import { createTestCompany, type Member, type TestCompany } from '../../tests/support/fixtures';
import { emailsTo, historyOf, smsTo, uniquePhone } from '../../tests/support/notifications';
import type { InboxView } from '../../shared/inbox';
import { addInboxItems, unreadCount } from '../data/repositories/inbox';
import { text } from './templates';

async function inboxOf(member: Member): Promise<InboxView> {
  const response = await invoke('GET', '/api/me/inbox', { cookies: [member.cookie] });
  expect(response.status).toBe(200);
  return response.body as InboxView;
}

/** Events reach their consumers through the in-process bus; wait until the feed shows what is expected. */
async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 3000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > until) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function propertyOf(company: TestCompany): Promise<string> {
  const response = await invoke('POST', '/api/properties', { cookies: [company.ceo.cookie], body: { name: 'Casa do Farol', address: 'Rua 1' } });
  expect(response.status).toBe(201);
  return response.body.id as string;
}

async function newTask(company: TestCompany, body: Record<string, unknown>, cookie = company.ceo.cookie) {
  const response = await invoke('POST', '/api/tasks', { cookies: [cookie], body: { type: 'cleaning', title: 'Turnover cleaning', ...body } });
  expect(response.status).toBe(201);
  return response.body as { id: string; propertyId: string };
}

describe('the bell', () => {
  it('puts a task assigned to a member on their bell, once, and not on the one who assigned it', async () => {
    const company = await createTestCompany();
    const staff = await company.add('staff');
    const propertyId = await propertyOf(company);
    const task = await newTask(company, { propertyId, assignedUserId: staff.user.id, dueDate: '2030-01-15T14:00:00.000Z' });

    const feed = await eventually(() => inboxOf(staff), (view) => view.unread > 0);
    expect(feed.unread).toBe(1);
    expect(feed.items).toHaveLength(1);
    expect(feed.items[0]).toMatchObject({
      kind: 'task_assigned',
      title: 'Turnover cleaning',
      property: 'Casa do Farol',
      taskId: task.id,
      actor: 'Carla Owner',
      when: '2030-01-15T14:00:00.000Z',
      timeZone: 'America/New_York',
      readAt: null,
    });
    expect((await inboxOf(company.ceo)).items).toEqual([]);
  });

  it('tells the office of completions and problems, newest first, but not the member who did it', async () => {
    const company = await createTestCompany();
    const staff = await company.add('staff');
    const manager = await company.add('operational_manager');
    const propertyId = await propertyOf(company);
    const body = { propertyId, assignedUserId: staff.user.id, title: 'Deep clean' };
    const task = await newTask(company, body);
    expect((await invoke('PUT', `/api/tasks/${task.id}`, { cookies: [staff.cookie], body: { ...body, type: 'cleaning', status: 'completed' } })).status).toBe(200);
    const problem = await invoke('POST', `/api/tasks/${task.id}/problems`, { cookies: [staff.cookie], body: { description: 'Broken window', urgency: 'high' } });
    expect([200, 201]).toContain(problem.status);

    for (const member of [company.ceo, manager]) {
      const feed = await eventually(() => inboxOf(member), (view) => view.items.length >= 2);
      expect(feed.items.map((item) => item.kind)).toEqual(['problem_reported', 'task_completed']);
      expect(feed.items[1]).toMatchObject({ actor: 'Sam Staff', title: 'Deep clean', property: 'Casa do Farol' });
      expect(feed.unread).toBe(2);
    }
    const own = await inboxOf(staff);
    expect(own.items.map((item) => item.kind)).toEqual(['task_assigned']);
  });

  it('tells both members of a reassignment', async () => {
    const company = await createTestCompany();
    const ana = await company.add('staff');
    const bruno = await company.add('staff');
    const propertyId = await propertyOf(company);
    const body = { type: 'cleaning', title: 'Laundry run', propertyId, assignedUserId: ana.user.id };
    const task = await newTask(company, body);
    await eventually(() => inboxOf(ana), (view) => view.unread === 1);
    expect((await invoke('PUT', `/api/tasks/${task.id}`, { cookies: [company.ceo.cookie], body: { ...body, assignedUserId: bruno.user.id } })).status).toBe(200);
    const anaFeed = await eventually(() => inboxOf(ana), (view) => view.items.length === 2);
    expect(anaFeed.items.map((item) => item.kind)).toEqual(['task_unassigned', 'task_assigned']);
    expect((await eventually(() => inboxOf(bruno), (view) => view.unread === 1)).items.map((item) => item.kind)).toEqual(['task_assigned']);
  });

  it('adds nothing when an event is delivered again', async () => {
    const company = await createTestCompany();
    const event = { eventId: 'evt-redelivered-1', occurredAt: new Date().toISOString() };
    const draft = { kind: 'calendar_failed' as const, property: 'Casa', detail: 'airbnb' };
    expect(await addInboxItems(company.companyId, [company.ceo.user.id], draft, event)).toBe(1);
    expect(await addInboxItems(company.companyId, [company.ceo.user.id], draft, event)).toBe(0);
    expect((await inboxOf(company.ceo)).items).toHaveLength(1);
  });

  it('marks the seen items read and lowers the count; another member\'s or company\'s ids change nothing', async () => {
    const company = await createTestCompany();
    const staff = await company.add('staff');
    const colleague = await company.add('staff');
    const other = await createTestCompany();
    const occurredAt = new Date().toISOString();
    for (let i = 0; i < 3; i++) await addInboxItems(company.companyId, [staff.user.id], { kind: 'task_cancelled', title: `Task ${i}` }, { eventId: `evt-read-${i}`, occurredAt: new Date(Date.parse(occurredAt) + i).toISOString() });
    const feed = await inboxOf(staff);
    expect(feed.unread).toBe(3);
    expect(feed.items.map((item) => item.title)).toEqual(['Task 2', 'Task 1', 'Task 0']);
    const ids = feed.items.map((item) => item.id);

    // Someone else's session, in this company or another, cannot mark them.
    for (const intruder of [colleague, other.ceo]) {
      const attempt = await invoke('POST', '/api/me/inbox/read', { cookies: [intruder.cookie], body: { ids } });
      expect(attempt.status).toBe(200);
      expect(attempt.body).toMatchObject({ marked: 0, unread: 0 });
      expect((await inboxOf(intruder)).items).toEqual([]);
    }
    expect(await unreadCount(company.companyId, staff.user.id)).toBe(3);

    const read = await invoke('POST', '/api/me/inbox/read', { cookies: [staff.cookie], body: { ids: ids.slice(0, 2) } });
    expect(read.body).toEqual({ marked: 2, unread: 1 });
    const after = await inboxOf(staff);
    expect(after.unread).toBe(1);
    expect(after.items.map((item) => item.readAt !== null)).toEqual([true, true, false]);
    // Again: already read, nothing changes.
    expect((await invoke('POST', '/api/me/inbox/read', { cookies: [staff.cookie], body: { ids } })).body).toEqual({ marked: 1, unread: 0 });
  });

  it('refuses bad bodies with 400 and lists nothing past its retention', async () => {
    const company = await createTestCompany();
    for (const body of [{}, { ids: [] }, { ids: 'x' }, { ids: ['a'.repeat(65)] }, { ids: Array.from({ length: 101 }, (_, i) => `id${i}`) }]) {
      expect((await invoke('POST', '/api/me/inbox/read', { cookies: [company.ceo.cookie], body })).status).toBe(400);
    }
    expect((await invoke('GET', '/api/me/inbox?limit=500', { cookies: [company.ceo.cookie] })).status).toBe(400);
    expect((await invoke('GET', '/api/me/inbox')).status).toBe(401);
    // An item of 61 days ago is past its TTL: neither listed nor counted, even before DynamoDB deletes it.
    await addInboxItems(company.companyId, [company.ceo.user.id], { kind: 'task_completed', title: 'Old' }, { eventId: 'evt-old', occurredAt: new Date(Date.now() - 61 * 86_400_000).toISOString() });
    expect(await inboxOf(company.ceo)).toEqual({ items: [], unread: 0, nextCursor: null });
  });
});

describe('manual messages (Envio Manual)', () => {
  async function team() {
    const company = await createTestCompany();
    const manager = await company.add('operational_manager');
    const ana = await company.add('staff');
    const bruno = await company.add('staff');
    const phone = uniquePhone();
    // Ana: SMS and e-mail, in Spanish. Bruno: never saved (e-mail on, SMS off, the company's language).
    const saved = await invoke('PUT', '/api/me/notification-preferences', { cookies: [ana.cookie], body: { sms: true, phone, language: 'es' } });
    expect(saved.status).toBe(200);
    return { company, manager, ana, bruno, phone };
  }
  const send = (company: TestCompany, body: Record<string, unknown>) =>
    invoke('POST', '/api/notifications/send', { cookies: [company.ceo.cookie], body: { companyId: company.companyId, message: 'Staff meeting at 9', ...body } });

  it('sends to one role, each by their own channels and language', async () => {
    const { company, manager, ana, bruno, phone } = await team();
    const response = await send(company, { audience: 'role', role: 'staff' });
    expect(response.status).toBe(200);
    expect(response.body.success).toBe(true);
    expect((await emailsTo(ana.user.email)).map((mail) => mail.subject)).toEqual([text('manual.subject', 'es')]);
    expect((await smsTo(phone)).map((sms) => sms.message)).toEqual(['RentalOps: Staff meeting at 9']);
    expect((await emailsTo(bruno.user.email)).map((mail) => mail.subject)).toEqual([text('manual.subject', 'pt')]);
    expect(await emailsTo(manager.user.email)).toEqual([]);
    expect(await emailsTo(company.ceo.user.email)).toEqual([]);
  });

  it('sends to the chosen members only, and to everyone when asked', async () => {
    const { company, manager, ana, bruno } = await team();
    expect((await send(company, { audience: 'members', memberIds: [bruno.user.id], subject: 'Keys' })).status).toBe(200);
    expect((await emailsTo(bruno.user.email)).map((mail) => mail.subject)).toEqual(['Keys']);
    expect(await emailsTo(ana.user.email)).toEqual([]);
    expect((await send(company, { audience: 'everyone', subject: 'All hands' })).status).toBe(200);
    for (const member of [company.ceo, manager, ana, bruno]) {
      expect((await emailsTo(member.user.email)).map((mail) => mail.subject)).toContain('All hands');
    }
  });

  it("refuses another company's member (400) and sends nothing", async () => {
    const { company, ana } = await team();
    const other = await createTestCompany();
    const stranger = await other.add('staff');
    const response = await send(company, { audience: 'members', memberIds: [ana.user.id, stranger.user.id] });
    expect(response.status).toBe(400);
    expect(response.body.errors).toHaveProperty('memberIds');
    expect(await emailsTo(ana.user.email)).toEqual([]);
    expect(await emailsTo(stranger.user.email)).toEqual([]);
    expect(await historyOf(company)).toEqual([]);
    expect((await send(company, { audience: 'members', memberIds: [] })).status).toBe(400);
    expect((await send(company, { audience: 'role' })).status).toBe(400);
    expect((await send(company, { audience: 'nobody' })).status).toBe(400);
  });
});
