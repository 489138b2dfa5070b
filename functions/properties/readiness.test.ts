// A property's readiness (issue 40 point 3) through the route table against the local stand-ins:
// each event that moves it (a reservation created and cancelled, a turnover created, a cleaning
// started, completed, reopened), written by that event's own transaction; the readiness job's alert
// to the managers, once per check-in; the dashboard's homes not ready for today's check-ins; the
// company setting's hostile values.
import { invoke } from '../../local/invoke';
import { createTestCompany, type Member, type TestCompany } from '../../tests/support/fixtures';
import { emailsTo } from '../../tests/support/notifications';
import { addDays, localDay } from '#shared/days';
import { zonedInstant } from '#shared/rules';
import type { Task } from '#shared/schemas';
import { handler as checkReadinessJob } from '../handlers/check-readiness';

const TZ = 'America/New_York';
const HOUR = 3_600_000;
const today = () => localDay(new Date(), TZ);

async function propertyOf(company: TestCompany, name: string): Promise<string> {
  const response = await invoke('POST', '/api/properties', { cookies: [company.ceo.cookie], body: { name, address: 'Rua 1' } });
  expect(response.status).toBe(201);
  return response.body.id;
}

const readinessOf = async (company: TestCompany, propertyId: string) => {
  const response = await invoke('GET', `/api/properties/${propertyId}`, { cookies: [company.ceo.cookie] });
  expect(response.status).toBe(200);
  return response.body.readiness;
};

const settings = (company: TestCompany, body: Record<string, unknown>) =>
  invoke('PUT', `/api/companies/${company.companyId}/settings`, { cookies: [company.ceo.cookie], body });

async function book(company: TestCompany, propertyId: string, checkinDate: string, checkoutDate: string) {
  const response = await invoke('POST', '/api/reservations', { cookies: [company.ceo.cookie], body: { propertyId, guestName: 'Emma Johnson', checkinDate, checkoutDate } });
  expect(response.status).toBe(201);
  return response.body as { id: string; turnoverTaskId: string | null };
}

const setStatus = async (member: Member, taskId: string, status: string) => {
  const task: Task = (await invoke('GET', `/api/tasks/${taskId}`, { cookies: [member.cookie] })).body;
  const response = await invoke('PUT', `/api/tasks/${taskId}`, {
    cookies: [member.cookie],
    body: { type: task.type, title: task.title, description: task.description, propertyId: task.propertyId, assignedUserId: task.assignedUserId, status, dueDate: task.dueDate },
  });
  expect(response.status).toBe(200);
  return response.body as Task;
};

async function inboxOf(member: Member) {
  return (await invoke('GET', '/api/me/inbox', { cookies: [member.cookie] })).body.items as Array<{ kind: string; propertyId: string | null; reservationId: string | null }>;
}

