// Field staff told of their work and their own days (issue 19 points 1, 3): GET /api/me/tasks,
// property access fields and who sees them, member notification preferences, the notices of
// assigned / taken off / moved / cancelled tasks and the evening digest, through the route table,
// the in-process event bus and the dev outbox, against the local stand-ins.
import { addDays as addCalendarDays } from '#shared/days';
import { zonedInstant, zonedTime } from '#shared/rules';
import { invoke } from '../../local/invoke';
import { runJob } from '../../local/dev-jobs';
import { createTestCompany, type Member, type TestCompany } from '../../tests/support/fixtures';
import { emailsTo, smsTo, uniquePhone } from '../../tests/support/notifications';
import { getPreferences } from '../data/repositories/notifications';
import { NOTICES_PER_MEMBER_PER_HOUR } from '../notifications/assignee-notifications';

const TZ = 'America/New_York';
const EN = { 'accept-language': 'en' };
const today = () => zonedTime(new Date(), TZ).date;
/** An instant at `hour`:00 on the local day `days` from today (company zone). */
const localAt = (days: number, hour: number, day = today()) => zonedInstant(addCalendarDays(day, days), hour, 0, TZ).toISOString();

async function propertyOf(company: TestCompany, body: Record<string, unknown> = {}) {
  const response = await invoke('POST', '/api/properties', {
    cookies: [company.ceo.cookie],
    body: { name: 'Casa Azul', address: '1 Ocean Drive, Miami, FL', accessNotes: 'Key box left of the door', doorCode: '4821', ...body },
  });
  expect(response.status).toBe(201);
  return response.body as { id: string; name: string; address: string };
}

async function taskOf(company: TestCompany, propertyId: string, fields: Record<string, unknown> = {}) {
  const response = await invoke('POST', '/api/tasks', {
    cookies: [company.ceo.cookie],
    body: { type: 'cleaning', title: 'Turnover clean', propertyId, status: 'pending', assignedUserId: null, dueDate: null, ...fields },
  });
  expect(response.status).toBe(201);
  return response.body as Record<string, any>;
}

async function editTask(company: TestCompany, task: Record<string, any>, changes: Record<string, unknown>) {
  const { id, type, title, description, propertyId, assignedUserId, status, dueDate } = task;
  const response = await invoke('PUT', `/api/tasks/${id}`, {
    cookies: [company.ceo.cookie],
    body: { type, title, description, propertyId, assignedUserId, status, dueDate, ...changes },
  });
  expect(response.status).toBe(200);
  return response.body as Record<string, any>;
}

const myTasks = (member: Member, query = '') => invoke('GET', `/api/me/tasks${query}`, { cookies: [member.cookie] });

async function setMyPreferences(member: Member, body: Record<string, unknown>) {
  const response = await invoke('PUT', '/api/me/notification-preferences', { cookies: [member.cookie], body });
  expect(response.status).toBe(200);
  return response.body;
}

