// The notification pipeline end to end, locally: a task or reservation change -> domain event ->
// in-process bus -> the notifier handler of the manifest -> SMS and e-mail in the dev outbox (the
// SMS outbox file and the SES stand-in) -> notification history. Through the route table against
// the stand-ins; the only mock is SES failing, at the SDK boundary.
import { SESClient, SendEmailCommand } from '@aws-sdk/client-ses';
import { mockClient } from 'aws-sdk-client-mock';
import { invoke } from '../../local/invoke';
import { createTestCompany, type TestCompany } from '../../tests/support/fixtures';
import { emailsTo, historyOf, savePreferences, smsTo, uniquePhone } from '../../tests/support/notifications';
import { createReservation } from '../data/repositories/reservations';
import { handler as runReminders } from '../handlers/send-checkin-reminders';

const DAY = 86_400_000;

async function propertyOf(company: TestCompany, name = 'Casa do Farol'): Promise<string> {
  const response = await invoke('POST', '/api/properties', { cookies: [company.ceo.cookie], body: { name, address: 'Rua do Farol 12' } });
  expect(response.status).toBe(201);
  return response.body.id as string;
}

async function createTask(company: TestCompany, body: Record<string, unknown>, cookie = company.ceo.cookie) {
  const response = await invoke('POST', '/api/tasks', { cookies: [cookie], body: { type: 'cleaning', title: 'Turnover cleaning', ...body } });
  expect(response.status).toBe(201);
  return response.body as { id: string };
}

async function companyWithPhone(changes: Record<string, unknown> = {}) {
  const company = await createTestCompany();
  const phone = uniquePhone();
  await savePreferences(company, { phoneNumber: phone, ...changes });
  const propertyId = await propertyOf(company);
  const staff = await company.add('staff');
  return { company, phone, propertyId, staff };
}

