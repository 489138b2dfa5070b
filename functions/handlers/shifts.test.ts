// Handler tests for shifts (Turnos de Hoje), through the route table against the local stand-ins.
// The shift rules run on functions/shifts/clock.ts, which each test sets to a New York wall time
// (the test companies' time zone) on a fixed day, so results never depend on when tests run.
import { invoke } from '../../local/invoke';
import { createTestCompany, type Member, type TestCompany } from '../../tests/support/fixtures';
import { zonedInstant } from '../../shared/rules';
import { clock } from '../shifts/clock';
import { getShift } from '../data/repositories/shifts';

const NY = 'America/New_York';
const DAY = '2030-06-03';
const PT = { 'accept-language': 'pt-BR' };

function standAt(time: string, date = DAY) {
  const [hour, minute, second = 0] = time.split(':').map(Number);
  const at = new Date(zonedInstant(date, hour, minute, NY).getTime() + second * 1000);
  jest.spyOn(clock, 'now').mockReturnValue(at);
  return at;
}

afterEach(() => jest.restoreAllMocks());

interface Crew {
  company: TestCompany;
  manager: Member;
  ana: Member;
  bruno: Member;
  carla: Member;
}

async function crew(): Promise<Crew> {
  const company = await createTestCompany();
  const [manager, ana, bruno, carla] = await Promise.all([
    company.add('operational_manager'),
    company.add('staff'),
    company.add('staff'),
    company.add('staff'),
  ]);
  return { company, manager, ana, bruno, carla };
}

async function assign(by: Member, shift: string, teams: Array<{ name: string; memberIds: string[] }>, date = DAY) {
  return invoke('PUT', `/api/shifts/${date}/${shift}`, { cookies: [by.cookie], headers: PT, body: { teams } });
}

async function todays(member: Member, shift: string) {
  const response = await invoke('GET', '/api/shifts', { cookies: [member.cookie] });
  expect(response.status).toBe(200);
  const { today, shifts } = response.body as { today: string; shifts: Array<{ date: string; shift: string }> };
  return shifts.find((s) => s.date === today && s.shift === shift) as any;
}

const statuses = (view: any) =>
  Object.fromEntries(view.teams.flatMap((team: any) => team.members.map((m: any) => [m.id, m.status])));

