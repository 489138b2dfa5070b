// The portfolio calendar through the route table and the local stand-ins (issue 40 point 1):
// GET /api/calendar/portfolio's window (edges included), stays, blocks and owner stays, double
// bookings, tasks with assignee / unassigned / at risk, same-day turnovers, pages of properties,
// who may read it, tenancy, and words for a bad query; POST /api/calendar/blocks' rules.
import { invoke } from '../../local/invoke';
import { createTestCompany, type Member, type TestCompany } from '../../tests/support/fixtures';
import { addDays } from '../../shared/days';
import { zonedInstant } from '../../shared/rules';
import type { Portfolio, PortfolioProperty } from '#shared/schemas';
import { cancelReservation, companyContext, createReservation as createStay } from './service';
import { cityOf } from './portfolio';

const NY = 'America/New_York';

async function propertyOf(company: TestCompany, name: string, address = '1 Ocean Drive, Miami'): Promise<string> {
  const response = await invoke('POST', '/api/properties', { cookies: [company.ceo.cookie], body: { name, address } });
  expect(response.status).toBe(201);
  return response.body.id;
}

async function stayOf(member: Member, body: Record<string, unknown>) {
  const response = await invoke('POST', '/api/reservations', { cookies: [member.cookie], body: { integrationSource: 'airbnb', ...body } });
  expect(response.status).toBe(201);
  return response.body as { id: string; turnoverTaskId: string | null };
}

async function portfolio(member: Member, query: string, language = 'en'): Promise<Portfolio> {
  const response = await invoke('GET', `/api/calendar/portfolio${query}`, { cookies: [member.cookie], headers: { 'accept-language': language } });
  expect(response.status).toBe(200);
  return response.body;
}

const rowOf = (view: Portfolio, id: string): PortfolioProperty => {
  const row = view.properties.find((property) => property.id === id);
  if (!row) throw new Error(`No row for ${id}`);
  return row;
};