describe('GET /api/me/tasks', () => {
  it("answers the caller's own tasks of the window in time order, overdue open ones first, with property, checklist and the next guest", async () => {
    const company = await createTestCompany();
    const staff = await company.add('staff');
    const other = await company.add('staff');
    const house = await propertyOf(company);
    const flat = await propertyOf(company, { name: 'Flat 2', address: '9 Bay Road', accessNotes: null, doorCode: null });
    const overdue = await taskOf(company, flat.id, { title: 'Overdue laundry', type: 'laundry', assignedUserId: staff.user.id, dueDate: localAt(-2, 10) });
    const later = await taskOf(company, house.id, { title: 'In three days', assignedUserId: staff.user.id, dueDate: localAt(3, 9) });
    const tomorrow = await taskOf(company, house.id, { title: 'Tomorrow morning', assignedUserId: staff.user.id, dueDate: localAt(1, 10) });
    await taskOf(company, house.id, { title: 'Done last week', assignedUserId: staff.user.id, status: 'completed', dueDate: localAt(-5, 10) });
    await taskOf(company, house.id, { title: 'Cancelled', assignedUserId: staff.user.id, status: 'cancelled', dueDate: localAt(1, 12) });
    await taskOf(company, house.id, { title: 'Far ahead', assignedUserId: staff.user.id, dueDate: localAt(20, 12) });
    await taskOf(company, house.id, { title: 'Someone else', assignedUserId: other.user.id, dueDate: localAt(1, 12) });
    const undated = await taskOf(company, flat.id, { title: 'Whenever', assignedUserId: staff.user.id });
    const attached = await invoke('POST', `/api/tasks/${tomorrow.id}/checklist`, {
      cookies: [company.ceo.cookie],
      body: { items: [{ description: 'Change the towels', required: true }] },
    });
    expect(attached.status).toBe(201);
    // The next guest arrives the day of the task: a same-day turnover.
    const booked = await invoke('POST', '/api/reservations', {
      cookies: [company.ceo.cookie],
      body: { propertyId: house.id, guestName: 'Emma Johnson', checkinDate: addCalendarDays(today(), 1), checkoutDate: addCalendarDays(today(), 4) },
    });
    expect(booked.status).toBe(201);

    const response = await myTasks(staff, '?days=7');
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ timeZone: TZ, from: today(), to: addCalendarDays(today(), 6), days: 7 });
    const titles = response.body.tasks.map((task: any) => task.title);
    expect(titles).toEqual(['Overdue laundry', 'Tomorrow morning', 'In three days', 'Whenever']);
    const [first, second, third, fourth] = response.body.tasks;
    expect(first).toMatchObject({ id: overdue.id, overdue: true, nextCheckin: null, photos: [], checklist: null });
    // Access fields: the overdue and tomorrow's tasks open them; the one in three days alone would not.
    expect(first.property).toEqual({ id: flat.id, name: 'Flat 2', address: '9 Bay Road', mapUrl: 'https://www.google.com/maps/search/?api=1&query=9%20Bay%20Road', accessNotes: null, doorCode: null });
    expect(second).toMatchObject({ id: tomorrow.id, overdue: false });
    expect(second.property).toMatchObject({ id: house.id, accessNotes: 'Key box left of the door', doorCode: '4821' });
    expect(second.nextCheckin).toEqual({ checkinDate: localAt(1, 15), guestName: 'Emma Johnson', sameDay: true });
    expect(second.checklist.items).toEqual([expect.objectContaining({ description: 'Change the towels', required: true, isCompleted: false })]);
    expect(third).toMatchObject({ id: later.id });
    expect(third.nextCheckin).toBeNull();
    expect(fourth).toMatchObject({ id: undated.id, dueDate: null, overdue: false });
    // A day-long window: tomorrow's task is out, but it still opens the house's access fields.
    const oneDay = await myTasks(staff, '?days=1');
    expect(oneDay.body.tasks.map((task: any) => task.title)).toEqual(['Overdue laundry', 'Whenever']);
  });

  it('lists a completed task of today and leaves every other member out', async () => {
    const company = await createTestCompany();
    const staff = await company.add('staff');
    const house = await propertyOf(company);
    await taskOf(company, house.id, { title: 'Done this morning', assignedUserId: staff.user.id, status: 'completed', dueDate: localAt(0, 9) });
    const manager = await company.add('operational_manager');
    expect((await myTasks(staff)).body.tasks.map((task: any) => [task.title, task.status])).toEqual([['Done this morning', 'completed']]);
    expect((await myTasks(manager)).body.tasks).toEqual([]);
    expect((await myTasks(company.ceo)).body.tasks).toEqual([]);
  });

  it('follows reassignment, cancellation and moves', async () => {
    const company = await createTestCompany();
    const staff = await company.add('staff');
    const other = await company.add('staff');
    const house = await propertyOf(company);
    const task = await taskOf(company, house.id, { assignedUserId: staff.user.id, dueDate: localAt(1, 10) });
    const moved = await editTask(company, task, { dueDate: localAt(12, 10) });
    expect((await myTasks(staff)).body.tasks).toEqual([]);
    const back = await editTask(company, moved, { dueDate: localAt(2, 10) });
    expect((await myTasks(staff)).body.tasks.map((t: any) => t.id)).toEqual([task.id]);
    const reassigned = await editTask(company, back, { assignedUserId: other.user.id });
    expect((await myTasks(staff)).body.tasks).toEqual([]);
    expect((await myTasks(other)).body.tasks.map((t: any) => t.id)).toEqual([task.id]);
    await editTask(company, reassigned, { status: 'cancelled' });
    expect((await myTasks(other)).body.tasks).toEqual([]);
  });

  it('refuses a bad window with a clear 400', async () => {
    const company = await createTestCompany();
    for (const days of ['0', '32', 'seven', '2.5']) {
      const response = await invoke('GET', `/api/me/tasks?days=${days}`, { cookies: [company.ceo.cookie], headers: EN });
      expect(response.status).toBe(400);
      expect(response.body.errors).toEqual({ days: 'Choose from 1 to 31 days' });
    }
  });
});

