// Reservations through the route table against the local stand-ins: create, edit, cancel, night
// claims (overlaps refused, back-to-back allowed, racing creates), automatic turnovers, the month
// view, company settings, and tenancy.
import { invoke } from '../../local/invoke';
import { createTestCompany, type TestCompany } from '../../tests/support/fixtures';
import { formatCalendarDay, zonedInstant } from '#shared/rules';
import * as publisher from '../events/publisher';
import { getStats } from '../data/repositories/stats';
import { getTask } from '../data/repositories/tasks';
import { createReservation as createLegacyReservation, getReservation } from '../data/repositories/reservations';
import { saveCompanySettings } from '../data/repositories/operations-settings';
import { tableName } from '../data/client';
import { transactWrite } from '../data/db';
import { keys } from '../data/keys';
import { fixtureDay as day } from './calendar-sync/fixtures/feed-server';
import { turnoverLeftBehind } from './turnovers';
import type { Reservation, Task } from '#shared/schemas';

// Every domain event published goes through publishEvents (kept real; recorded to assert on).
jest.mock('../events/publisher', () => {
  const actual = jest.requireActual('../events/publisher');
  return { ...actual, publishEvents: jest.fn(actual.publishEvents) };
});
const published = publisher.publishEvents as jest.MockedFunction<typeof publisher.publishEvents>;
const publishedTypes = () => published.mock.calls.flatMap(([events]) => events.map((event) => event.type));
beforeEach(() => published.mockClear());

const TZ = 'America/New_York';
const at = (d: string, hour: number) => zonedInstant(d, hour, 0, TZ).toISOString();

async function propertyOf(company: TestCompany, name = 'Casa Azul'): Promise<string> {
  const response = await invoke('POST', '/api/properties', { cookies: [company.ceo.cookie], body: { name, address: 'Rua 1' } });
  expect(response.status).toBe(201);
  return response.body.id;
}

function book(company: TestCompany, propertyId: string, checkin: string, checkout: string, extra: Record<string, unknown> = {}) {
  return invoke('POST', '/api/reservations', {
    cookies: [company.ceo.cookie],
    body: { propertyId, guestName: 'Emma Johnson', checkinDate: checkin, checkoutDate: checkout, ...extra },
  });
}