describe('readiness', () => {
  it('moves with each stay and task write, in that write', async () => {
    const company = await createTestCompany();
    // Check-out at midnight: a stay checking out today has already left (whatever the hour of the run).
    expect((await settings(company, { checkoutHour: 0 })).status).toBe(200);
    const propertyId = await propertyOf(company, 'Casa Azul');
    expect(await readinessOf(company, propertyId)).toBe('ready');

    // A guest in the house now: occupied; cancelled: ready again (its turnover cancelled with it).
    const current = await book(company, propertyId, addDays(today(), -1), addDays(today(), 1));
    expect(await readinessOf(company, propertyId)).toBe('occupied');
    expect((await invoke('POST', `/api/reservations/${current.id}/cancel`, { cookies: [company.ceo.cookie], body: { reason: 'Guest cancelled' } })).status).toBe(200);
    expect(await readinessOf(company, propertyId)).toBe('ready');

    // A stay that ended: its turnover makes the home need a cleaning.
    const ended = await book(company, propertyId, addDays(today(), -2), today());
    expect(ended.turnoverTaskId).toBeTruthy();
    expect(await readinessOf(company, propertyId)).toBe('needs_cleaning');
    // A later guest does not change that: the cleaning is due before them.
    await book(company, propertyId, addDays(today(), 5), addDays(today(), 7));
    expect(await readinessOf(company, propertyId)).toBe('needs_cleaning');
    // Started, completed, reopened.
    await setStatus(company.ceo, ended.turnoverTaskId!, 'in_progress');
    expect(await readinessOf(company, propertyId)).toBe('cleaning');
    await setStatus(company.ceo, ended.turnoverTaskId!, 'completed');
    expect(await readinessOf(company, propertyId)).toBe('ready');
    await setStatus(company.ceo, ended.turnoverTaskId!, 'pending');
    expect(await readinessOf(company, propertyId)).toBe('needs_cleaning');
    // A maintenance task does not touch readiness; a cleaning made by hand does.
    const maintenance = await invoke('POST', '/api/tasks', { cookies: [company.ceo.cookie], body: { type: 'maintenance', title: 'Fix tap', propertyId } });
    expect(maintenance.status).toBe(201);
    await setStatus(company.ceo, ended.turnoverTaskId!, 'cancelled');
    expect(await readinessOf(company, propertyId)).toBe('ready');
    const byHand = await invoke('POST', '/api/tasks', { cookies: [company.ceo.cookie], body: { type: 'cleaning', title: 'Deep clean', propertyId } });
    expect(byHand.status).toBe(201);
    expect(await readinessOf(company, propertyId)).toBe('needs_cleaning');
    // The list shows it too.
    const list = await invoke('GET', '/api/properties', { cookies: [company.ceo.cookie] });
    expect(list.body.find((property: { id: string }) => property.id === propertyId).readiness).toBe('needs_cleaning');
    // Another company sees nothing of it.
    const other = await createTestCompany();
    expect((await invoke('GET', `/api/properties/${propertyId}`, { cookies: [other.ceo.cookie] })).status).toBe(404);
  });

  it('alerts the managers once when a home is not ready N hours before its check-in', async () => {
    const company = await createTestCompany();
    const manager = await company.add('operational_manager');
    const dirty = await propertyOf(company, 'Casa Suja');
    const clean = await propertyOf(company, 'Casa Limpa');
    expect((await invoke('POST', '/api/tasks', { cookies: [company.ceo.cookie], body: { type: 'cleaning', title: 'Clean', propertyId: dirty } })).status).toBe(201);
    const day = addDays(today(), 3);
    const dirtyStay = await book(company, dirty, day, addDays(day, 2));
    await book(company, clean, day, addDays(day, 2));
    const checkin = zonedInstant(day, 15, 0, TZ).getTime();
    const run = (hoursBefore: number) => checkReadinessJob({ time: new Date(checkin - hoursBefore * HOUR).toISOString() });
    const alerts = async () => (await inboxOf(manager)).filter((item) => item.kind === 'property_not_ready');

    // Five hours before: outside the default three.
    await run(5);
    expect(await alerts()).toEqual([]);
    // Two hours before: one alert, for the home that is not ready.
    const first = await run(2);
    expect(first.alerted).toBeGreaterThanOrEqual(1);
    expect(await alerts()).toEqual([expect.objectContaining({ propertyId: dirty, reservationId: dirtyStay.id })]);
    const mails = (await emailsTo(manager.user.email)).filter((mail) => mail.subject.includes('Casa Suja'));
    expect(mails).toHaveLength(1);
    // Again an hour later, and a run at the same time: still one.
    await Promise.all([run(1), run(1)]);
    expect(await alerts()).toHaveLength(1);
    expect((await emailsTo(manager.user.email)).filter((mail) => mail.subject.includes('Casa Suja'))).toHaveLength(1);
    expect((await emailsTo(manager.user.email)).filter((mail) => mail.subject.includes('Casa Limpa'))).toHaveLength(0);
  });

  it('follows the company setting: alerts earlier when it says so, and refuses hours it cannot use', async () => {
    const company = await createTestCompany();
    for (const value of [0, 25, 2.5, '3', null]) {
      const refused = await settings(company, { readinessAlertHours: value });
      expect(refused.status).toBe(400);
      expect(JSON.stringify(refused.body)).toMatch(/1 to 24|1 a 24/);
    }
    const saved = await settings(company, { readinessAlertHours: 8 });
    expect(saved.status).toBe(200);
    expect(saved.body.readinessAlertHours).toBe(8);
    const propertyId = await propertyOf(company, 'Casa Cedo');
    expect((await invoke('POST', '/api/tasks', { cookies: [company.ceo.cookie], body: { type: 'cleaning', title: 'Clean', propertyId } })).status).toBe(201);
    const day = addDays(today(), 4);
    await book(company, propertyId, day, addDays(day, 1));
    await checkReadinessJob({ time: new Date(zonedInstant(day, 15, 0, TZ).getTime() - 7 * HOUR).toISOString() });
    const alerts = (await inboxOf(company.ceo)).filter((item) => item.kind === 'property_not_ready');
    expect(alerts).toEqual([expect.objectContaining({ propertyId })]);
  });

  it("counts the homes not ready for today's check-ins on the server", async () => {
    const company = await createTestCompany();
    const staff = await company.add('staff');
    // Check-in at 23:00: still to come today unless the run is in New York's last hour.
    expect((await settings(company, { checkinHour: 23 })).status).toBe(200);
    const ready = await propertyOf(company, 'Casa Pronta');
    const notReady = await propertyOf(company, 'Casa Por Limpar');
    expect((await invoke('POST', '/api/tasks', { cookies: [company.ceo.cookie], body: { type: 'cleaning', title: 'Clean', propertyId: notReady } })).status).toBe(201);
    await book(company, ready, today(), addDays(today(), 2));
    const stay = await book(company, notReady, today(), addDays(today(), 2));
    const response = await invoke('GET', '/api/dashboard/readiness', { cookies: [company.ceo.cookie] });
    expect(response.status).toBe(200);
    if (zonedInstant(today(), 23, 0, TZ).getTime() > Date.now()) {
      expect(response.body).toMatchObject({ day: today(), checkins: 2, notReady: 1, homes: [{ propertyId: notReady, reservationId: stay.id, propertyName: 'Casa Por Limpar', readiness: 'needs_cleaning' }] });
    }
    expect((await invoke('GET', '/api/dashboard/readiness', { cookies: [staff.cookie] })).status).toBe(403);
  });
});