describe('property access fields', () => {
  it('shows them to managers, and to staff only from the day before their open task until it is done', async () => {
    const company = await createTestCompany();
    const staff = await company.add('staff');
    const manager = await company.add('operational_manager');
    const house = await propertyOf(company);
    const get = (member: Member) => invoke('GET', `/api/properties/${house.id}`, { cookies: [member.cookie] });
    const list = async (member: Member) => (await invoke('GET', '/api/properties', { cookies: [member.cookie] })).body.find((p: any) => p.id === house.id);

    expect((await get(manager)).body).toMatchObject({ accessNotes: 'Key box left of the door', doorCode: '4821', mapUrl: expect.stringContaining('1%20Ocean%20Drive') });
    expect((await get(staff)).body).not.toHaveProperty('doorCode');
    expect((await get(staff)).body).not.toHaveProperty('accessNotes');
    expect((await get(staff)).body.mapUrl).toContain('google.com/maps');

    const task = await taskOf(company, house.id, { assignedUserId: staff.user.id, dueDate: localAt(2, 10) });
    expect(await list(staff)).not.toHaveProperty('doorCode');
    const soon = await editTask(company, task, { dueDate: localAt(1, 23) });
    expect((await get(staff)).body).toMatchObject({ doorCode: '4821', accessNotes: 'Key box left of the door' });
    expect(await list(staff)).toMatchObject({ doorCode: '4821' });
    await editTask(company, soon, { status: 'completed' });
    expect((await get(staff)).body).not.toHaveProperty('doorCode');
  });

  it('saves, keeps and clears them on update (managers only), and refuses a door code too long', async () => {
    const company = await createTestCompany();
    const staff = await company.add('staff');
    const house = await propertyOf(company);
    const put = (member: Member, body: Record<string, unknown>) =>
      invoke('PUT', `/api/properties/${house.id}`, { cookies: [member.cookie], headers: EN, body: { name: 'Casa Azul', address: '1 Ocean Drive', ...body } });
    expect((await put(company.ceo, {})).body).toMatchObject({ doorCode: '4821', accessNotes: 'Key box left of the door' });
    expect((await put(company.ceo, { doorCode: '  ', accessNotes: 'Gate code on arrival' })).body).toMatchObject({ doorCode: null, accessNotes: 'Gate code on arrival' });
    const tooLong = await put(company.ceo, { doorCode: 'x'.repeat(41) });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.errors).toEqual({ doorCode: 'Too long' });
    expect((await put(staff, { doorCode: '1' })).status).toBe(403);
    const theirs = await createTestCompany();
    expect((await invoke('GET', `/api/properties/${house.id}`, { cookies: [theirs.ceo.cookie] })).status).toBe(404);
  });
});