describe('GET /api/shifts', () => {
  it('answers the week holding today (Monday to Sunday), three shifts a day with their SPEC time ranges, even when nothing is scheduled', async () => {
    const { company } = await crew();
    standAt('14:30'); // 2030-06-03 is a Monday
    const response = await invoke('GET', '/api/shifts', { cookies: [company.ceo.cookie] });
    expect(response.status).toBe(200);
    const days = ['2030-06-03', '2030-06-04', '2030-06-05', '2030-06-06', '2030-06-07', '2030-06-08', '2030-06-09'];
    expect(response.body).toMatchObject({ timezone: NY, today: DAY, week: { start: DAY, days, previous: '2030-05-27', next: '2030-06-10' } });
    expect(response.body.shifts).toHaveLength(21);
    expect(response.body.shifts.slice(0, 3).map((s: any) => [s.shift, s.date, s.start, s.end, s.inProgress, s.teams.length])).toEqual([
      ['morning', DAY, '08:00', '12:00', false, 0],
      ['afternoon', DAY, '13:00', '17:00', true, 0],
      ['night', DAY, '18:00', '22:00', false, 0],
    ]);
    // Day by day, morning to night; only today's afternoon is under way.
    expect(response.body.shifts.map((s: any) => `${s.date} ${s.shift}`)).toEqual(days.flatMap((day) => ['morning', 'afternoon', 'night'].map((shift) => `${day} ${shift}`)));
    expect(response.body.shifts.filter((s: any) => s.inProgress).map((s: any) => `${s.date} ${s.shift}`)).toEqual([`${DAY} afternoon`]);
  });

  it('answers the week holding ?week=, with each day\'s teams, and the past days\' shifts as ended', async () => {
    const { manager, ana, bruno } = await crew();
    standAt('09:00', '2030-06-05'); // a Wednesday
    expect((await assign(manager, 'night', [{ name: 'Thursday night', memberIds: [ana.user.id] }], '2030-06-06')).status).toBe(200);
    expect((await assign(manager, 'morning', [{ name: 'Next Monday', memberIds: [bruno.user.id] }], '2030-06-10')).status).toBe(200);

    const thisWeek = (await invoke('GET', '/api/shifts', { cookies: [ana.cookie] })).body;
    expect(thisWeek.week.start).toBe('2030-06-03');
    expect(thisWeek.today).toBe('2030-06-05');
    const thursday = thisWeek.shifts.find((s: any) => s.date === '2030-06-06' && s.shift === 'night');
    expect(thursday.teams.map((team: any) => [team.name, team.members.map((m: any) => m.id)])).toEqual([['Thursday night', [ana.user.id]]]);
    expect(thisWeek.shifts.find((s: any) => s.date === '2030-06-04' && s.shift === 'night').status).toBe('ended');
    expect(thisWeek.shifts.filter((s: any) => s.teams.length).length).toBe(1);

    // Any day of the next week names that week; its Monday carries its own team.
    for (const day of ['2030-06-10', '2030-06-13', '2030-06-16']) {
      const next = await invoke('GET', `/api/shifts?week=${day}`, { cookies: [ana.cookie] });
      expect(next.status).toBe(200);
      expect(next.body).toMatchObject({ today: '2030-06-05', week: { start: '2030-06-10', previous: '2030-06-03', next: '2030-06-17' } });
      expect(next.body.shifts.filter((s: any) => s.teams.length).map((s: any) => [s.date, s.shift, s.teams[0].name])).toEqual([['2030-06-10', 'morning', 'Next Monday']]);
      expect(next.body.shifts.every((s: any) => s.status === 'scheduled' && !s.inProgress)).toBe(true);
    }
    // Across a year and a daylight-saving change the week is still seven calendar days from Monday.
    const dst = await invoke('GET', '/api/shifts?week=2030-11-03', { cookies: [ana.cookie] });
    expect(dst.body.week.days).toEqual(['2030-10-28', '2030-10-29', '2030-10-30', '2030-10-31', '2030-11-01', '2030-11-02', '2030-11-03']);
    const newYear = await invoke('GET', '/api/shifts?week=2031-01-01', { cookies: [ana.cookie] });
    expect(newYear.body.week).toMatchObject({ start: '2030-12-30', next: '2031-01-06' });
  });

  it('refuses a week that is not a date (400 with the field), and another company\'s shifts never show', async () => {
    const { company, manager } = await crew();
    const other = await crew();
    standAt('09:00');
    expect((await assign(other.manager, 'morning', [{ name: 'Theirs', memberIds: [other.ana.user.id] }])).status).toBe(200);
    for (const week of ['2030-13-01', 'monday', '2030-06-03T00:00:00Z', "'; DROP", '9999-12-31', '2030-02-30']) {
      const response = await invoke('GET', `/api/shifts?week=${encodeURIComponent(week)}`, { cookies: [manager.cookie], headers: PT });
      expect(response.status).toBe(400);
      expect(Object.keys(response.body.errors ?? {})).toContain('week');
    }
    const mine = await invoke('GET', '/api/shifts', { cookies: [company.ceo.cookie] });
    expect(JSON.stringify(mine.body)).not.toContain('Theirs');
    expect(JSON.stringify(mine.body)).not.toContain(other.ana.user.id);
    expect((await invoke('GET', '/api/shifts')).status).toBe(401);
  });

  it('takes "today" from the company time zone, not from UTC', async () => {
    const { company, manager, ana } = await crew();
    standAt('21:30'); // 01:30 UTC on the next day
    expect((await assign(manager, 'night', [{ name: 'Night crew', memberIds: [ana.user.id] }])).status).toBe(200);
    const night = await todays(company.ceo, 'night');
    expect(night).toMatchObject({ date: DAY, inProgress: true });
    expect(night.teams[0].members.map((m: any) => m.id)).toEqual([ana.user.id]);
  });
});