describe('creating reservations', () => {
  it('stores the stay as days and instants at the company hours, and creates its turnover due at check-out', async () => {
    const company = await createTestCompany();
    const propertyId = await propertyOf(company);
    published.mockClear();

    const response = await book(company, propertyId, day(10), day(13), { integrationSource: 'direct' });

    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({
      propertyId,
      guestName: 'Emma Johnson',
      checkinDay: day(10),
      checkoutDay: day(13),
      nights: 3,
      checkinDate: at(day(10), 15),
      checkoutDate: at(day(13), 11),
      status: 'confirmed',
      integrationSource: 'direct',
      syncStatus: null,
    });
    const task = await getTask(company.companyId, response.body.turnoverTaskId);
    expect(task).toMatchObject({
      type: 'cleaning',
      status: 'pending',
      propertyId,
      reservationId: response.body.id,
      dueDate: at(day(13), 11),
      title: 'Limpeza de check-out — Emma Johnson',
    });
    expect(publishedTypes()).toEqual(['reservation.created', 'task.created']);
    expect((await getStats(company.companyId)).tasksByStatus.pending).toBe(1);
    const upcoming = await invoke('GET', '/api/reservations/upcoming', { cookies: [company.ceo.cookie] });
    expect(upcoming.body).toEqual([{ id: response.body.id, propertyId, guestName: 'Emma Johnson', checkinDate: at(day(10), 15) }]);
  });

  it('keeps an instant given with its time and takes its local day', async () => {
    const company = await createTestCompany();
    const propertyId = await propertyOf(company);
    const checkin = at(day(5), 18);
    const response = await book(company, propertyId, checkin, day(7));
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ checkinDate: checkin, checkinDay: day(5), checkoutDay: day(7) });
  });

  it('refuses a check-out on or before the check-in, a stay that is too long, and a missing guest, writing nothing', async () => {
    const company = await createTestCompany();
    const propertyId = await propertyOf(company);
    const same = await book(company, propertyId, day(10), day(10));
    expect(same.status).toBe(400);
    expect(same.body.errors).toEqual({ checkoutDate: 'Check-out must be after check-in' });
    const before = await invoke('POST', '/api/reservations', {
      cookies: [company.ceo.cookie],
      headers: { 'accept-language': 'pt-BR' },
      body: { propertyId, guestName: 'Emma', checkinDate: day(10), checkoutDate: day(8) },
    });
    expect(before.body.message).toBe('O check-out deve ser depois do check-in');
    const long = await book(company, propertyId, day(10), day(1110));
    expect(long.status).toBe(400);
    expect(long.body.message).toBe('A stay can be at most 1096 nights');
    const missing = await invoke('POST', '/api/reservations', { cookies: [company.ceo.cookie], body: { propertyId, checkinDate: 'soon' } });
    expect(missing.status).toBe(400);
    expect(Object.keys(missing.body.errors).sort()).toEqual(['checkinDate', 'checkoutDate', 'guestName']);
    expect((await getStats(company.companyId)).taskCount).toBe(0);
    const list = await invoke('GET', `/api/reservations?propertyId=${propertyId}`, { cookies: [company.ceo.cookie] });
    expect(list.body).toEqual([]);
  });

  it('refuses an overlapping stay with a clear message, and allows back-to-back stays', async () => {
    const company = await createTestCompany();
    const propertyId = await propertyOf(company);
    expect((await book(company, propertyId, day(10), day(14))).status).toBe(201);

    const overlap = await book(company, propertyId, day(13), day(16), { guestName: 'Noah' });
    expect(overlap.status).toBe(409);
    expect(overlap.body.message).toBe(
      // The days as a reader writes them, not as stored.
      `This property is already booked for the night of ${formatCalendarDay(day(13), 'en')} (Emma Johnson, ${formatCalendarDay(day(10), 'en')} to ${formatCalendarDay(day(14), 'en')}). Stays may only touch: a check-out day can be the next check-in day.`,
    );
    const inside = await book(company, propertyId, day(11), day(12));
    expect(inside.status).toBe(409);

    const after = await book(company, propertyId, day(14), day(16), { guestName: 'Noah' });
    const before = await book(company, propertyId, day(8), day(10), { guestName: 'Mia' });
    expect([after.status, before.status]).toEqual([201, 201]);
    const otherProperty = await propertyOf(company, 'Casa Verde');
    expect((await book(company, otherProperty, day(10), day(14))).status).toBe(201);
  });

  it('lets exactly one of many racing overlapping creates win', async () => {
    const company = await createTestCompany();
    const propertyId = await propertyOf(company);
    const responses = await Promise.all(
      Array.from({ length: 8 }, (_, i) => book(company, propertyId, day(20 + (i % 3)), day(24 + (i % 2)), { guestName: `Guest ${i}` })),
    );
    expect(responses.filter((r) => r.status === 201)).toHaveLength(1);
    expect(responses.filter((r) => r.status === 409)).toHaveLength(7);
    expect(responses.every((r) => r.status === 201 || r.status === 409)).toBe(true);
    const list = await invoke('GET', `/api/reservations?propertyId=${propertyId}`, { cookies: [company.ceo.cookie] });
    expect(list.body).toHaveLength(1);
    expect((await getStats(company.companyId)).taskCount).toBe(1);
  });

  it('refuses a stay over a reservation written without night claims (older data)', async () => {
    const company = await createTestCompany();
    const propertyId = await propertyOf(company);
    await createLegacyReservation(company.companyId, { propertyId, guestName: 'Old Guest', checkinDate: `${day(30)}T15:00:00.000Z`, checkoutDate: `${day(33)}T11:00:00.000Z` });
    const response = await book(company, propertyId, day(32), day(35));
    expect(response.status).toBe(409);
    expect(response.body.message).toContain('Old Guest');
  });

  it('creates no turnover for a stay that already ended, nor when the company turned turnovers off', async () => {
    const company = await createTestCompany();
    const propertyId = await propertyOf(company);
    const past = await book(company, propertyId, day(-10), day(-7));
    expect(past.status).toBe(201);
    expect(past.body.turnoverTaskId).toBeNull();
    const off = await invoke('PUT', `/api/companies/${company.companyId}/settings`, { cookies: [company.ceo.cookie], body: { autoTurnovers: false } });
    expect(off.body).toMatchObject({ autoTurnovers: false, checkinHour: 15, checkoutHour: 11 });
    const response = await book(company, propertyId, day(3), day(5));
    expect(response.body.turnoverTaskId).toBeNull();
    expect((await getStats(company.companyId)).taskCount).toBe(0);
  });

  it('uses the company hours for days', async () => {
    const company = await createTestCompany();
    const propertyId = await propertyOf(company);
    await invoke('PUT', `/api/companies/${company.companyId}/settings`, { cookies: [company.ceo.cookie], body: { checkinHour: 16, checkoutHour: 10 } });
    const response = await book(company, propertyId, day(3), day(5));
    expect(response.body).toMatchObject({ checkinDate: at(day(3), 16), checkoutDate: at(day(5), 10) });
    expect((await getTask(company.companyId, response.body.turnoverTaskId))?.dueDate).toBe(at(day(5), 10));
  });

  it('copies the property\'s default checklist onto the turnover', async () => {
    const company = await createTestCompany();
    const propertyId = await propertyOf(company);
    await invoke('PUT', `/api/properties/${propertyId}/checklist-template`, {
      cookies: [company.ceo.cookie],
      body: { items: [{ description: 'Change the sheets', required: true }, { description: 'Check the minibar', required: false }] },
    });
    const reservation = (await book(company, propertyId, day(3), day(5))).body;
    const checklist = await invoke('GET', `/api/tasks/${reservation.turnoverTaskId}/checklist`, { cookies: [company.ceo.cookie] });
    expect(checklist.status).toBe(200);
    expect(checklist.body).toMatchObject({ taskId: reservation.turnoverTaskId, source: 'template', openRequiredItems: 1, totalItems: 2 });
    expect(checklist.body.items.map((item: { description: string }) => item.description)).toEqual(['Change the sheets', 'Check the minibar']);
    expect(await getTask(company.companyId, reservation.turnoverTaskId)).toMatchObject({ checklistId: checklist.body.id, openRequiredItems: 1 });
  });

  it('is for the CEO and managers only', async () => {
    const company = await createTestCompany();
    const propertyId = await propertyOf(company);
    const staff = await company.add('staff');
    const manager = await company.add('operational_manager');
    const body = { propertyId, guestName: 'Emma', checkinDate: day(3), checkoutDate: day(5) };
    expect((await invoke('POST', '/api/reservations', { cookies: [staff.cookie], body })).status).toBe(403);
    expect((await invoke('POST', '/api/reservations', { cookies: [manager.cookie], body })).status).toBe(201);
  });
});