describe('my notification preferences', () => {
  it('answers the defaults to every role, saves only the fields sent, and refuses SMS without a phone', async () => {
    const company = await createTestCompany();
    const staff = await company.add('staff');
    for (const member of [company.ceo, staff]) {
      const response = await invoke('GET', '/api/me/notification-preferences', { cookies: [member.cookie] });
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ email: true, sms: false, phone: null, language: 'pt', digest: true, digestHour: 18 });
    }
    const refused = await invoke('PUT', '/api/me/notification-preferences', { cookies: [staff.cookie], headers: EN, body: { sms: true } });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual({ phone: 'Add your phone number (with the country code) to get SMS' });
    const badPhone = await invoke('PUT', '/api/me/notification-preferences', { cookies: [staff.cookie], headers: EN, body: { sms: true, phone: '555 1234' } });
    expect(badPhone.status).toBe(400);
    expect(badPhone.body.errors.phone).toMatch(/country code/);
    const badHour = await invoke('PUT', '/api/me/notification-preferences', { cookies: [staff.cookie], headers: EN, body: { digestHour: 24 } });
    expect(badHour.status).toBe(400);
    expect((await getPreferences(company.companyId, staff.user.id)).id).toBeNull();

    expect(await setMyPreferences(staff, { sms: true, phone: '+1 (555) 010-2030', language: 'en' })).toEqual({
      email: true, sms: true, phone: '+15550102030', language: 'en', digest: true, digestHour: 18,
    });
    expect(await setMyPreferences(staff, { digest: false, digestHour: 7 })).toMatchObject({ sms: true, phone: '+15550102030', digest: false, digestHour: 7 });
    // Clearing the phone while SMS is on is refused; turning SMS off with it is fine.
    expect((await invoke('PUT', '/api/me/notification-preferences', { cookies: [staff.cookie], body: { phone: '' } })).status).toBe(400);
    expect(await setMyPreferences(staff, { phone: null, sms: false })).toMatchObject({ sms: false, phone: null });
    // Someone else's preferences are untouched.
    expect((await invoke('GET', '/api/me/notification-preferences', { cookies: [company.ceo.cookie] })).body.sms).toBe(false);
  });

  it("starts in the company's language", async () => {
    const company = await createTestCompany();
    const update = await invoke('PUT', `/api/companies/${company.companyId}`, {
      cookies: [company.ceo.cookie],
      body: { name: 'Sol', email: 'a@sol.test', phone: '+1 555 010 2030', address: 'x', responsibleName: 'y', responsibleEmail: 'b@sol.test', preferredLanguage: 'spanish' },
    });
    expect(update.status).toBe(200);
    const staff = await company.add('staff');
    expect((await invoke('GET', '/api/me/notification-preferences', { cookies: [staff.cookie] })).body.language).toBe('es');
  });
});