describe('assigning a shift', () => {
  it('lets a manager schedule a team that every role then sees as a card with its members', async () => {
    const { manager, ana, bruno } = await crew();
    standAt('07:00');
    const response = await assign(manager, 'morning', [{ name: 'Equipe Limpeza', memberIds: [ana.user.id, bruno.user.id] }]);
    expect(response.status).toBe(200);
    const morning = await todays(ana, 'morning');
    expect(morning).toMatchObject({ status: 'scheduled', inProgress: false });
    expect(morning.teams).toEqual([
      expect.objectContaining({ name: 'Equipe Limpeza', start: '08:00', end: '12:00' }),
    ]);
    expect(morning.teams[0].members).toEqual([
      expect.objectContaining({ id: ana.user.id, firstName: 'Sam', status: 'scheduled', checkedInAt: null }),
      expect.objectContaining({ id: bruno.user.id, status: 'scheduled' }),
    ]);
  });

  it('refuses staff with 403 and writes nothing', async () => {
    const { ana } = await crew();
    standAt('07:00');
    expect((await assign(ana, 'morning', [{ name: 'Mine', memberIds: [ana.user.id] }])).status).toBe(403);
    expect(await getShift(ana.user.companyId, DAY, 'morning')).toBeUndefined();
  });

  it.each([
    ['an unknown shift', '/api/shifts/2030-06-03/evening', { teams: [] }, ['shift']],
    ['an invalid date', '/api/shifts/2030-13-40/morning', { teams: [] }, ['date']],
    ['a team without a name', '/api/shifts/2030-06-03/morning', { teams: [{ name: ' ', memberIds: ['x'] }] }, ['teams.0.name']],
    ['a team without members', '/api/shifts/2030-06-03/morning', { teams: [{ name: 'A', memberIds: [] }] }, ['teams.0.memberIds']],
    ['a body without teams', '/api/shifts/2030-06-03/morning', {}, ['teams']],
  ])('answers %s with 400 and field errors, writing nothing', async (_label, url, body, fields) => {
    const { manager } = await crew();
    standAt('07:00');
    const response = await invoke('PUT', url, { cookies: [manager.cookie], body });
    expect(response.status).toBe(400);
    expect(Object.keys(response.body.errors)).toEqual(fields);
    expect(await getShift(manager.user.companyId, DAY, 'morning')).toBeUndefined();
  });

  it('refuses a person in two teams of the same shift', async () => {
    const { manager, ana } = await crew();
    standAt('07:00');
    const response = await assign(manager, 'morning', [
      { name: 'A', memberIds: [ana.user.id] },
      { name: 'B', memberIds: [ana.user.id] },
    ]);
    expect(response.status).toBe(400);
    expect(response.body.errors).toEqual({ 'teams.1.memberIds.0': 'Uma pessoa só pode estar em uma equipe por turno' });
    expect(await getShift(manager.user.companyId, DAY, 'morning')).toBeUndefined();
  });

  it('refuses another company\'s people with 400 and writes nothing', async () => {
    const mine = await crew();
    const theirs = await crew();
    standAt('07:00');
    const response = await assign(mine.manager, 'morning', [{ name: 'A', memberIds: [mine.ana.user.id, theirs.ana.user.id] }]);
    expect(response.status).toBe(400);
    expect(response.body.errors).toEqual({ 'teams.0.memberIds.1': 'Esta pessoa não faz parte da sua empresa' });
    expect(await getShift(mine.company.companyId, DAY, 'morning')).toBeUndefined();
  });

  it('refuses a past day with 400 and a shift whose window has ended with 409', async () => {
    const { manager, ana } = await crew();
    standAt('12:00');
    const past = await assign(manager, 'morning', [{ name: 'A', memberIds: [ana.user.id] }], '2030-06-02');
    expect(past.status).toBe(400);
    expect(past.body.errors).toEqual({ date: 'Só é possível escalar turnos a partir de hoje' });
    const over = await assign(manager, 'morning', [{ name: 'A', memberIds: [ana.user.id] }]);
    expect(over.status).toBe(409);
    expect(await getShift(manager.user.companyId, DAY, 'morning')).toBeUndefined();
    // Tomorrow's shifts can be planned.
    expect((await assign(manager, 'morning', [{ name: 'A', memberIds: [ana.user.id] }], '2030-06-04')).status).toBe(200);
  });
});

