// The dispatch board through the route table and the local stand-ins: rows, workload and warnings
// for a seeded week (New York, the Monday two weeks ahead), who may read it, tenancy, and a move made the way
// the board makes it (PUT /api/tasks/{id} with If-Match) recording history and telling the assignee
// exactly as the task editor does.
import { invoke } from '../../local/invoke';
import { createTestCompany, type Member, type TestCompany } from '../../tests/support/fixtures';
import { emailsTo } from '../../tests/support/notifications';
import { zonedInstant } from '../../shared/rules';
import { mondayOf, type DispatchBoard, type DispatchCard } from '../../shared/dispatch';
import { addDays, localDay } from '../../shared/days';
import type { Task } from '#shared/schemas';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '../data/client';
import { getItem } from '../data/db';
import { keys } from '../data/keys';
import { clock } from './clock';

const NY = 'America/New_York';
const EN = { 'accept-language': 'en' };
const at = (day: string, hour: number, minute = 0) => zonedInstant(day, hour, minute, NY).toISOString();
/** The seeded week: the Monday two weeks ahead (shifts cannot be scheduled in the past, stays not beyond three years). */
const MON = mondayOf(addDays(localDay(new Date(), NY), 14));
const d = (i: number) => addDays(MON, i);

afterEach(() => jest.restoreAllMocks());

async function propertyOf(company: TestCompany, name: string): Promise<string> {
  const response = await invoke('POST', '/api/properties', { cookies: [company.ceo.cookie], body: { name, address: '1 Ocean Drive' } });
  expect(response.status).toBe(201);
  return response.body.id;
}

async function taskOf(company: TestCompany, fields: Record<string, unknown>): Promise<Task> {
  const response = await invoke('POST', '/api/tasks', {
    cookies: [company.ceo.cookie],
    body: { type: 'cleaning', title: 'Task', status: 'pending', assignedUserId: null, ...fields },
  });
  expect(response.status).toBe(201);
  return response.body;
}

const bodyOf = (task: Task, changes: Record<string, unknown> = {}) => {
  const { type, title, description, propertyId, assignedUserId, status, dueDate } = task;
  return { type, title, description, propertyId, assignedUserId, status, dueDate, ...changes };
};

async function board(member: Member, week = d(0)): Promise<DispatchBoard> {
  const response = await invoke('GET', `/api/dispatch?week=${week}`, { cookies: [member.cookie] });
  expect(response.status).toBe(200);
  return response.body;
}

const cardOf = (view: DispatchBoard, taskId: string): DispatchCard | undefined =>
  view.rows.flatMap((row) => row.cards).find((card) => card.task.id === taskId);
const kinds = (view: DispatchBoard, taskId: string) => (cardOf(view, taskId)?.warnings ?? []).map((w) => w.kind).sort();