describe('members told of their work', () => {
  it('tells the assignee of a new task by e-mail, with the task, the property, the time and a link; SMS when they chose it', async () => {
    const company = await createTestCompany();
    const staff = await company.add('staff');
    const phone = uniquePhone();
    await setMyPreferences(staff, { sms: true, phone, language: 'en' });
    const house = await propertyOf(company);
    const task = await taskOf(company, house.id, { title: 'Deep clean', assignedUserId: staff.user.id, dueDate: '2031-03-14T14:00:00.000Z' });
    const mails = await emailsTo(staff.user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe('New task for you: Deep clean (Mar 14, 2031, 10:00 AM)');
    expect(mails[0].text).toContain('You were assigned "Deep clean" (cleaning) at Casa Azul, Mar 14, 2031, 10:00 AM.');
    expect(mails[0].text).toContain(`http://localhost:3000/tasks/${task.id}`);
    const sms = await smsTo(phone);
    expect(sms).toHaveLength(1);
    expect(sms[0].message).toContain(`RentalOps: You were assigned "Deep clean"`);

    // In Portuguese the notice does not guess the member's gender ("designado(a)"): the task is theirs.
    const colleague = await company.add('staff');
    await setMyPreferences(colleague, { language: 'pt' });
    await taskOf(company, house.id, { title: 'Limpeza geral', assignedUserId: colleague.user.id, dueDate: '2031-03-14T14:00:00.000Z' });
    const portuguese = await emailsTo(colleague.user.email);
    expect(portuguese[0].text).toContain('A tarefa "Limpeza geral" (limpeza) em Casa Azul, 14 de mar. de 2031, 10:00, agora é sua.');
  });

  it('marks a same-day turnover, tells the previous assignee when reassigned, and tells of moves and cancellation', async () => {
    const company = await createTestCompany();
    const first = await company.add('staff');
    const second = await company.add('staff');
    await setMyPreferences(first, { language: 'en' });
    await setMyPreferences(second, { language: 'es' });
    const house = await propertyOf(company);
    const day = '2028-06-10';
    const booked = await invoke('POST', '/api/reservations', {
      cookies: [company.ceo.cookie],
      body: { propertyId: house.id, guestName: 'Noah Brown', checkinDate: day, checkoutDate: '2028-06-12' },
    });
    expect(booked.status).toBe(201);
    const task = await taskOf(company, house.id, { title: 'Turnover', assignedUserId: first.user.id, dueDate: zonedInstant(day, 11, 0, TZ).toISOString() });
    expect((await emailsTo(first.user.email))[0].text).toContain('Same-day turnover: guest arrives 3:00 PM.');

    const reassigned = await editTask(company, task, { assignedUserId: second.user.id });
    const firstMails = await emailsTo(first.user.email);
    expect(firstMails.map((mail) => mail.subject)).toEqual(expect.arrayContaining(['Task taken off you: Turnover']));
    const secondMails = await emailsTo(second.user.email);
    expect(secondMails).toHaveLength(1);
    expect(secondMails[0].text).toContain('Cambio el mismo día: el huésped llega a las 15:00.');

    const moved = await editTask(company, reassigned, { dueDate: zonedInstant('2028-06-11', 11, 0, TZ).toISOString() });
    const afterMove = await emailsTo(second.user.email);
    expect(afterMove).toHaveLength(2);
    expect(afterMove.map((mail) => mail.text).join('\n')).toMatch(/cambió: ahora 11 jun 2028, 11:00 \(antes 10 jun 2028, 11:00\)/);

    await editTask(company, moved, { status: 'cancelled' });
    const afterCancel = await emailsTo(second.user.email);
    expect(afterCancel).toHaveLength(3);
    expect(afterCancel.map((mail) => mail.subject)).toContain('Tarea cancelada: Turnover');
    // Unassigning tells the person taken off; history keeps every notice.
    const history = await invoke('GET', `/api/notifications/history?companyId=${company.companyId}&limit=50`, { cookies: [company.ceo.cookie] });
    expect(history.body.filter((entry: any) => entry.category === 'task_notice').length).toBeGreaterThanOrEqual(5);
  });

  it('tells a member of a task taken off them in their language even after a burst of assignments used up the hour\'s notices', async () => {
    const company = await createTestCompany();
    const first = await company.add('staff');
    const second = await company.add('staff');
    const phone = uniquePhone();
    await setMyPreferences(first, { language: 'es', sms: true, phone });
    const house = await propertyOf(company);
    // A calendar import's worth of turnovers for the first cleaner: the hour's assignment notices run out.
    const tasks = [];
    for (let i = 0; i <= NOTICES_PER_MEMBER_PER_HOUR; i++) {
      tasks.push(await taskOf(company, house.id, { title: `Turnover ${i}`, assignedUserId: first.user.id, dueDate: localAt(3, 10) }));
    }
    expect(await emailsTo(first.user.email)).toHaveLength(NOTICES_PER_MEMBER_PER_HOUR);
    // One of them goes to someone else: the first cleaner is still told, by e-mail and SMS, in Spanish.
    await editTask(company, tasks[0], { assignedUserId: second.user.id });
    const takenOff = (await emailsTo(first.user.email)).filter((mail) => mail.subject === 'Tarea retirada: Turnover 0');
    expect(takenOff).toHaveLength(1);
    expect(takenOff[0].text).toContain('ya no es tuya');
    expect((await smsTo(phone)).filter((sms) => sms.message.includes('"Turnover 0"') && sms.message.includes('ya no es tuya'))).toHaveLength(1);
  });

  it('tells nobody of their own change, nor a member who turned every channel off; a redelivered event sends once', async () => {
    const company = await createTestCompany();
    const staff = await company.add('staff');
    const quiet = await company.add('staff');
    await setMyPreferences(quiet, { email: false });
    const house = await propertyOf(company);
    // The CEO assigns a task to themself: no notice.
    await taskOf(company, house.id, { assignedUserId: company.ceo.user.id, dueDate: localAt(1, 10) });
    // (The CEO's own alert of the assignment is another matter: notify-task-assigned.)
    expect((await emailsTo(company.ceo.user.email)).filter((mail) => mail.subject.startsWith('Nova tarefa'))).toHaveLength(0);
    await taskOf(company, house.id, { assignedUserId: quiet.user.id, dueDate: localAt(1, 10) });
    expect(await emailsTo(quiet.user.email)).toHaveLength(0);

    const { handler } = await import('../handlers/notify-assignee-assigned');
    const envelope = {
      version: '0',
      id: 'redelivered-event-1',
      'detail-type': 'task.assigned',
      source: 'rentalops',
      account: '000000000000',
      time: '2031-01-01T00:00:00Z',
      region: 'us-east-1',
      resources: [],
      detail: {
        companyId: company.companyId,
        occurredAt: '2031-01-01T00:00:00.000Z',
        taskId: '01JD0000000000000000000099',
        title: 'Replayed',
        type: 'cleaning',
        propertyId: house.id,
        actorUserId: company.ceo.user.id,
        assignedUserId: staff.user.id,
        previousAssignedUserId: null,
        dueDate: null,
      },
    };
    await handler(envelope as never);
    await handler({ ...envelope, id: 'redelivered-event-2' } as never);
    const mails = await emailsTo(staff.user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0].text).toContain('sem data');
  });
});