describe('starting and ending a shift', () => {
  it('starts only while the shift is in progress (7:59 no, 8:00 yes)', async () => {
    const { manager, ana } = await crew();
    standAt('07:00');
    await assign(manager, 'morning', [{ name: 'A', memberIds: [ana.user.id] }]);
    standAt('07:59');
    const early = await invoke('POST', `/api/shifts/${DAY}/morning/start`, { cookies: [manager.cookie], headers: PT, body: {} });
    expect(early.status).toBe(409);
    expect(early.body.message).toBe('Um turno só pode ser iniciado durante o seu horário (08:00-12:00)');
    expect((await getShift(manager.user.companyId, DAY, 'morning'))?.startedAt).toBeUndefined();
    standAt('08:00');
    const onTime = await invoke('POST', `/api/shifts/${DAY}/morning/start`, { cookies: [ana.cookie], body: {} });
    expect(onTime.status).toBe(200);
    expect(onTime.body).toMatchObject({ status: 'in_progress', inProgress: true });
  });

  it('refuses to start once the window has ended (12:00)', async () => {
    const { manager, ana } = await crew();
    standAt('11:00');
    await assign(manager, 'morning', [{ name: 'A', memberIds: [ana.user.id] }]);
    standAt('12:00');
    const late = await invoke('POST', `/api/shifts/${DAY}/morning/start`, { cookies: [ana.cookie], body: {} });
    expect(late.status).toBe(409);
  });

  it('marks members present up to 15 minutes after the start, late after that, absent when they never start', async () => {
    const { manager, ana, bruno, carla } = await crew();
    standAt('12:30');
    await assign(manager, 'afternoon', [
      { name: 'Limpeza', memberIds: [ana.user.id, bruno.user.id] },
      { name: 'Manutenção', memberIds: [carla.user.id] },
    ]);
    standAt('13:15:00');
    expect((await invoke('POST', `/api/shifts/${DAY}/afternoon/start`, { cookies: [ana.cookie], body: {} })).status).toBe(200);
    standAt('13:15:01');
    expect((await invoke('POST', `/api/shifts/${DAY}/afternoon/start`, { cookies: [bruno.cookie], body: {} })).status).toBe(200);
    standAt('15:00');
    const during = await todays(manager, 'afternoon');
    expect(statuses(during)).toEqual({ [ana.user.id]: 'present', [bruno.user.id]: 'late', [carla.user.id]: 'scheduled' });
    standAt('17:00');
    const after = await todays(manager, 'afternoon');
    expect(after.status).toBe('ended');
    expect(statuses(after)).toEqual({ [ana.user.id]: 'present', [bruno.user.id]: 'late', [carla.user.id]: 'absent' });
  });

  it('follows the company\'s own tolerance for late starts (team settings), on views already shown too', async () => {
    const { company, manager, ana, bruno } = await crew();
    standAt('12:30');
    await assign(manager, 'afternoon', [{ name: 'Limpeza', memberIds: [ana.user.id, bruno.user.id] }]);
    standAt('13:20');
    await invoke('POST', `/api/shifts/${DAY}/afternoon/start`, { cookies: [ana.cookie], body: {} });
    standAt('13:40');
    await invoke('POST', `/api/shifts/${DAY}/afternoon/start`, { cookies: [bruno.cookie], body: {} });
    expect(statuses(await todays(manager, 'afternoon'))).toEqual({ [ana.user.id]: 'late', [bruno.user.id]: 'late' });

    const saved = await invoke('PUT', `/api/companies/${company.companyId}/settings`, { cookies: [manager.cookie], body: { shiftLateAfterMinutes: 30 } });
    expect(saved.status).toBe(200);
    expect(saved.body.shiftLateAfterMinutes).toBe(30);
    const view = await todays(manager, 'afternoon');
    expect(view.lateAfterMinutes).toBe(30);
    expect(statuses(view)).toEqual({ [ana.user.id]: 'present', [bruno.user.id]: 'late' });
  });

  it('refuses a tolerance that is not whole minutes from 0 to 120, in the caller\'s language, and keeps the old one', async () => {
    const { company } = await crew();
    for (const value of [-1, 121, 10.5, '15']) {
      const response = await invoke('PUT', `/api/companies/${company.companyId}/settings`, { cookies: [company.ceo.cookie], headers: PT, body: { shiftLateAfterMinutes: value } });
      expect(response.status).toBe(400);
      expect(response.body.errors).toEqual({ shiftLateAfterMinutes: 'Informe minutos inteiros de 0 a 120' });
    }
    const settings = await invoke('GET', `/api/companies/${company.companyId}/settings`, { cookies: [company.ceo.cookie] });
    expect(settings.body.shiftLateAfterMinutes).toBe(15);
  });

  it('lets a manager start the shift for the members who are there, and close it for everyone', async () => {
    const { manager, ana, bruno } = await crew();
    standAt('18:00');
    await assign(manager, 'night', [{ name: 'Noite', memberIds: [ana.user.id, bruno.user.id] }]);
    standAt('18:05');
    const started = await invoke('POST', `/api/shifts/${DAY}/night/start`, { cookies: [manager.cookie], body: { memberIds: [ana.user.id] } });
    expect(started.status).toBe(200);
    expect(statuses(started.body)).toEqual({ [ana.user.id]: 'present', [bruno.user.id]: 'scheduled' });
    standAt('20:00');
    const ended = await invoke('POST', `/api/shifts/${DAY}/night/end`, { cookies: [manager.cookie] });
    expect(ended.status).toBe(200);
    expect(ended.body.status).toBe('ended');
    expect(statuses(ended.body)).toEqual({ [ana.user.id]: 'present', [bruno.user.id]: 'absent' });
    // A closed shift can no longer be started or changed.
    expect((await invoke('POST', `/api/shifts/${DAY}/night/start`, { cookies: [bruno.cookie], body: {} })).status).toBe(409);
    expect((await assign(manager, 'night', [{ name: 'Noite', memberIds: [bruno.user.id] }])).status).toBe(409);
    expect((await getShift(manager.user.companyId, DAY, 'night'))?.teams[0].memberIds).toEqual([ana.user.id, bruno.user.id]);
  });

  it('starts every scheduled member when a manager names nobody', async () => {
    const { manager, ana, bruno } = await crew();
    standAt('08:30');
    await assign(manager, 'morning', [{ name: 'A', memberIds: [ana.user.id, bruno.user.id] }]);
    const started = await invoke('POST', `/api/shifts/${DAY}/morning/start`, { cookies: [manager.cookie], body: {} });
    expect(statuses(started.body)).toEqual({ [ana.user.id]: 'late', [bruno.user.id]: 'late' });
  });

  it('refuses a manager naming someone who is not scheduled, and writes nothing', async () => {
    const { manager, ana, carla } = await crew();
    standAt('08:00');
    await assign(manager, 'morning', [{ name: 'A', memberIds: [ana.user.id] }]);
    const response = await invoke('POST', `/api/shifts/${DAY}/morning/start`, { cookies: [manager.cookie], body: { memberIds: [carla.user.id] } });
    expect(response.status).toBe(400);
    expect((await getShift(manager.user.companyId, DAY, 'morning'))?.startedAt).toBeUndefined();
  });

  it('lets staff start only for themselves and only when scheduled', async () => {
    const { manager, ana, carla } = await crew();
    standAt('08:00');
    await assign(manager, 'morning', [{ name: 'A', memberIds: [ana.user.id] }]);
    expect((await invoke('POST', `/api/shifts/${DAY}/morning/start`, { cookies: [carla.cookie], body: {} })).status).toBe(403);
    expect((await invoke('POST', `/api/shifts/${DAY}/morning/start`, { cookies: [ana.cookie], body: { memberIds: [manager.user.id] } })).status).toBe(403);
    expect((await getShift(manager.user.companyId, DAY, 'morning'))?.attendance).toEqual({});
  });

  it('lets a member check out with Encerrar Turno without closing the shift for the others', async () => {
    const { manager, ana, bruno } = await crew();
    standAt('13:00');
    await assign(manager, 'afternoon', [{ name: 'A', memberIds: [ana.user.id, bruno.user.id] }]);
    expect((await invoke('POST', `/api/shifts/${DAY}/afternoon/end`, { cookies: [ana.cookie] })).status).toBe(409); // not started yet
    await invoke('POST', `/api/shifts/${DAY}/afternoon/start`, { cookies: [ana.cookie], body: {} });
    standAt('16:00');
    const out = await invoke('POST', `/api/shifts/${DAY}/afternoon/end`, { cookies: [ana.cookie] });
    expect(out.status).toBe(200);
    expect(out.body.status).toBe('in_progress');
    const anaView = out.body.teams[0].members.find((m: any) => m.id === ana.user.id);
    expect(anaView).toMatchObject({ status: 'present', checkedOutAt: zonedInstant(DAY, 16, 0, NY).toISOString() });
  });

  it('refuses a manager closing a shift that was never started', async () => {
    const { manager, ana } = await crew();
    standAt('09:00');
    await assign(manager, 'morning', [{ name: 'A', memberIds: [ana.user.id] }]);
    expect((await invoke('POST', `/api/shifts/${DAY}/morning/end`, { cookies: [manager.cookie] })).status).toBe(409);
    expect((await getShift(manager.user.companyId, DAY, 'morning'))?.endedAt).toBeUndefined();
  });

  it('answers 404 for a shift scheduled only in another company, and changes nothing there', async () => {
    const mine = await crew();
    const theirs = await crew();
    standAt('09:00');
    await assign(theirs.manager, 'morning', [{ name: 'A', memberIds: [theirs.ana.user.id] }]);
    expect((await invoke('POST', `/api/shifts/${DAY}/morning/start`, { cookies: [mine.manager.cookie], body: {} })).status).toBe(404);
    expect((await invoke('POST', `/api/shifts/${DAY}/morning/end`, { cookies: [mine.manager.cookie] })).status).toBe(404);
    expect((await todays(mine.manager, 'morning')).teams).toEqual([]);
    expect((await getShift(theirs.company.companyId, DAY, 'morning'))?.startedAt).toBeUndefined();
  });

  it('answers 400 for an unknown shift on start', async () => {
    const { manager } = await crew();
    standAt('09:00');
    const response = await invoke('POST', `/api/shifts/${DAY}/brunch/start`, { cookies: [manager.cookie], body: {} });
    expect(response.status).toBe(400);
    expect(Object.keys(response.body.errors)).toEqual(['shift']);
  });
});