describe('GET /api/calendar/portfolio', () => {
  let company: TestCompany;
  let manager: Member;
  let staff: Member;
  let casa: string;
  let flat: string;
  let empty: string;
  /** The first day of the window: 20 days from today (company calendar), so every stay is in the future. */
  let from: string;
  const d = (i: number) => addDays(from, i);
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    company = await createTestCompany();
    [manager, staff] = await Promise.all([company.add('operational_manager'), company.add('staff')]);
    casa = await propertyOf(company, 'Casa Azul', 'Rua Augusta 10, 1100-053 Lisboa, Portugal');
    flat = await propertyOf(company, 'Flat Verde', 'Calle Mayor 3, 28013 Madrid');
    empty = await propertyOf(company, 'Empty Loft', 'Somewhere');
    const owner = await invoke('PUT', `/api/properties/${casa}/owner`, { cookies: [manager.cookie], body: { name: 'Olga Owner', email: 'olga@example.com', language: 'en' } });
    expect(owner.status).toBe(200);
    from = addDays((await portfolio(manager, '')).today, 20);

    // Edges: one stay checks out on the first day (its morning shows), one checks in on the last
    // day, one checks in the day after the window (not shown), one ended the day before (not shown).
    ids.before = (await stayOf(manager, { propertyId: casa, guestName: 'Gone Before', checkinDate: d(-5), checkoutDate: d(-1) })).id;
    ids.edgeOut = (await stayOf(manager, { propertyId: casa, guestName: 'Leaves First Day', checkinDate: d(-1), checkoutDate: d(0) })).id;
    const middle = await stayOf(manager, { propertyId: casa, guestName: 'Ana Guest', checkinDate: d(0), checkoutDate: d(3) });
    ids.middle = middle.id;
    ids.middleTurnover = middle.turnoverTaskId!;
    // Same-day turnover: Ana leaves on d(3), Bruno arrives on d(3).
    ids.next = (await stayOf(manager, { propertyId: casa, guestName: 'Bruno Next', checkinDate: d(3), checkoutDate: d(6), integrationSource: 'booking' })).id;
    ids.lastDay = (await stayOf(manager, { propertyId: casa, guestName: 'Last Day', checkinDate: d(13), checkoutDate: d(14) })).id;
    ids.after = (await stayOf(manager, { propertyId: casa, guestName: 'After Window', checkinDate: d(14), checkoutDate: d(15) })).id;

    const ctx = await companyContext(company.companyId);
    const actor = { actor: { userId: company.ceo.user.id } };
    await createStay(ctx, { propertyId: casa, guestName: 'Owner stay', checkinDate: d(8), checkoutDate: d(10), kind: 'block' }, actor);
    await createStay(ctx, { propertyId: casa, guestName: 'Not available', checkinDate: d(10), checkoutDate: d(12), kind: 'block', integrationSource: 'airbnb' }, actor);
    // A double booking at the flat: a feed's booking imported over nights a direct booking holds.
    const held = await stayOf(manager, { propertyId: flat, guestName: 'Direct Dora', checkinDate: d(2), checkoutDate: d(5), integrationSource: 'direct' });
    ids.held = held.id;
    const imported = await createStay(ctx, { propertyId: flat, guestName: 'Vrbo Victor', checkinDate: d(3), checkoutDate: d(6), integrationSource: 'vrbo', conflictWith: [held.id] }, { ...actor, mode: 'feed' });
    ids.imported = imported.reservation.id;
    // A cancelled stay is not shown.
    const cancelled = await stayOf(manager, { propertyId: flat, guestName: 'Cancelled Carl', checkinDate: d(8), checkoutDate: d(9) });
    await cancelReservation(ctx, cancelled.id, 'Plans changed', { actor: { userId: manager.user.id } });

    // Tasks: one assigned to staff, one overdue (yesterday, open), one that would run into Bruno's check-in.
    const task = async (fields: Record<string, unknown>) => {
      const response = await invoke('POST', '/api/tasks', { cookies: [manager.cookie], body: { type: 'cleaning', title: 'Task', status: 'pending', assignedUserId: null, ...fields } });
      expect(response.status).toBe(201);
      return response.body.id as string;
    };
    ids.assigned = await task({ title: 'Deep clean', propertyId: flat, assignedUserId: staff.user.id, dueDate: zonedInstant(d(7), 10, 0, NY).toISOString() });
    ids.tight = await task({ title: 'Tight clean', propertyId: casa, dueDate: zonedInstant(d(3), 14, 0, NY).toISOString() });
    ids.outside = await task({ title: 'Outside', propertyId: flat, dueDate: zonedInstant(d(14), 9, 0, NY).toISOString() });
    ids.cancelledTask = await task({ title: 'Cancelled task', propertyId: flat, status: 'cancelled', dueDate: zonedInstant(d(4), 9, 0, NY).toISOString() });
  });

  it('answers every property with its stays, blocks, owner stays and tasks overlapping the window', async () => {
    const view = await portfolio(manager, `?from=${from}&days=14`);
    expect(view).toMatchObject({ from, to: d(14), days: 14, timeZone: NY, nextCursor: null });
    expect(view.properties.map((p) => p.name)).toEqual(expect.arrayContaining(['Casa Azul', 'Flat Verde', 'Empty Loft']));

    const row = rowOf(view, casa);
    expect(row).toMatchObject({ name: 'Casa Azul', city: 'Lisboa', ownerName: 'Olga Owner' });
    const stayIds = row.stays.map((stay) => stay.id);
    expect(stayIds).toEqual(expect.arrayContaining([ids.edgeOut, ids.middle, ids.next, ids.lastDay]));
    expect(stayIds).not.toContain(ids.before);
    expect(stayIds).not.toContain(ids.after);
    expect(row.stays.find((stay) => stay.id === ids.middle)).toEqual({
      id: ids.middle, kind: 'guest', guestName: 'Ana Guest', channel: 'airbnb', checkinDay: d(0), checkoutDay: d(3), conflict: false, tentative: false, guestLeftAt: null,
    });
    expect(row.stays.find((stay) => stay.id === ids.next)).toMatchObject({ channel: 'booking', kind: 'guest' });
    const kinds = Object.fromEntries(row.stays.map((stay) => [stay.guestName, stay.kind]));
    expect(kinds).toMatchObject({ 'Owner stay': 'owner', 'Not available': 'block' });
    // Leaves First Day goes the morning Ana arrives (the first day), Ana the morning Bruno does.
    expect(row.sameDayTurnovers).toEqual([d(0), d(3)]);

    const flatRow = rowOf(view, flat);
    expect(flatRow.city).toBe('Madrid');
    expect(flatRow.ownerName).toBeNull();
    expect(flatRow.stays.map((stay) => stay.guestName)).not.toContain('Cancelled Carl');
    expect(rowOf(view, empty)).toMatchObject({ city: null, stays: [], tasks: [], sameDayTurnovers: [] });
  });

  it('flags both stays of a double booking and neither of two back-to-back stays', async () => {
    const view = await portfolio(company.ceo, `?from=${from}`);
    const flatRow = rowOf(view, flat);
    expect(flatRow.stays.find((stay) => stay.id === ids.held)?.conflict).toBe(true);
    expect(flatRow.stays.find((stay) => stay.id === ids.imported)?.conflict).toBe(true);
    expect(rowOf(view, casa).stays.every((stay) => !stay.conflict)).toBe(true);
  });

  it('puts tasks on their local day with the assignee, unassigned, at risk and same-day marks', async () => {
    const view = await portfolio(manager, `?from=${from}&days=14`);
    const flatTasks = rowOf(view, flat).tasks;
    expect(flatTasks.find((task) => task.id === ids.assigned)).toMatchObject({ day: d(7), assigneeId: staff.user.id, assigneeName: 'Sam Staff', unassigned: false, atRisk: false, status: 'pending' });
    expect(flatTasks.map((task) => task.id)).not.toContain(ids.outside);
    expect(flatTasks.map((task) => task.id)).not.toContain(ids.cancelledTask);
    const casaTasks = rowOf(view, casa).tasks;
    // 14:00 cleaning planned for two hours, Bruno checks in at 15:00 (the company's hour): at risk.
    expect(casaTasks.find((task) => task.id === ids.tight)).toMatchObject({ day: d(3), unassigned: true, assigneeName: null, atRisk: true, sameDay: true });
    // Ana's automatic turnover (check-out 11:00 on d(3), Bruno in at 15:00).
    expect(casaTasks.find((task) => task.id === ids.middleTurnover)).toMatchObject({ day: d(3), reservationId: ids.middle, sameDay: true, unassigned: true });
  });

  it('moves the window with from and days, and a long window reads across months', async () => {
    const later = await portfolio(manager, `?from=${d(7)}&days=30`);
    expect(later).toMatchObject({ from: d(7), to: d(37), days: 30 });
    const stayIds = rowOf(later, casa).stays.map((stay) => stay.id);
    expect(stayIds).not.toContain(ids.middle);
    expect(stayIds).toEqual(expect.arrayContaining([ids.lastDay, ids.after]));
    const long = await portfolio(manager, `?from=${d(-40)}&days=90`);
    expect(rowOf(long, casa).stays.map((stay) => stay.id)).toEqual(expect.arrayContaining([ids.before, ids.middle, ids.after]));
  });

  it('pages by property with a cursor', async () => {
    const first = await portfolio(manager, `?from=${from}&limit=2`);
    expect(first.properties).toHaveLength(2);
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = await portfolio(manager, `?from=${from}&limit=2&cursor=${encodeURIComponent(first.nextCursor!)}`);
    expect(second.properties.map((p) => p.id)).toEqual([empty]);
    expect(second.nextCursor).toBeNull();
    // A full last page says it is the last: no request for an empty one.
    const whole = await portfolio(manager, `?from=${from}&limit=3`);
    expect(whole.properties).toHaveLength(3);
    expect(whole.nextCursor).toBeNull();
  });

  it("shows a manager scoped to a property group only the group's properties", async () => {
    const scoped = await company.add('operational_manager');
    const group = await invoke('POST', '/api/property-groups', { cookies: [company.ceo.cookie], body: { name: 'Lisbon', propertyIds: [casa] } });
    expect(group.status).toBe(201);
    const access = await invoke('PUT', `/api/team/${scoped.user.id}/access`, { cookies: [company.ceo.cookie], body: { propertyGroupIds: [group.body.id] } });
    expect(access.status).toBe(200);
    const view = await portfolio(scoped, `?from=${from}&days=30`);
    expect(view.properties.map((p) => p.id)).toEqual([casa]);
    expect(JSON.stringify(view)).not.toContain('Direct Dora');
  });

  it('is for the CEO and managers: staff get 403, no session 401', async () => {
    expect((await invoke('GET', `/api/calendar/portfolio?from=${from}`, { cookies: [staff.cookie] })).status).toBe(403);
    expect((await invoke('GET', `/api/calendar/portfolio?from=${from}`)).status).toBe(401);
  });

  it("never shows another company's properties or stays", async () => {
    const other = await createTestCompany();
    const theirs = await propertyOf(other, 'Their Villa');
    await stayOf(other.ceo, { propertyId: theirs, guestName: 'Their Guest', checkinDate: d(1), checkoutDate: d(2) });
    const view = await portfolio(manager, `?from=${from}&days=90&limit=300`);
    expect(view.properties.map((p) => p.id)).not.toContain(theirs);
    expect(JSON.stringify(view)).not.toContain('Their Guest');
    const mine = await portfolio(other.ceo, `?from=${from}`);
    expect(mine.properties.map((p) => p.id)).toEqual([theirs]);
    // Their cursor does not open our pages.
    const page = await portfolio(manager, `?from=${from}&limit=1`);
    const crossed = await invoke('GET', `/api/calendar/portfolio?from=${from}&limit=1&cursor=${encodeURIComponent(page.nextCursor!)}`, { cookies: [other.ceo.cookie] });
    expect(crossed.status).toBe(400);
  });

  it.each([
    ['from=2026-13-40', 'from', 'The first day must be a date like 2026-05-31 (YYYY-MM-DD) between the years 2000 and 2099'],
    ['from=yesterday', 'from', 'The first day must be a date like 2026-05-31 (YYYY-MM-DD) between the years 2000 and 2099'],
    ['from=1999-12-31', 'from', 'Choose a date between the years 2000 and 2099'],
    ['days=7', 'days', 'Show 14, 30, 60 or 90 days'],
    ['days=abc', 'days', 'Show 14, 30, 60 or 90 days'],
    ['days=-14', 'days', 'Show 14, 30, 60 or 90 days'],
    ['limit=301', 'limit', 'Ask for 1 to 300 properties per page'],
    ['limit=0', 'limit', 'Ask for 1 to 300 properties per page'],
  ])('answers 400 in words for %s', async (query, field, words) => {
    const response = await invoke('GET', `/api/calendar/portfolio?${query}`, { cookies: [manager.cookie], headers: { 'accept-language': 'en' } });
    expect(response.status).toBe(400);
    expect(response.body.errors[field]).toBe(words);
  });

  it('answers a bad query in Portuguese and Spanish too', async () => {
    const pt = await invoke('GET', '/api/calendar/portfolio?days=15', { cookies: [manager.cookie], headers: { 'accept-language': 'pt-BR' } });
    expect(pt.body.errors.days).toBe('Mostre 14, 30, 60 ou 90 dias');
    const es = await invoke('GET', '/api/calendar/portfolio?days=15', { cookies: [manager.cookie], headers: { 'accept-language': 'es' } });
    expect(es.body.errors.days).toBe('Muestra 14, 30, 60 o 90 días');
  });

  it('refuses a garbled cursor with 400', async () => {
    const response = await invoke('GET', '/api/calendar/portfolio?cursor=not-a-cursor', { cookies: [manager.cookie] });
    expect(response.status).toBe(400);
  });
});