describe('the evening digest', () => {
  it("sends each member tomorrow's open tasks once, from their digest hour, and nothing to a member with nothing tomorrow", async () => {
    const company = await createTestCompany();
    const staff = await company.add('staff');
    const idle = await company.add('staff');
    const late = await company.add('staff');
    const off = await company.add('staff');
    const spanish = await company.add('staff');
    const phone = uniquePhone();
    const spanishPhone = uniquePhone();
    await setMyPreferences(staff, { language: 'en', sms: true, phone });
    await setMyPreferences(spanish, { language: 'es', sms: true, phone: spanishPhone });
    await setMyPreferences(late, { digestHour: 21 });
    await setMyPreferences(off, { digest: false });
    const house = await propertyOf(company);
    const day = '2028-09-05';
    const tomorrow = addCalendarDays(day, 1);
    const booked = await invoke('POST', '/api/reservations', {
      cookies: [company.ceo.cookie],
      body: { propertyId: house.id, guestName: 'Liam Wilson', checkinDate: tomorrow, checkoutDate: addCalendarDays(tomorrow, 2) },
    });
    expect(booked.status).toBe(201);
    await taskOf(company, house.id, { title: 'Afternoon towels', type: 'laundry', assignedUserId: staff.user.id, dueDate: zonedInstant(tomorrow, 13, 0, TZ).toISOString() });
    await taskOf(company, house.id, { title: 'Morning turnover', assignedUserId: staff.user.id, dueDate: zonedInstant(tomorrow, 11, 0, TZ).toISOString() });
    await taskOf(company, house.id, { title: 'Already done', assignedUserId: staff.user.id, status: 'completed', dueDate: zonedInstant(tomorrow, 9, 0, TZ).toISOString() });
    await taskOf(company, house.id, { title: 'The day after', assignedUserId: staff.user.id, dueDate: zonedInstant(addCalendarDays(tomorrow, 1), 9, 0, TZ).toISOString() });
    await taskOf(company, house.id, { title: 'Late one', assignedUserId: late.user.id, dueDate: zonedInstant(tomorrow, 10, 0, TZ).toISOString() });
    await taskOf(company, house.id, { title: 'Off one', assignedUserId: off.user.id, dueDate: zonedInstant(tomorrow, 10, 0, TZ).toISOString() });
    await taskOf(company, house.id, { title: 'Una sola', assignedUserId: spanish.user.id, dueDate: zonedInstant(tomorrow, 10, 0, TZ).toISOString() });
    const before = (await emailsTo(staff.user.email)).length;

    await runJob('send-task-digests', zonedInstant(day, 17, 30, TZ));
    expect(await emailsTo(staff.user.email)).toHaveLength(before);

    const run = await runJob('send-task-digests', zonedInstant(day, 18, 5, TZ));
    expect(run.result).toMatchObject({ queued: expect.any(Number) });
    const digests = (await emailsTo(staff.user.email)).filter((mail) => mail.subject.startsWith('Tomorrow'));
    expect(digests).toHaveLength(1);
    // Real plurals in every language: "2 tasks", "1 tarea", "1 tarefa" (never "task(s)").
    expect(digests[0].subject).toBe('Tomorrow (Wednesday, September 6): 2 tasks');
    const text = digests[0].text!;
    expect(text.indexOf('Morning turnover')).toBeLessThan(text.indexOf('Afternoon towels'));
    expect(text).toContain('11:00 AM  Morning turnover (cleaning) at Casa Azul');
    expect(text).toContain('Same-day turnover: guest arrives 3:00 PM.');
    expect(text).not.toContain('Already done');
    expect(text).not.toContain('The day after');
    expect(text).toContain('http://localhost:3000/my-day');
    expect((await smsTo(phone)).filter((sms) => sms.message.includes('tomorrow 2 tasks: '))).toHaveLength(1);
    const spanishDigest = (await emailsTo(spanish.user.email)).filter((mail) => mail.subject.startsWith('Mañana'));
    expect(spanishDigest.map((mail) => mail.subject)).toEqual(['Mañana (miércoles, 6 de septiembre): 1 tarea']);
    expect((await smsTo(spanishPhone)).filter((sms) => sms.message.startsWith('RentalOps: mañana 1 tarea: '))).toHaveLength(1);
    expect(await emailsTo(idle.user.email)).toHaveLength(0);
    expect((await emailsTo(off.user.email)).filter((mail) => /Amanhã/.test(mail.subject))).toHaveLength(0);
    expect((await emailsTo(late.user.email)).filter((mail) => /Amanhã/.test(mail.subject))).toHaveLength(0);

    await runJob('send-task-digests', zonedInstant(day, 19, 5, TZ));
    expect((await emailsTo(staff.user.email)).filter((mail) => mail.subject.startsWith('Tomorrow'))).toHaveLength(1);
    await runJob('send-task-digests', zonedInstant(day, 21, 5, TZ));
    const lateDigest = (await emailsTo(late.user.email)).filter((mail) => /Amanhã/.test(mail.subject));
    expect(lateDigest).toHaveLength(1);
    expect(lateDigest[0].subject).toMatch(/^Amanhã \(.+\): 1 tarefa$/);
  });
});