describe('GET /api/dispatch', () => {
  let company: TestCompany;
  let manager: Member;
  let ana: Member;
  let bruno: Member;
  let house: string;
  let flat: string;
  const seeded: Record<string, Task> = {};

  beforeAll(async () => {
    company = await createTestCompany();
    [manager, ana, bruno] = await Promise.all([company.add('operational_manager'), company.add('staff'), company.add('staff')]);
    house = await propertyOf(company, 'Casa Azul');
    flat = await propertyOf(company, 'Flat Verde');
    // A guest checks in at Casa Azul on Wednesday at 15:00 (the company's default hour).
    const stay = await invoke('POST', '/api/reservations', {
      cookies: [manager.cookie],
      body: { propertyId: house, guestName: 'Guest', checkinDate: d(2), checkoutDate: d(5) },
    });
    expect(stay.status).toBe(201);
    // Bruno works the morning shift on Thursday; Ana has no shifts at all.
    const shift = await invoke('PUT', `/api/shifts/${d(3)}/morning`, { cookies: [manager.cookie], body: { teams: [{ name: 'A', memberIds: [bruno.user.id] }] } });
    expect(shift.status).toBe(200);

    seeded.anaClean = await taskOf(company, { title: 'Clean', propertyId: house, assignedUserId: ana.user.id, dueDate: at(d(1), 10) });
    seeded.anaFix = await taskOf(company, { title: 'Fix tap', type: 'maintenance', propertyId: flat, assignedUserId: ana.user.id, dueDate: at(d(1), 11) });
    seeded.lateClean = await taskOf(company, { title: 'Late clean', propertyId: house, dueDate: at(d(2), 14) });
    seeded.earlyClean = await taskOf(company, { title: 'Early clean', propertyId: house, dueDate: at(d(2), 10) });
    seeded.brunoMorning = await taskOf(company, { title: 'Laundry', type: 'laundry', propertyId: flat, assignedUserId: bruno.user.id, dueDate: at(d(3), 9) });
    seeded.brunoAfternoon = await taskOf(company, { title: 'Laundry 2', type: 'laundry', propertyId: flat, assignedUserId: bruno.user.id, dueDate: at(d(3), 14) });
    seeded.anaAfternoon = await taskOf(company, { title: 'Clean 2', propertyId: flat, assignedUserId: ana.user.id, dueDate: at(d(3), 14) });
    seeded.nextWeek = await taskOf(company, { title: 'Next week', propertyId: flat, dueDate: at(d(7), 9) });
    seeded.sundayNight = await taskOf(company, { title: 'Sunday night', type: 'laundry', propertyId: flat, dueDate: at(d(6), 23, 30) });
    seeded.cancelled = await taskOf(company, { title: 'Cancelled', propertyId: flat, status: 'cancelled', dueDate: at(d(1), 9) });
    seeded.undated = await taskOf(company, { title: 'Whenever', propertyId: flat });
  });

  it('answers the Monday-start week in the company zone with a row per member and one for unassigned work', async () => {
    const view = await board(company.ceo, d(3));
    expect(view.week).toMatchObject({ start: d(0), timeZone: NY, previous: d(-7), next: d(7) });
    expect(view.week.days).toEqual([d(0), d(1), d(2), d(3), d(4), d(5), d(6)]);
    expect(view.rows[0].member).toBeNull();
    const memberIds = view.rows.slice(1).map((row) => row.member?.id);
    expect(memberIds).toEqual(expect.arrayContaining([company.ceo.user.id, manager.user.id, ana.user.id, bruno.user.id]));
    const ids = view.rows.flatMap((row) => row.cards.map((card) => card.task.id));
    expect(ids).not.toContain(seeded.nextWeek.id);
    expect(ids).not.toContain(seeded.cancelled.id);
    expect(ids).not.toContain(seeded.undated.id);
    // 23:30 on Sunday in New York is Monday in UTC: still this week's Sunday.
    expect(cardOf(view, seeded.sundayNight.id)).toMatchObject({ day: d(6), minutes: 60 });
    // The turnover of the Wednesday stay (check-out Saturday 11:00) is unassigned work on Saturday.
    const unassigned = view.rows[0].cards.map((card) => [card.task.title, card.day]);
    expect(unassigned).toEqual(expect.arrayContaining([['Late clean', d(2)], ['Early clean', d(2)], ['Sunday night', d(6)]]));
    expect(view.rows[0].cards.some((card) => card.day === d(5) && card.task.reservationId)).toBe(true);
    expect(cardOf(view, seeded.anaClean.id)).toMatchObject({ propertyName: 'Casa Azul', minutes: 120, endsAt: at(d(1), 12) });
  });

  it('warns of overlaps, check-in overruns and off-shift work, and sums each row\'s workload', async () => {
    const view = await board(manager);
    expect(kinds(view, seeded.anaClean.id)).toEqual(['overlap']);
    expect(kinds(view, seeded.anaFix.id)).toEqual(['overlap']);
    expect(cardOf(view, seeded.anaClean.id)!.warnings[0]).toMatchObject({ withTaskId: seeded.anaFix.id });
    expect(kinds(view, seeded.lateClean.id)).toEqual(['checkin']);
    expect(cardOf(view, seeded.lateClean.id)!.warnings[0]).toMatchObject({ checkinAt: at(d(2), 15) });
    expect(kinds(view, seeded.earlyClean.id)).toEqual([]);
    expect(kinds(view, seeded.brunoMorning.id)).toEqual([]);
    expect(kinds(view, seeded.brunoAfternoon.id)).toEqual(['offShift']);
    // Ana has no shift that day: the company does not run shifts for her, so no warning.
    expect(kinds(view, seeded.anaAfternoon.id)).toEqual([]);
    const anaRow = view.rows.find((row) => row.member?.id === ana.user.id)!;
    expect(anaRow.workloadMinutes).toBe(120 + 90 + 120);
    expect(anaRow.minutesByDay).toMatchObject({ [d(1)]: 210, [d(3)]: 120, [d(0)]: 0 });
    expect(anaRow.warningCount).toBe(2);
    const brunoRow = view.rows.find((row) => row.member?.id === bruno.user.id)!;
    expect(brunoRow.shiftsByDay).toEqual({ [d(3)]: ['morning'] });
    expect(brunoRow.workloadMinutes).toBe(120);
  });

  it('follows the durations the company sets (and refuses unusable ones)', async () => {
    const bad = await invoke('PUT', `/api/companies/${company.companyId}/settings`, {
      cookies: [manager.cookie], headers: EN, body: { taskDurations: { cleaning: 0, maintenance: 30, laundry: 2000 } },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toMatchObject({ 'taskDurations.cleaning': 'Enter whole minutes from 5 to 1440', 'taskDurations.laundry': 'Enter whole minutes from 5 to 1440' });
    const saved = await invoke('PUT', `/api/companies/${company.companyId}/settings`, {
      cookies: [manager.cookie], body: { taskDurations: { cleaning: 60, maintenance: 30, laundry: 45 } },
    });
    expect(saved.status).toBe(200);
    // A body that names the three original types (an older client) keeps the inspection's default.
    expect(saved.body.taskDurations).toEqual({ cleaning: 60, maintenance: 30, laundry: 45, inspection: 30 });
    try {
      const view = await board(manager);
      expect(view.durations).toEqual({ cleaning: 60, maintenance: 30, laundry: 45, inspection: 30 });
      // 10:00 + 60 min no longer reaches 11:00; 14:00 + 60 min ends as the guest arrives at 15:00.
      expect(kinds(view, seeded.anaClean.id)).toEqual([]);
      expect(kinds(view, seeded.lateClean.id)).toEqual([]);
      expect(view.rows.find((row) => row.member?.id === ana.user.id)!.workloadMinutes).toBe(60 + 30 + 60);
    } finally {
      await invoke('PUT', `/api/companies/${company.companyId}/settings`, {
        cookies: [manager.cookie], body: { taskDurations: { cleaning: 120, maintenance: 90, laundry: 60 } },
      });
    }
  });

  it('is for the CEO and managers: staff get 403, a bad week 400', async () => {
    const refused = await invoke('GET', '/api/dispatch?week=2030-06-03', { cookies: [ana.cookie] });
    expect(refused.status).toBe(403);
    expect((await invoke('GET', '/api/dispatch')).status).toBe(401);
    for (const week of ['2030-13-01', 'monday', '2030-06-03T00:00:00Z', "'; DROP"]) {
      const response = await invoke('GET', `/api/dispatch?week=${encodeURIComponent(week)}`, { cookies: [manager.cookie], headers: EN });
      expect(response.status).toBe(400);
    }
    for (const query of ['view=day', 'view=', 'from=2030-02-30', 'view=rolling&from=tomorrow']) {
      const response = await invoke('GET', `/api/dispatch?${query}`, { cookies: [manager.cookie], headers: EN });
      expect(response.status).toBe(400);
    }
    const thisWeek = await invoke('GET', '/api/dispatch?view=week', { cookies: [manager.cookie] });
    expect(thisWeek.status).toBe(200);
    expect(thisWeek.body.week.view).toBe('week');
    expect(new Date(`${thisWeek.body.week.start}T12:00:00Z`).getUTCDay()).toBe(1);
  });

  it('shows seven days from a date (a rolling week) with ?view=rolling, the same cards on the same days as the calendar weeks', async () => {
    const friday = d(4);
    const rolling = await invoke('GET', `/api/dispatch?view=rolling&from=${friday}`, { cookies: [manager.cookie] });
    expect(rolling.status).toBe(200);
    const view: DispatchBoard = rolling.body;
    expect(view.week).toMatchObject({ view: 'rolling', start: friday, previous: addDays(friday, -7), next: addDays(friday, 7) });
    expect(view.week.days).toEqual(Array.from({ length: 7 }, (_, i) => addDays(friday, i)));
    // Its cards are this week's from Friday plus next week's to Thursday, on the same days.
    const [thisWeek, nextWeek] = [await board(manager, d(0)), await board(manager, d(7))];
    const daysOf = (b: DispatchBoard) => b.rows.flatMap((row) => row.cards.map((card) => `${card.task.id}@${card.day}`));
    const expected = [...daysOf(thisWeek), ...daysOf(nextWeek)].filter((entry) => view.week.days.includes(entry.split('@')[1])).sort();
    expect(daysOf(view).sort()).toEqual(expected);
    expect(daysOf(view).length).toBeGreaterThan(0);
    // `from` alone means a rolling week too; `week` alone the calendar week.
    expect((await invoke('GET', `/api/dispatch?from=${friday}`, { cookies: [manager.cookie] })).body.week).toMatchObject({ view: 'rolling', start: friday });
    expect((await invoke('GET', `/api/dispatch?week=${friday}`, { cookies: [manager.cookie] })).body.week).toMatchObject({ view: 'week', start: d(0) });
  });

  it('starts at today by default on a Saturday or Sunday (company time zone) and on the calendar week on weekdays', async () => {
    // New York: Saturday 2030-06-08 23:30 is Sunday 03:30 UTC; Sunday 2030-06-09 23:30 is Monday UTC.
    const cases: Array<[string, number, string, 'week' | 'rolling', string]> = [
      ['2030-06-07', 18, 'Friday evening', 'week', '2030-06-03'],
      ['2030-06-08', 9, 'Saturday morning', 'rolling', '2030-06-08'],
      ['2030-06-08', 23, 'Saturday late (Sunday in UTC)', 'rolling', '2030-06-08'],
      ['2030-06-09', 20, 'Sunday evening', 'rolling', '2030-06-09'],
      ['2030-06-09', 23, 'Sunday late (Monday in UTC)', 'rolling', '2030-06-09'],
      ['2030-06-10', 0, 'Monday just after midnight', 'week', '2030-06-10'],
    ];
    for (const [day, hour, , view, start] of cases) {
      jest.spyOn(clock, 'now').mockReturnValue(new Date(zonedInstant(day, hour, 30, NY)));
      const response = await invoke('GET', '/api/dispatch', { cookies: [manager.cookie] });
      expect(response.status).toBe(200);
      expect([day, hour, response.body.week.view, response.body.week.start, response.body.week.today]).toEqual([day, hour, view, start, day]);
      // Asked for, either one is there whatever the day.
      expect((await invoke('GET', '/api/dispatch?view=week', { cookies: [manager.cookie] })).body.week).toMatchObject({ view: 'week', start: mondayOf(day) });
      expect((await invoke('GET', '/api/dispatch?view=rolling', { cookies: [manager.cookie] })).body.week).toMatchObject({ view: 'rolling', start: day });
    }
  });

  it('never shows another company\'s tasks, even at the same times', async () => {
    const other = await createTestCompany();
    const otherHouse = await propertyOf(other, 'Elsewhere');
    const foreign = await taskOf(other, { title: 'Foreign', propertyId: otherHouse, dueDate: at(d(1), 10) });
    const view = await board(company.ceo);
    expect(JSON.stringify(view)).not.toContain(foreign.id);
    expect(JSON.stringify(view)).not.toContain(other.companyId);
    const theirs = await board(other.ceo);
    expect(theirs.rows.flatMap((row) => row.cards.map((card) => card.task.id))).toEqual([foreign.id]);
  });
});

describe('tasks dated before the board existed', () => {
  it('are indexed on the first read of the board, once', async () => {
    const company = await createTestCompany();
    const house = await propertyOf(company, 'Casa Azul');
    const old = await taskOf(company, { title: 'Old clean', propertyId: house, dueDate: at(d(2), 10) });
    // As written before the board: the due-date entry without its gsi2 keys, and no marker.
    const entry = keys.taskDue(company.companyId, house, old.dueDate!, old.id);
    await db.send(new UpdateCommand({ TableName: tableName(), Key: entry, UpdateExpression: 'REMOVE gsi2pk, gsi2sk' }));
    expect(cardOf(await board(company.ceo), old.id)).toMatchObject({ day: d(2) });
    expect(await getItem(keys.tasksDueIndexed(company.companyId))).toBeTruthy();
  });
});

describe('a move from the board', () => {
  it('is the task editor\'s update: same history and the same notice to the assignee', async () => {
    const company = await createTestCompany();
    const [manager, ana, bruno] = await Promise.all([company.add('operational_manager'), company.add('staff'), company.add('staff')]);
    const house = await propertyOf(company, 'Casa Azul');
    const viaBoard = await taskOf(company, { title: 'Board clean', propertyId: house, dueDate: '2031-03-14T14:00:00.000Z' });
    const viaEditor = await taskOf(company, { title: 'Editor clean', propertyId: house, dueDate: '2031-03-14T14:00:00.000Z' });

    const moved = await invoke('PUT', `/api/tasks/${viaBoard.id}`, {
      cookies: [manager.cookie],
      headers: { 'if-match': `"${viaBoard.updatedAt}"` },
      body: bodyOf(viaBoard, { assignedUserId: ana.user.id, dueDate: '2031-03-15T14:00:00.000Z' }),
    });
    expect(moved.status).toBe(200);
    const edited = await invoke('PUT', `/api/tasks/${viaEditor.id}`, {
      cookies: [manager.cookie],
      body: bodyOf(viaEditor, { assignedUserId: bruno.user.id, dueDate: '2031-03-15T14:00:00.000Z' }),
    });
    expect(edited.status).toBe(200);

    const actions = async (taskId: string) =>
      ((await invoke('GET', `/api/tasks/${taskId}/history`, { cookies: [manager.cookie] })).body as Array<{ action: string; actorUserId: string; changes: Array<{ field: string }> }>)
        .map((entry) => `${entry.action}:${entry.actorUserId === manager.user.id}:${entry.changes.map((c) => c.field).join(',')}`);
    expect(await actions(viaBoard.id)).toEqual(await actions(viaEditor.id));
    expect(await actions(viaBoard.id)).toEqual(expect.arrayContaining([expect.stringMatching(/^assigned:true:assignedUserId/), expect.stringMatching(/^moved:true:dueDate/)]));

    const toAna = await emailsTo(ana.user.email);
    const toBruno = await emailsTo(bruno.user.email);
    expect(toAna).toHaveLength(1);
    expect(toBruno).toHaveLength(1);
    expect(toAna[0].subject.replace('Board clean', 'X')).toBe(toBruno[0].subject.replace('Editor clean', 'X'));
    // The board shows it in its new place.
    const view = await board(manager, '2031-03-15');
    expect(cardOf(view, viaBoard.id)).toMatchObject({ day: '2031-03-15' });
    expect(view.rows.find((row) => row.member?.id === ana.user.id)!.cards.map((card) => card.task.id)).toEqual([viaBoard.id]);
  });

  it('is refused with 409 and the task as it is now when it changed meanwhile (e.g. completed), writing nothing', async () => {
    const company = await createTestCompany();
    const [manager, ana] = await Promise.all([company.add('operational_manager'), company.add('staff')]);
    const house = await propertyOf(company, 'Casa Azul');
    const shown = await taskOf(company, { title: 'Clean', propertyId: house, assignedUserId: ana.user.id, dueDate: '2031-03-14T14:00:00.000Z' });
    const completed = await invoke('PUT', `/api/tasks/${shown.id}`, { cookies: [ana.cookie], body: bodyOf(shown, { status: 'completed' }) });
    expect(completed.status).toBe(200);
    const stale = await invoke('PUT', `/api/tasks/${shown.id}`, {
      cookies: [manager.cookie],
      headers: { 'if-match': `"${shown.updatedAt}"`, ...EN },
      body: bodyOf(shown, { dueDate: '2031-03-16T14:00:00.000Z' }),
    });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toBe('Someone changed this task meanwhile. Nothing was saved; look at it again.');
    expect(stale.body.details.task).toMatchObject({ id: shown.id, status: 'completed', dueDate: '2031-03-14T14:00:00.000Z' });
    const now = (await invoke('GET', `/api/tasks/${shown.id}`, { cookies: [manager.cookie] })).body;
    expect(now).toMatchObject({ status: 'completed', dueDate: '2031-03-14T14:00:00.000Z', updatedAt: completed.body.updatedAt });
  });
});