describe('POST /api/calendar/blocks', () => {
  let company: TestCompany;
  let house: string;
  let from: string;
  const d = (i: number) => addDays(from, i);

  beforeAll(async () => {
    company = await createTestCompany();
    house = await propertyOf(company, 'Block House');
    from = addDays((await portfolio(company.ceo, '')).today, 30);
    await stayOf(company.ceo, { propertyId: house, guestName: 'Gina Guest', checkinDate: d(5), checkoutDate: d(8) });
  });

  it('adds a block and an owner stay on free nights, shown as such on the calendar', async () => {
    const block = await invoke('POST', '/api/calendar/blocks', { cookies: [company.ceo.cookie], headers: { 'accept-language': 'pt' }, body: { propertyId: house, checkinDate: d(0), checkoutDate: d(2) } });
    expect(block.status).toBe(201);
    expect(block.body).toMatchObject({ kind: 'block', guestName: 'Bloqueado', checkinDay: d(0), checkoutDay: d(2), turnoverTaskId: null });
    const owner = await invoke('POST', '/api/calendar/blocks', { cookies: [company.ceo.cookie], body: { propertyId: house, kind: 'owner', checkinDate: d(2), checkoutDate: d(5) } });
    expect(owner.status).toBe(201);
    const row = rowOf(await portfolio(company.ceo, `?from=${from}`), house);
    expect(row.stays.map((stay) => [stay.checkinDay, stay.kind])).toEqual([[d(0), 'block'], [d(2), 'owner'], [d(5), 'guest']]);
  });

  it("refuses nights a guest's booking holds, naming the stay, and writes nothing", async () => {
    const response = await invoke('POST', '/api/calendar/blocks', { cookies: [company.ceo.cookie], headers: { 'accept-language': 'en' }, body: { propertyId: house, checkinDate: d(7), checkoutDate: d(10) } });
    expect(response.status).toBe(409);
    expect(response.body.message).toContain('Gina Guest');
    const row = rowOf(await portfolio(company.ceo, `?from=${from}`), house);
    expect(row.stays.filter((stay) => stay.checkinDay === d(7))).toEqual([]);
  });

  it('refuses reversed dates, a bad kind, staff and another company\'s property', async () => {
    const reversed = await invoke('POST', '/api/calendar/blocks', { cookies: [company.ceo.cookie], headers: { 'accept-language': 'en' }, body: { propertyId: house, checkinDate: d(12), checkoutDate: d(11) } });
    expect(reversed.status).toBe(400);
    expect(reversed.body.errors.checkoutDate).toEqual(expect.any(String));
    const kind = await invoke('POST', '/api/calendar/blocks', { cookies: [company.ceo.cookie], body: { propertyId: house, kind: 'party', checkinDate: d(12), checkoutDate: d(13) } });
    expect(kind.status).toBe(400);
    const staff = await company.add('staff');
    expect((await invoke('POST', '/api/calendar/blocks', { cookies: [staff.cookie], body: { propertyId: house, checkinDate: d(12), checkoutDate: d(13) } })).status).toBe(403);
    const other = await createTestCompany();
    expect((await invoke('POST', '/api/calendar/blocks', { cookies: [other.ceo.cookie], body: { propertyId: house, checkinDate: d(12), checkoutDate: d(13) } })).status).toBe(404);
  });
});

describe('cityOf', () => {
  it.each([
    ['Rua Augusta 10, 1100-053 Lisboa, Portugal', 'Lisboa'],
    ['Calle Mayor 3, 28013 Madrid', 'Madrid'],
    ['350 5th Ave, New York, NY 10118', 'New York'],
    ['Somewhere', null],
    ['', null],
    ['12, 34', null],
  ])('%s -> %s', (address, city) => {
    expect(cityOf(address)).toBe(city);
  });
});