describe('editing and cancelling reservations', () => {
  it('moves the stay, its nights and its turnover, and renames the turnover with the guest', async () => {
    const company = await createTestCompany();
    const propertyId = await propertyOf(company);
    const reservation = (await book(company, propertyId, day(10), day(13))).body;

    const moved = await invoke('PUT', `/api/reservations/${reservation.id}`, {
      cookies: [company.ceo.cookie],
      body: { checkinDate: day(11), checkoutDate: day(15), guestName: 'Emma Brown' },
    });

    expect(moved.status).toBe(200);
    expect(publishedTypes()).toContain('reservation.updated');
    expect(moved.body).toMatchObject({ checkinDay: day(11), checkoutDay: day(15), checkinDate: at(day(11), 15), guestName: 'Emma Brown', turnoverTaskId: reservation.turnoverTaskId, turnoverOutcome: 'moved' });
    expect(await getTask(company.companyId, reservation.turnoverTaskId)).toMatchObject({ dueDate: at(day(15), 11), title: 'Limpeza de check-out — Emma Brown', status: 'pending' });
    // The night it left is free again; the ones it took are not.
    expect((await book(company, propertyId, day(9), day(11), { guestName: 'Early' })).status).toBe(201);
    expect((await book(company, propertyId, day(14), day(16), { guestName: 'Late' })).status).toBe(409);
    const upcoming = await invoke('GET', '/api/reservations/upcoming', { cookies: [company.ceo.cookie] });
    expect(upcoming.body.find((r: { id: string }) => r.id === reservation.id).checkinDate).toBe(at(day(11), 15));
    const list = await invoke('GET', `/api/reservations?propertyId=${propertyId}`, { cookies: [company.ceo.cookie] });
    expect(list.body.map((r: { guestName: string }) => r.guestName)).toEqual(['Early', 'Emma Brown']);
  });

  it('describes the turnover with the check-out day as people read it, and keeps that description in step', async () => {
    const company = await createTestCompany();
    const propertyId = await propertyOf(company);
    const ptDay = (d: string) => new Intl.DateTimeFormat('pt-BR', { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${d}T00:00:00Z`));
    const reservation = (await book(company, propertyId, day(10), day(13))).body;
    const described = await getTask(company.companyId, reservation.turnoverTaskId);
    expect(described?.description).toBe(`Limpeza automática: Emma Johnson faz check-out em ${ptDay(day(13))}.`);
    expect(described?.description).not.toContain(day(13));

    // A turnover written before days were formatted (ISO day) still counts as automatic and follows a move.
    // Through transactWrite: a write of a task item moves the task list's revision (local/permission-guard.ts).
    await transactWrite([{ Update: {
      TableName: tableName(),
      Key: keys.task(company.companyId, reservation.turnoverTaskId),
      UpdateExpression: 'SET description = :legacy',
      ExpressionAttributeValues: { ':legacy': `Limpeza automática: Emma Johnson faz check-out em ${day(13)}.` },
    } }], () => new Error('the turnover is gone'));
    await invoke('PUT', `/api/reservations/${reservation.id}`, { cookies: [company.ceo.cookie], body: { checkoutDate: day(14) } });
    expect((await getTask(company.companyId, reservation.turnoverTaskId))?.description).toBe(`Limpeza automática: Emma Johnson faz check-out em ${ptDay(day(14))}.`);
  });

  it('keeps the turnover\'s automatic texts in the company\'s language of now, and texts written by hand as written', async () => {
    const company = await createTestCompany();
    const propertyId = await propertyOf(company);
    const auto = (await book(company, propertyId, day(10), day(13))).body;
    const edited = (await book(company, propertyId, day(20), day(23), { guestName: 'Noah' })).body;
    const handTask = await getTask(company.companyId, edited.turnoverTaskId);
    const byHand = await invoke('PUT', `/api/tasks/${handTask!.id}`, {
      cookies: [company.ceo.cookie],
      body: { type: 'cleaning', title: 'Deep clean before the family arrives', description: 'Bring the spare crib.', propertyId, dueDate: handTask!.dueDate },
    });
    expect(byHand.status).toBe(200);

    const companyBody = { name: 'Harbour Homes', email: 'hi@harbour.test', phone: '+1 555 000 1111', address: '1 Pier Road', responsibleName: 'Ann', responsibleEmail: 'ann@harbour.test' };
    expect((await invoke('PUT', `/api/companies/${company.companyId}`, { cookies: [company.ceo.cookie], body: { ...companyBody, preferredLanguage: 'english' } })).status).toBe(200);
    for (const reservation of [auto, edited]) {
      const moved = await invoke('PUT', `/api/reservations/${reservation.id}`, { cookies: [company.ceo.cookie], body: { checkoutDate: reservation === auto ? day(14) : day(24) } });
      expect(moved.status).toBe(200);
    }

    expect(await getTask(company.companyId, auto.turnoverTaskId)).toMatchObject({ title: 'Turnover cleaning — Emma Johnson', description: expect.stringMatching(/^Automatic turnover: Emma Johnson checks out on /), dueDate: at(day(14), 11) });
    expect(await getTask(company.companyId, edited.turnoverTaskId)).toMatchObject({ title: 'Deep clean before the family arrives', description: 'Bring the spare crib.', dueDate: at(day(24), 11) });
  });

  it('refuses a move onto another stay and changes nothing', async () => {
    const company = await createTestCompany();
    const propertyId = await propertyOf(company);
    const first = (await book(company, propertyId, day(10), day(13))).body;
    await book(company, propertyId, day(13), day(15), { guestName: 'Noah' });
    const moved = await invoke('PUT', `/api/reservations/${first.id}`, { cookies: [company.ceo.cookie], body: { checkoutDate: day(14) } });
    expect(moved.status).toBe(409);
    expect(await getReservation(company.companyId, first.id)).toMatchObject({ checkoutDay: day(13), updatedAt: first.updatedAt });
    expect((await getTask(company.companyId, first.turnoverTaskId))?.dueDate).toBe(at(day(13), 11));
    const otherProperty = await invoke('PUT', `/api/reservations/${first.id}`, { cookies: [company.ceo.cookie], body: { propertyId: await propertyOf(company, 'B') } });
    expect(otherProperty.status).toBe(400);
  });

  it('cancels the stay and its open turnover (counters follow) and frees its nights; cancelling again changes nothing', async () => {
    const company = await createTestCompany();
    const propertyId = await propertyOf(company);
    const reservation = (await book(company, propertyId, day(10), day(13))).body;
    expect((await invoke('GET', '/api/dashboard/metrics', { cookies: [company.ceo.cookie] })).body.pendingTasks).toBe(1);
    published.mockClear();

    const cancelled = await invoke('POST', `/api/reservations/${reservation.id}/cancel`, { cookies: [company.ceo.cookie], body: { reason: 'Guest cancelled' } });

    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ status: 'cancelled', cancelReason: 'Guest cancelled' });
    expect(publishedTypes()).toEqual(['reservation.cancelled', 'task.cancelled']);
    expect((await getTask(company.companyId, reservation.turnoverTaskId))?.status).toBe('cancelled');
    const stats = await getStats(company.companyId);
    expect(stats.tasksByStatus).toMatchObject({ pending: 0, cancelled: 1 });
    expect((await invoke('GET', '/api/reservations/upcoming', { cookies: [company.ceo.cookie] })).body).toEqual([]);
    expect((await book(company, propertyId, day(10), day(13), { guestName: 'Next' })).status).toBe(201);
    const again = await invoke('POST', `/api/reservations/${reservation.id}/cancel`, { cookies: [company.ceo.cookie], body: {} });
    expect(again.status).toBe(200);
    expect(again.body.cancelledAt).toBe(cancelled.body.cancelledAt);
    const edit = await invoke('PUT', `/api/reservations/${reservation.id}`, { cookies: [company.ceo.cookie], body: { guestName: 'X' } });
    expect(edit.status).toBe(409);
  });

  it('schedules a new turnover for a new check-out when the old one was already done; the done one stays as history, the new one follows the stay', async () => {
    const company = await createTestCompany();
    const propertyId = await propertyOf(company);
    await invoke('PUT', `/api/properties/${propertyId}/checklist-template`, {
      cookies: [company.ceo.cookie],
      body: { items: [{ description: 'Change the sheets', required: true }, { description: 'Check the minibar', required: false }] },
    });
    const cleaner = await company.add('staff');
    const reservation = (await book(company, propertyId, day(10), day(13))).body;
    const firstChecklist = (await invoke('GET', `/api/tasks/${reservation.turnoverTaskId}/checklist`, { cookies: [company.ceo.cookie] })).body;
    for (const item of firstChecklist.items) {
      const ticked = await invoke('PUT', `/api/tasks/${reservation.turnoverTaskId}/checklist/items/${item.id}`, { cookies: [company.ceo.cookie], body: { isCompleted: true } });
      expect(ticked.status).toBe(200);
    }
    const first = (await getTask(company.companyId, reservation.turnoverTaskId))!;
    const done = await invoke('PUT', `/api/tasks/${first.id}`, {
      cookies: [company.ceo.cookie],
      body: { type: 'cleaning', title: first.title, propertyId, status: 'completed', dueDate: first.dueDate, assignedUserId: cleaner.user.id },
    });
    expect([done.status, done.body.message]).toEqual([200, undefined]);
    const completed = (await getTask(company.companyId, first.id))!;
    expect(completed.status).toBe('completed');

    // A new guest name is no new check-out: the done cleaning stays the stay's.
    const renamed = await invoke('PUT', `/api/reservations/${reservation.id}`, { cookies: [company.ceo.cookie], body: { guestName: 'Emma Brown' } });
    expect(renamed.body).toMatchObject({ turnoverTaskId: first.id, turnoverOutcome: null });
    published.mockClear();

    const moved = await invoke('PUT', `/api/reservations/${reservation.id}`, { cookies: [company.ceo.cookie], body: { checkinDate: day(11), checkoutDate: day(15) } });

    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ checkoutDay: day(15), turnoverOutcome: 'replaced' });
    const nextId: string = moved.body.turnoverTaskId;
    expect(nextId).not.toBe(first.id);
    expect(await getTask(company.companyId, nextId)).toMatchObject({
      type: 'cleaning',
      status: 'pending',
      propertyId,
      reservationId: reservation.id,
      dueDate: at(day(15), 11),
      title: 'Limpeza de check-out — Emma Brown',
      assignedUserId: null,
      openRequiredItems: 1,
    });
    const checklist = await invoke('GET', `/api/tasks/${nextId}/checklist`, { cookies: [company.ceo.cookie] });
    expect(checklist.body).toMatchObject({ taskId: nextId, source: 'template', openRequiredItems: 1, totalItems: 2 });
    // The done one is history, untouched.
    expect(await getTask(company.companyId, first.id)).toEqual(completed);
    expect(publishedTypes()).toEqual(['reservation.updated', 'task.created']);
    expect((await getStats(company.companyId)).tasksByStatus).toMatchObject({ pending: 1, completed: 1 });

    // Reopening the done one while the new one is open would leave two open cleanings for one
    // check-out: refused, naming the new one, by the office and by its cleaner alike.
    for (const who of [company.ceo, cleaner]) {
      const reopened = await invoke('PUT', `/api/tasks/${first.id}`, {
        cookies: [who.cookie],
        body: { type: 'cleaning', title: first.title, propertyId, status: 'pending', dueDate: first.dueDate, assignedUserId: cleaner.user.id },
      });
      expect([reopened.status, reopened.body.code, reopened.body.details]).toEqual([409, 'turnover_replaced', { replacementTaskId: nextId }]);
      expect(reopened.body.message).toMatch(/another day/);
    }
    expect(await getTask(company.companyId, first.id)).toEqual(completed);

    // Later moves follow the new cleaning; a cancel cancels it and leaves the done one done.
    const again = await invoke('PUT', `/api/reservations/${reservation.id}`, { cookies: [company.ceo.cookie], body: { checkoutDate: day(16) } });
    expect(again.body).toMatchObject({ turnoverTaskId: nextId, turnoverOutcome: 'moved' });
    expect((await getTask(company.companyId, nextId))?.dueDate).toBe(at(day(16), 11));
    expect((await invoke('POST', `/api/reservations/${reservation.id}/cancel`, { cookies: [company.ceo.cookie], body: {} })).status).toBe(200);
    expect((await getTask(company.companyId, nextId))?.status).toBe('cancelled');
    expect(await getTask(company.companyId, first.id)).toEqual(completed);
    expect((await getStats(company.companyId)).tasksByStatus).toMatchObject({ pending: 0, completed: 1, cancelled: 1 });
    // With the new one cancelled there is no other open cleaning: the done one may be reopened.
    const reopened = await invoke('PUT', `/api/tasks/${first.id}`, {
      cookies: [company.ceo.cookie],
      body: { type: 'cleaning', title: first.title, propertyId, status: 'pending', dueDate: first.dueDate, assignedUserId: cleaner.user.id },
    });
    expect([reopened.status, reopened.body.status]).toEqual([200, 'pending']);
  });

  it('does not bring back a turnover someone cancelled when the stay moves', async () => {
    const company = await createTestCompany();
    const propertyId = await propertyOf(company);
    const reservation = (await book(company, propertyId, day(10), day(13))).body;
    const task = (await getTask(company.companyId, reservation.turnoverTaskId))!;
    const cancelled = await invoke('PUT', `/api/tasks/${task.id}`, {
      cookies: [company.ceo.cookie],
      body: { type: 'cleaning', title: task.title, propertyId, status: 'cancelled', dueDate: task.dueDate },
    });
    expect(cancelled.status).toBe(200);
    const moved = await invoke('PUT', `/api/reservations/${reservation.id}`, { cookies: [company.ceo.cookie], body: { checkoutDate: day(15) } });
    expect(moved.body).toMatchObject({ checkoutDay: day(15), turnoverTaskId: task.id, turnoverOutcome: null });
    expect((await getTask(company.companyId, task.id))?.status).toBe('cancelled');
    expect((await getStats(company.companyId)).taskCount).toBe(1);
  });

  it('leaves a completed turnover alone when its stay is cancelled', async () => {
    const company = await createTestCompany();
    const propertyId = await propertyOf(company);
    const reservation = (await book(company, propertyId, day(1), day(2))).body;
    const task = await getTask(company.companyId, reservation.turnoverTaskId);
    const done = await invoke('PUT', `/api/tasks/${task!.id}`, {
      cookies: [company.ceo.cookie],
      body: { type: 'cleaning', title: task!.title, propertyId, status: 'completed', dueDate: task!.dueDate },
    });
    expect(done.status).toBe(200);
    await invoke('POST', `/api/reservations/${reservation.id}/cancel`, { cookies: [company.ceo.cookie], body: {} });
    expect((await getTask(company.companyId, task!.id))?.status).toBe('completed');
  });
});

describe('whether a done turnover still covers a moved check-out', () => {
  const stay = (checkoutDate: string) => ({ checkoutDate }) as Reservation;
  const task = (status: Task['status'], completedAt: string | null) => ({ status, completedAt }) as Task;
  it('asks for a new cleaning only when the check-out moved past the one done', () => {
    const done = task('completed', '2026-12-02T14:00:00.000Z');
    // The stay grew past the cleaning (30 Nov -> 2 Dec, then 1 -> 4 Dec).
    expect(turnoverLeftBehind(done, stay('2026-12-02T11:00:00.000Z'), stay('2026-12-04T11:00:00.000Z'))).toBe(true);
    // The stay got shorter: the cleaning done after the guest left still covers it.
    expect(turnoverLeftBehind(done, stay('2026-12-02T11:00:00.000Z'), stay('2026-12-01T11:00:00.000Z'))).toBe(false);
    // The check-out did not move (a new name, a new check-in): the done cleaning stays the stay's.
    expect(turnoverLeftBehind(done, stay('2026-12-02T11:00:00.000Z'), stay('2026-12-02T11:00:00.000Z'))).toBe(false);
    // Done days before the guest left: it covered nothing.
    expect(turnoverLeftBehind(task('completed', '2026-11-29T10:00:00.000Z'), stay('2026-12-02T11:00:00.000Z'), stay('2026-12-01T11:00:00.000Z'))).toBe(true);
    // A cancelled cleaning was someone's decision; an open one follows the stay by itself.
    for (const status of ['cancelled', 'pending', 'in_progress'] as const) {
      expect(turnoverLeftBehind(task(status, null), stay('2026-12-02T11:00:00.000Z'), stay('2026-12-04T11:00:00.000Z'))).toBe(false);
    }
  });
});

describe('the property month view', () => {
  it('lists the month\'s stays and the tasks due in it, bounded by the month', async () => {
    const company = await createTestCompany();
    const propertyId = await propertyOf(company);
    const month = day(40).slice(0, 7);
    const first = `${month}-01`;
    const inMonth = (await book(company, propertyId, `${month}-10`, `${month}-12`)).body;
    const crossing = (await book(company, propertyId, shift(first, -2), shift(first, 1), { guestName: 'Crossing' })).body;
    await book(company, propertyId, shift(first, 50), shift(first, 52), { guestName: 'Later' });
    await invoke('POST', '/api/tasks', { cookies: [company.ceo.cookie], body: { title: 'Fix tap', propertyId, type: 'maintenance', dueDate: at(`${month}-20`, 9) } });

    const view = await invoke('GET', `/api/properties/${propertyId}/calendar?month=${month}`, { cookies: [company.ceo.cookie] });

    expect(view.status).toBe(200);
    expect(view.body).toMatchObject({ propertyId, month, timezone: TZ, from: first });
    expect(view.body.reservations.map((r: { id: string }) => r.id)).toEqual([crossing.id, inMonth.id]);
    expect(view.body.tasks.map((t: { title: string }) => t.title)).toEqual([
      'Limpeza de check-out — Crossing',
      'Limpeza de check-out — Emma Johnson',
      'Fix tap',
    ]);
    expect((await invoke('GET', `/api/properties/${propertyId}/calendar?month=2026-13`, { cookies: [company.ceo.cookie] })).status).toBe(400);
  });
});

describe('tenancy', () => {
  it('answers 404 for another company\'s reservations, property and settings, and changes nothing', async () => {
    const mine = await createTestCompany();
    const theirs = await createTestCompany();
    const theirProperty = await propertyOf(theirs);
    const reservation = (await book(theirs, theirProperty, day(10), day(12))).body;
    const me = [mine.ceo.cookie];
    expect((await book(mine, theirProperty, day(20), day(22))).status).toBe(404);
    expect((await invoke('GET', `/api/reservations/${reservation.id}`, { cookies: me })).status).toBe(404);
    expect((await invoke('PUT', `/api/reservations/${reservation.id}`, { cookies: me, body: { guestName: 'Hijack' } })).status).toBe(404);
    expect((await invoke('POST', `/api/reservations/${reservation.id}/cancel`, { cookies: me, body: {} })).status).toBe(404);
    expect((await invoke('POST', `/api/reservations/${reservation.id}/keep`, { cookies: me })).status).toBe(404);
    expect((await invoke('GET', `/api/properties/${theirProperty}/calendar?month=${day(10).slice(0, 7)}`, { cookies: me })).status).toBe(404);
    expect((await invoke('GET', `/api/companies/${theirs.companyId}/settings`, { cookies: me })).status).toBe(404);
    expect((await invoke('PUT', `/api/companies/${theirs.companyId}/settings`, { cookies: me, body: { autoTurnovers: false } })).status).toBe(404);
    expect(await getReservation(theirs.companyId, reservation.id)).toMatchObject({ guestName: 'Emma Johnson', status: 'confirmed' });
  });

  it('assigns automatic turnovers to the member the team settings name, with a task.assigned event for the CEO alert', async () => {
    const company = await createTestCompany();
    const propertyId = await propertyOf(company);
    const cleaner = await company.add('staff');
    const saved = await invoke('PUT', `/api/companies/${company.companyId}/settings`, { cookies: [company.ceo.cookie], body: { turnoverAssigneeId: cleaner.user.id } });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ turnoverAssigneeId: cleaner.user.id, autoTurnovers: true, shiftLateAfterMinutes: 15 });
    published.mockClear();

    const response = await book(company, propertyId, day(4), day(6));
    expect((await getTask(company.companyId, response.body.turnoverTaskId))?.assignedUserId).toBe(cleaner.user.id);
    expect(publishedTypes()).toEqual(expect.arrayContaining(['task.created', 'task.assigned']));

    const cleared = await invoke('PUT', `/api/companies/${company.companyId}/settings`, { cookies: [company.ceo.cookie], body: { turnoverAssigneeId: null } });
    expect(cleared.body.turnoverAssigneeId).toBeNull();
    const next = await book(company, propertyId, day(8), day(9));
    expect((await getTask(company.companyId, next.body.turnoverTaskId))?.assignedUserId).toBeNull();
  });

  it('refuses a turnover assignee who is not a member of the company, and keeps the setting', async () => {
    const company = await createTestCompany();
    const other = await createTestCompany();
    const outsider = await other.add('staff');
    for (const turnoverAssigneeId of [outsider.user.id, 'no-such-user']) {
      const response = await invoke('PUT', `/api/companies/${company.companyId}/settings`, { cookies: [company.ceo.cookie], body: { turnoverAssigneeId, autoTurnovers: false } });
      expect(response.status).toBe(400);
      expect(response.body.errors).toEqual({ turnoverAssigneeId: 'Choose a member who has joined your team' });
    }
    expect((await invoke('GET', `/api/companies/${company.companyId}/settings`, { cookies: [company.ceo.cookie] })).body).toMatchObject({ turnoverAssigneeId: null, autoTurnovers: true });
  });

  it('stops giving turnovers to a member who was removed, and never fails a booking over a stale assignee', async () => {
    const company = await createTestCompany();
    const propertyId = await propertyOf(company);
    const cleaner = await company.add('staff');
    await invoke('PUT', `/api/companies/${company.companyId}/settings`, { cookies: [company.ceo.cookie], body: { turnoverAssigneeId: cleaner.user.id } });
    expect((await invoke('DELETE', `/api/team/${cleaner.user.id}`, { cookies: [company.ceo.cookie] })).status).toBe(204);
    expect((await invoke('GET', `/api/companies/${company.companyId}/settings`, { cookies: [company.ceo.cookie] })).body.turnoverAssigneeId).toBeNull();

    // A setting left behind (the removal stopped between its two writes) is ignored, not obeyed.
    await saveCompanySettings(company.companyId, { turnoverAssigneeId: cleaner.user.id });
    const response = await book(company, propertyId, day(4), day(6));
    expect(response.status).toBe(201);
    expect((await getTask(company.companyId, response.body.turnoverTaskId))?.assignedUserId).toBeNull();
  });

  it('keeps check-out earlier in the day than check-in, and changes nothing when it would not be', async () => {
    const company = await createTestCompany();
    const put = (body: Record<string, unknown>) => invoke('PUT', `/api/companies/${company.companyId}/settings`, { cookies: [company.ceo.cookie], body });
    const late = await put({ checkoutHour: 15 });
    expect(late.status).toBe(400);
    expect(late.body.errors).toEqual({ checkoutHour: 'Check-out must be earlier in the day than check-in, so a place can be cleaned between guests' });
    expect((await put({ checkinHour: 9 })).body.errors).toEqual({ checkinHour: expect.stringContaining('Check-out must be earlier') });
    expect((await put({ checkinHour: 9, checkoutHour: 12 })).status).toBe(400);
    expect((await invoke('GET', `/api/companies/${company.companyId}/settings`, { cookies: [company.ceo.cookie] })).body).toMatchObject({ checkinHour: 15, checkoutHour: 11 });
    expect((await put({ checkinHour: 14, checkoutHour: 10 })).body).toMatchObject({ checkinHour: 14, checkoutHour: 10 });
  });

  it('lets staff read settings but not change them', async () => {
    const company = await createTestCompany();
    const staff = await company.add('staff');
    expect((await invoke('GET', `/api/companies/${company.companyId}/settings`, { cookies: [staff.cookie] })).body).toMatchObject({ autoTurnovers: true });
    expect((await invoke('PUT', `/api/companies/${company.companyId}/settings`, { cookies: [staff.cookie], body: { autoTurnovers: false } })).status).toBe(403);
    expect((await invoke('PUT', `/api/companies/${company.companyId}/settings`, { cookies: [company.ceo.cookie], body: { checkoutHour: 24 } })).status).toBe(400);
  });
});

function shift(d: string, days: number): string {
  return new Date(Date.parse(`${d}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}