describe('assigning a task', () => {
  it('sends the CEO exactly one SMS and one e-mail when both are on, in the chosen language', async () => {
    const { company, phone, propertyId, staff } = await companyWithPhone({ language: 'es' });

    await createTask(company, { title: 'Limpieza final', propertyId, assignedUserId: staff.user.id, dueDate: '2030-01-15T14:00:00.000Z' });

    const sms = await smsTo(phone);
    expect(sms).toHaveLength(1);
    expect(sms[0].message).toBe(
      `RentalOps: La tarea "Limpieza final" (limpieza) en Casa do Farol fue asignada a Sam Staff. Plazo: 15 ene 2030, 9:00.`,
    );
    const mails = await emailsTo(company.ceo.user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe('Tarea asignada: Limpieza final');
    expect(mails[0].text).toContain('fue asignada a Sam Staff');
    expect(mails[0].text).toContain('/notifications');
    // The assignee's own notice (category task_notice) is in the history too; these are the CEO's.
    const history = (await historyOf(company)).filter((h) => h.category !== 'task_notice');
    expect(history.map((h) => [h.type, h.category, h.status, h.recipient])).toEqual([
      ['sms', 'task_assigned', 'sent', phone],
      ['email', 'task_assigned', 'sent', company.ceo.user.email],
    ]);
  });

  it('writes Portuguese by default', async () => {
    const { company, phone, propertyId, staff } = await companyWithPhone();
    await createTask(company, { title: 'Limpeza de saída', propertyId, assignedUserId: staff.user.id });
    const sms = await smsTo(phone);
    expect(sms.map((s) => s.message)).toEqual(['RentalOps: A tarefa "Limpeza de saída" (limpeza) em Casa do Farol foi atribuída a Sam Staff.']);
    expect((await emailsTo(company.ceo.user.email)).map((m) => m.subject)).toEqual(['Tarefa atribuída: Limpeza de saída']);
  });

  it('sends nothing when the taskAssigned switch is off', async () => {
    const { company, phone, propertyId, staff } = await companyWithPhone({ taskAssigned: false });
    await createTask(company, { propertyId, assignedUserId: staff.user.id });
    expect(await smsTo(phone)).toHaveLength(0);
    expect(await emailsTo(company.ceo.user.email)).toHaveLength(0);
    expect((await historyOf(company)).filter((h) => h.category !== 'task_notice')).toHaveLength(0);
  });

  it('sends only the e-mail when SMS is off, and only the SMS when e-mail is off', async () => {
    const { company, phone, propertyId, staff } = await companyWithPhone({ smsEnabled: false });
    await createTask(company, { propertyId, assignedUserId: staff.user.id });
    expect(await smsTo(phone)).toHaveLength(0);
    expect(await emailsTo(company.ceo.user.email)).toHaveLength(1);

    await savePreferences(company, { smsEnabled: true, emailEnabled: false });
    await createTask(company, { propertyId, assignedUserId: staff.user.id });
    expect(await smsTo(phone)).toHaveLength(1);
    expect(await emailsTo(company.ceo.user.email)).toHaveLength(1);
  });

  it('notifies when an edit assigns someone new, and not for an unrelated edit or an unassigned task', async () => {
    const { company, phone, propertyId, staff } = await companyWithPhone();
    const task = await createTask(company, { propertyId, assignedUserId: null });
    expect(await smsTo(phone)).toHaveLength(0);

    const body = { type: 'cleaning', title: 'Turnover cleaning', propertyId, assignedUserId: staff.user.id, status: 'pending' };
    expect((await invoke('PUT', `/api/tasks/${task.id}`, { cookies: [company.ceo.cookie], body })).status).toBe(200);
    expect(await smsTo(phone)).toHaveLength(1);

    const retitled = await invoke('PUT', `/api/tasks/${task.id}`, { cookies: [company.ceo.cookie], body: { ...body, title: 'Turnover clean' } });
    expect(retitled.status).toBe(200);
    expect(await smsTo(phone)).toHaveLength(1);
  });

  it('records a send that failed as failed, with the error, and still sends the other channel', async () => {
    const { company, phone, propertyId, staff } = await companyWithPhone();
    const ses = mockClient(SESClient);
    ses.on(SendEmailCommand).rejects(Object.assign(new Error('Email address is not verified.'), { name: 'MessageRejected' }));
    try {
      const created = await invoke('POST', '/api/tasks', {
        cookies: [company.ceo.cookie],
        body: { type: 'cleaning', title: 'Turnover cleaning', propertyId, assignedUserId: staff.user.id },
      });
      expect(created.status).toBe(201); // a failed notification never fails the request
    } finally {
      ses.restore();
    }
    expect(await smsTo(phone)).toHaveLength(1);
    const history = (await historyOf(company)).filter((h) => h.category !== 'task_notice');
    expect(history.find((h) => h.type === 'email')).toMatchObject({
      status: 'failed',
      errorMessage: 'Email address is not verified.',
      recipient: company.ceo.user.email,
      sentAt: null,
    });
    expect(history.find((h) => h.type === 'sms')).toMatchObject({ status: 'sent', recipient: phone });
  });
});

describe('other task events', () => {
  it('tells the CEO when staff complete their task', async () => {
    const { company, phone, propertyId, staff } = await companyWithPhone({ language: 'en', taskAssigned: false });
    const task = await createTask(company, { title: 'Deep clean kitchen', propertyId, assignedUserId: staff.user.id });
    const body = { type: 'cleaning', title: 'Deep clean kitchen', propertyId, assignedUserId: staff.user.id, status: 'completed' };
    expect((await invoke('PUT', `/api/tasks/${task.id}`, { cookies: [staff.cookie], body })).status).toBe(200);
    const sms = await smsTo(phone);
    expect(sms).toHaveLength(1);
    expect(sms[0].message).toMatch(/^RentalOps: The task "Deep clean kitchen" \(cleaning\) at Casa do Farol was completed by Sam Staff on /);
    expect((await emailsTo(company.ceo.user.email)).map((m) => m.subject)).toEqual(['Task completed: Deep clean kitchen']);
  });

  it('reports a property issue for a task created with issue: true, unless the switch is off', async () => {
    const { company, phone, propertyId } = await companyWithPhone({ language: 'en' });
    await createTask(company, { type: 'maintenance', title: 'Leaking tap', description: 'Water under the sink.', propertyId, issue: true });
    expect((await smsTo(phone)).map((s) => s.message)).toEqual([
      'RentalOps: Carla Owner reported an issue at Casa do Farol: "Leaking tap". Water under the sink.',
    ]);
    expect((await emailsTo(company.ceo.user.email)).map((m) => m.subject)).toEqual(['Issue reported at Casa do Farol']);

    await savePreferences(company, { propertyIssues: false });
    await createTask(company, { type: 'maintenance', title: 'Broken window', propertyId, issue: true });
    expect(await smsTo(phone)).toHaveLength(1);
  });

  it('does not store the issue flag on the task and lets staff update a task whatever flag their client sends', async () => {
    const { company, propertyId, staff } = await companyWithPhone();
    const task = await createTask(company, { type: 'maintenance', title: 'Leaking tap', propertyId, assignedUserId: staff.user.id, issue: true });
    expect(task).not.toHaveProperty('issue');
    const body = { type: 'maintenance', title: 'Leaking tap', propertyId, assignedUserId: staff.user.id, status: 'in_progress', issue: false };
    expect((await invoke('PUT', `/api/tasks/${task.id}`, { cookies: [staff.cookie], body })).status).toBe(200);
  });
});

describe('check-in reminders', () => {
  // A day far from today, so no other test's reservations share the job's index partitions.
  const now = new Date('2031-05-10T13:00:00.000Z'); // 09:00 in New York

  it('reminds the CEO once, the day before check-in in the company time zone', async () => {
    const { company, phone, propertyId } = await companyWithPhone({ language: 'en' });
    const tomorrow = await createReservation(company.companyId, {
      propertyId,
      guestName: 'Emma Johnson',
      checkinDate: '2031-05-11T19:00:00.000Z', // 15:00 in New York, tomorrow
      checkoutDate: '2031-05-15T15:00:00.000Z',
    });
    await createReservation(company.companyId, {
      propertyId,
      guestName: 'Later Guest',
      checkinDate: new Date(now.getTime() + 3 * DAY).toISOString(),
      checkoutDate: new Date(now.getTime() + 5 * DAY).toISOString(),
    });
    await createReservation(company.companyId, {
      propertyId,
      guestName: 'Late Night Guest',
      checkinDate: '2031-05-12T03:30:00.000Z', // 23:30 on May 11 in New York: tomorrow too
      checkoutDate: '2031-05-14T15:00:00.000Z',
    });

    const first = await runReminders({ time: now.toISOString() });
    expect(first.queued).toBe(2);
    const second = await runReminders({ time: new Date(now.getTime() + 3_600_000).toISOString() });
    expect(second.queued).toBe(0);
    expect(second.alreadySent).toBe(2);

    const sms = (await smsTo(phone)).map((s) => s.message).sort();
    expect(sms).toEqual([
      'RentalOps: Emma Johnson checks in tomorrow, May 11, 2031, 3:00 PM, at Casa do Farol (check-out May 15, 2031).',
      'RentalOps: Late Night Guest checks in tomorrow, May 11, 2031, 11:30 PM, at Casa do Farol (check-out May 14, 2031).',
    ]);
    const subjects = (await emailsTo(company.ceo.user.email)).map((m) => m.subject).sort();
    expect(subjects).toEqual(['Check-in tomorrow: Emma Johnson at Casa do Farol', 'Check-in tomorrow: Late Night Guest at Casa do Farol']);
    expect(tomorrow.id).toBeTruthy();
  });

  it('sends no reminder when the switch is off', async () => {
    const { company, phone, propertyId } = await companyWithPhone({ reservationReminders: false });
    const at = new Date('2031-07-20T13:00:00.000Z');
    await createReservation(company.companyId, {
      propertyId,
      guestName: 'Quiet Guest',
      checkinDate: '2031-07-21T19:00:00.000Z',
      checkoutDate: '2031-07-23T15:00:00.000Z',
    });
    await runReminders({ time: at.toISOString() });
    expect(await smsTo(phone)).toHaveLength(0);
    expect(await emailsTo(company.ceo.user.email)).toHaveLength(0);
  });
});
