// Owners and their portal (issue 41 point 3; docs/owners.md) through the route table against the
// local stand-ins: inviting an owner with their properties (in words when wrong; no seat taken),
// changing their properties, the portal's reads held to their own properties (another property's
// ids 404, of this company or another), guests' names only when the company allows it, statements
// and their PDF, work done and problems, and owner stays from the request to the block.
import { invoke } from '../local/invoke';
import { addDays, localDay } from '#shared/days';
import { getUser, findUserByEmail } from '#functions/data/repositories/users';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '#functions/data/client';
import { keys } from '#functions/data/keys';
import { createTestCompany, signIn, uniqueEmail, type Member, type TestCompany } from './support/fixtures';
import { emailsTo } from './support/notifications';

const EN = { 'accept-language': 'en' };
const today = () => localDay(new Date(), 'America/New_York');

let company: TestCompany;
let manager: Member;
let staff: Member;
let owner: Member;
let casa: string;
let flat: string;
let other: TestCompany;
let foreign: string;

const as = (member: Member, extra: Record<string, unknown> = {}) => ({ cookies: [member.cookie], headers: EN, ...extra });
const ceo = (extra: Record<string, unknown> = {}) => as(company.ceo, extra);

async function propertyOf(c: TestCompany, name: string): Promise<string> {
  const created = await invoke('POST', '/api/properties', { cookies: [c.ceo.cookie], body: { name, address: `${name} street 1` } });
  expect(created.status).toBe(201);
  return created.body.id;
}

async function usersUsed(): Promise<number> {
  const usage = await invoke('GET', '/api/usage', ceo());
  expect(usage.status).toBe(200);
  return usage.body.users.used;
}

async function inviteOwner(propertyIds: string[]): Promise<Member> {
  const email = uniqueEmail('owner');
  const invited = await invoke('POST', '/api/team/invites', ceo({ body: { email, firstName: 'Olga', lastName: 'Owner', role: 'owner', propertyIds } }));
  expect(invited.status).toBe(201);
  expect(invited.body).toMatchObject({ role: 'owner', propertyIds });
  // The invitation accepted: the owner signs in like anyone.
  const user = (await findUserByEmail(email))!;
  return { user, cookie: await signIn(user) };
}

beforeAll(async () => {
  company = await createTestCompany();
  [manager, staff] = await Promise.all([company.add('operational_manager'), company.add('staff')]);
  casa = await propertyOf(company, 'Casa Azul');
  flat = await propertyOf(company, 'Flat Verde');
  other = await createTestCompany();
  foreign = await propertyOf(other, 'Elsewhere');
  const before = await usersUsed();
  owner = await inviteOwner([casa]);
  // Owners take no seat of the plan's user limit.
  expect(await usersUsed()).toBe(before);
});

describe('inviting an owner', () => {
  it('needs their properties, in words; refuses unknown and other companies\' ids by name, and properties for other roles', async () => {
    const body = { email: uniqueEmail('owner'), firstName: 'Otto', lastName: 'Owner', role: 'owner' };
    const none = await invoke('POST', '/api/team/invites', ceo({ body }));
    expect(none.status).toBe(400);
    expect(none.body.message).toBe('Choose at least one property this owner owns');
    const empty = await invoke('POST', '/api/team/invites', ceo({ body: { ...body, propertyIds: [] } }));
    expect(empty.status).toBe(400);
    expect(empty.body.errors.propertyIds).toBe('Choose at least one property this owner owns');
    const stolen = await invoke('POST', '/api/team/invites', ceo({ body: { ...body, propertyIds: [casa, foreign, 'NOPE1'] } }));
    expect(stolen.status).toBe(400);
    expect(stolen.body.message).toContain(foreign);
    expect(stolen.body.message).toContain('NOPE1');
    expect(stolen.body.message).not.toContain(casa);
    const hostile = await invoke('POST', '/api/team/invites', ceo({ body: { ...body, propertyIds: ['../../x', { $ne: 1 }] } }));
    expect(hostile.status).toBe(400);
    const staffWithProperties = await invoke('POST', '/api/team/invites', ceo({ body: { ...body, role: 'staff', propertyIds: [casa] } }));
    expect(staffWithProperties.status).toBe(400);
    expect(staffWithProperties.body.message).toBe('Properties are chosen only when inviting an owner');
    // Nothing was invited by any of those.
    expect(await findUserByEmail(body.email)).toBeUndefined();
    // Only the CEO invites.
    expect((await invoke('POST', '/api/team/invites', as(manager, { body: { ...body, propertyIds: [casa] } }))).status).toBe(403);
  });

  it('lists the owner with their properties; their role cannot change, nor become groups; the office changes their properties', async () => {
    const team = (await invoke('GET', '/api/team', ceo())).body as Array<{ id: string; role: string; propertyIds?: string[]; propertyGroupIds: string[] }>;
    expect(team.find((member) => member.id === owner.user.id)).toMatchObject({ role: 'owner', propertyIds: [casa], propertyGroupIds: [] });
    expect(team.find((member) => member.id === staff.user.id)?.propertyIds).toBeUndefined();

    const toStaff = await invoke('PUT', `/api/team/${owner.user.id}/role`, ceo({ body: { role: 'staff' } }));
    expect(toStaff.status).toBe(400);
    expect(toStaff.body.message).toMatch(/owner cannot become a team member/);
    expect((await invoke('PUT', `/api/team/${staff.user.id}/role`, ceo({ body: { role: 'owner' } }))).status).toBe(400);
    expect((await getUser(company.companyId, owner.user.id))?.role).toBe('owner');
    expect((await invoke('PUT', `/api/team/${owner.user.id}/access`, ceo({ body: { propertyGroupIds: [] } }))).status).toBe(400);

    const changed = await invoke('PUT', `/api/team/${owner.user.id}/owner-properties`, as(manager, { body: { propertyIds: [casa, flat, casa] } }));
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ id: owner.user.id, propertyIds: [casa, flat] });
    // Takes effect on the owner's next request.
    const seen = (await invoke('GET', '/api/owner/overview', as(owner))).body.properties.map((p: { id: string }) => p.id);
    expect(seen.sort()).toEqual([casa, flat].sort());

    expect((await invoke('PUT', `/api/team/${owner.user.id}/owner-properties`, as(manager, { body: { propertyIds: [foreign] } }))).status).toBe(400);
    expect((await invoke('PUT', `/api/team/${owner.user.id}/owner-properties`, as(manager, { body: { propertyIds: [] } }))).status).toBe(400);
    expect((await invoke('PUT', `/api/team/${staff.user.id}/owner-properties`, ceo({ body: { propertyIds: [casa] } }))).body.message).toBe('This person is not an owner');
    expect((await invoke('PUT', `/api/team/${owner.user.id}/owner-properties`, as(staff, { body: { propertyIds: [flat] } }))).status).toBe(403);
    expect((await invoke('PUT', `/api/team/${owner.user.id}/owner-properties`, as(owner, { body: { propertyIds: [flat] } }))).status).toBe(403);
    expect((await invoke('PUT', `/api/team/nobody-here/owner-properties`, ceo({ body: { propertyIds: [casa] } }))).status).toBe(404);

    const back = await invoke('PUT', `/api/team/${owner.user.id}/owner-properties`, ceo({ body: { propertyIds: [casa] } }));
    expect(back.body.propertyIds).toEqual([casa]);
    expect((await invoke('GET', '/api/owner/overview', as(owner))).body.properties.map((p: { id: string }) => p.id)).toEqual([casa]);
  });
});

describe("an owner's portal", () => {
  let guestStay: string;

  beforeAll(async () => {
    const stay = await invoke('POST', '/api/reservations', ceo({
      body: { propertyId: casa, guestName: 'Ana Guest', checkinDate: addDays(today(), 2), checkoutDate: addDays(today(), 5), integrationSource: 'airbnb' },
    }));
    expect(stay.status).toBe(201);
    guestStay = stay.body.id;
    await invoke('POST', '/api/reservations', ceo({
      body: { propertyId: flat, guestName: 'Flat Guest', checkinDate: addDays(today(), 1), checkoutDate: addDays(today(), 3), integrationSource: 'direct' },
    }));
  });

  it('reads only the account, the bell and the portal: the company\'s other routes are 403', async () => {
    expect((await invoke('GET', '/api/auth/user', as(owner))).body).toMatchObject({ role: 'owner' });
    expect((await invoke('GET', '/api/me/inbox', as(owner))).status).toBe(200);
    for (const [method, path] of [
      ['GET', '/api/properties'],
      ['GET', `/api/properties/${casa}`],
      ['GET', '/api/team'],
      ['GET', '/api/tasks'],
      ['GET', '/api/reservations'],
      ['GET', '/api/financials/summary'],
      ['GET', '/api/dashboard/metrics'],
      ['GET', `/api/companies/${company.companyId}/settings`],
      ['PUT', `/api/properties/${casa}`],
      ['POST', '/api/calendar/blocks'],
      ['GET', '/api/owner-stay-requests'],
    ] as const) {
      const answer = await invoke(method, path, as(owner, { body: method === 'GET' ? undefined : { propertyId: casa } }));
      expect({ path, status: answer.status }).toEqual({ path, status: 403 });
      expect(answer.text).not.toContain('Casa Azul');
    }
  });

  it('shows the overview of their properties only', async () => {
    const overview = await invoke('GET', '/api/owner/overview', as(owner));
    expect(overview.status).toBe(200);
    expect(overview.body).toMatchObject({
      company: { id: company.companyId, name: 'Test Stays', logoUrl: null },
      showGuestNames: false,
      pendingApprovals: 0,
    });
    expect(overview.body.properties).toEqual([
      expect.objectContaining({ id: casa, name: 'Casa Azul', readiness: expect.any(String), nextCheckin: { date: addDays(today(), 2), nights: 3 } }),
    ]);
    const occupancy = overview.body.properties[0].occupancyThisMonth;
    expect(occupancy).toBeGreaterThanOrEqual(0);
    expect(occupancy).toBeLessThanOrEqual(1);
    expect(overview.text).not.toContain('Flat Verde');
  });

  it('shows a property\'s calendar without guests\' names unless the company allows them; other properties 404', async () => {
    const from = today();
    const to = addDays(today(), 30);
    const calendar = await invoke('GET', `/api/owner/properties/${casa}/calendar?from=${from}&to=${to}`, as(owner));
    expect(calendar.status).toBe(200);
    expect(calendar.body).toMatchObject({ propertyId: casa, from, to });
    expect(calendar.body.stays).toContainEqual({
      id: guestStay, kind: 'stay', checkinDate: addDays(today(), 2), checkoutDate: addDays(today(), 5), guestName: null, channel: 'airbnb', nights: 3,
    });
    expect(calendar.text).not.toContain('Ana Guest');

    const settings = (await invoke('GET', '/api/companies', ceo())).body;
    const mine = (Array.isArray(settings) ? settings : [settings]).find((c: { id: string }) => c.id === company.companyId);
    const allow = await invoke('PUT', `/api/companies/${company.companyId}`, ceo({
      body: {
        name: mine.name, email: 'office@example.com', phone: '+1 555 123 4567', address: 'Main street 1', responsibleName: 'Carla',
        responsibleEmail: 'carla@example.com', ownersSeeGuestNames: true,
      },
    }));
    expect(allow.status).toBe(200);
    expect(allow.body.ownersSeeGuestNames).toBe(true);
    const named = await invoke('GET', `/api/owner/properties/${casa}/calendar?from=${from}&to=${to}`, as(owner));
    expect(named.body.stays.find((stay: { id: string }) => stay.id === guestStay).guestName).toBe('Ana Guest');
    expect((await invoke('GET', '/api/owner/overview', as(owner))).body.showGuestNames).toBe(true);
    // A PUT without the setting leaves it as it is; a manager cannot change it.
    expect((await invoke('PUT', `/api/companies/${company.companyId}`, as(manager, { body: { name: 'X' } }))).status).toBe(403);

    for (const id of [flat, foreign, 'NOPE1']) {
      const refused = await invoke('GET', `/api/owner/properties/${id}/calendar`, as(owner));
      expect(refused.status).toBe(404);
      expect(refused.text).not.toContain('Flat Guest');
    }
    // Windows: the default month; hostile and too long ones in words.
    const month = await invoke('GET', `/api/owner/properties/${casa}/calendar`, as(owner));
    expect(month.body.from).toBe(`${today().slice(0, 7)}-01`);
    expect((await invoke('GET', `/api/owner/properties/${casa}/calendar?from=${from}&to=${addDays(from, 200)}`, as(owner))).body.message).toBe(
      'Show from one day up to 120 days, the last day not before the first',
    );
    expect((await invoke('GET', `/api/owner/properties/${casa}/calendar?from=${to}&to=${from}`, as(owner))).status).toBe(400);
    expect((await invoke('GET', `/api/owner/properties/${casa}/calendar?from=2026-13-45`, as(owner))).status).toBe(400);
    expect((await invoke('GET', `/api/owner/properties/${casa}/calendar?from=' OR 1=1`, as(owner))).status).toBe(400);
  });

  it('lets the CEO switch guests\' names alone through the settings, whatever the company\'s details hold; a manager cannot', async () => {
    // A company that never filled in its details (no address, no phone): the whole-record PUT refuses it.
    const fresh = await createTestCompany();
    const freshManager = await fresh.add('operational_manager');
    const settingsOf = `/api/companies/${fresh.companyId}/settings`;
    const byCeo = (extra: Record<string, unknown> = {}) => as(fresh.ceo, extra);
    expect((await invoke('PUT', `/api/companies/${fresh.companyId}`, byCeo({ body: { name: 'Fresh', ownersSeeGuestNames: true } }))).status).toBe(400);
    expect((await invoke('GET', settingsOf, byCeo())).body.ownersSeeGuestNames).toBe(false);

    const on = await invoke('PUT', settingsOf, byCeo({ body: { ownersSeeGuestNames: true } }));
    expect(on.status).toBe(200);
    expect(on.body).toMatchObject({ ownersSeeGuestNames: true, checkinHour: 15, checkoutHour: 11 });
    const companies = (await invoke('GET', '/api/companies', byCeo())).body as Array<{ id: string; ownersSeeGuestNames?: boolean; address?: string | null }>;
    const stored = companies.find((c) => c.id === fresh.companyId)!;
    expect(stored.ownersSeeGuestNames).toBe(true);
    // Nothing else of the record was written back.
    expect(stored.address ?? null).toBeNull();

    // A manager may change the hours but not this: 403, and nothing of the request is kept.
    const refused = await invoke('PUT', settingsOf, as(freshManager, { body: { ownersSeeGuestNames: false, checkinHour: 16 } }));
    expect(refused.status).toBe(403);
    const after = (await invoke('GET', settingsOf, as(freshManager))).body;
    expect(after).toMatchObject({ ownersSeeGuestNames: true, checkinHour: 15 });
    expect((await invoke('PUT', settingsOf, as(freshManager, { body: { checkinHour: 16 } }))).body).toMatchObject({ checkinHour: 16, ownersSeeGuestNames: true });

    // Both at once change together; a wrong value is refused in words and changes neither.
    const both = await invoke('PUT', settingsOf, byCeo({ body: { ownersSeeGuestNames: false, checkinHour: 14 } }));
    expect(both.body).toMatchObject({ ownersSeeGuestNames: false, checkinHour: 14 });
    for (const value of ['yes', 1, null, { $ne: false }]) {
      const bad = await invoke('PUT', settingsOf, byCeo({ body: { ownersSeeGuestNames: value, checkinHour: 13 } }));
      expect(bad.status).toBe(400);
      expect(bad.body.errors).toHaveProperty('ownersSeeGuestNames');
    }
    expect((await invoke('GET', settingsOf, byCeo())).body).toMatchObject({ ownersSeeGuestNames: false, checkinHour: 14 });
    // Another company's settings read and write as absent.
    expect((await invoke('PUT', `/api/companies/${company.companyId}/settings`, byCeo({ body: { ownersSeeGuestNames: false } }))).status).toBe(404);
    expect((await invoke('GET', '/api/owner/overview', as(owner))).body.showGuestNames).toBe(true);
  });

  it('lists work done and problems reported at their property, newest first, and nothing of others', async () => {
    const cleaning = { title: 'Deep clean', type: 'cleaning', propertyId: casa };
    const task = await invoke('POST', '/api/tasks', ceo({ body: cleaning }));
    expect(task.status).toBe(201);
    const open = await invoke('POST', '/api/tasks', ceo({ body: { title: 'Window check', type: 'inspection', propertyId: casa } }));
    const done = await invoke('PUT', `/api/tasks/${task.body.id}`, ceo({ body: { ...cleaning, status: 'completed' } }));
    expect(done.status).toBe(200);
    const problem = await invoke('POST', `/api/tasks/${open.body.id}/problems`, ceo({ body: { description: 'Leaking tap in the kitchen', urgency: 'high' } }));
    expect(problem.status).toBe(201);
    const flatCleaning = { title: 'Flat secret clean', type: 'cleaning', propertyId: flat };
    const flatTask = await invoke('POST', '/api/tasks', ceo({ body: flatCleaning }));
    expect((await invoke('PUT', `/api/tasks/${flatTask.body.id}`, ceo({ body: { ...flatCleaning, status: 'completed' } }))).status).toBe(200);

    const work = await invoke('GET', `/api/owner/properties/${casa}/work`, as(owner));
    expect(work.status).toBe(200);
    const items = work.body.items as Array<{ taskId: string; problem: boolean; status: string; photos: unknown[] }>;
    expect(items.map((item) => item.taskId)).toContain(task.body.id);
    expect(items.find((item) => item.taskId === task.body.id)).toMatchObject({ type: 'cleaning', status: 'completed', problem: false, photos: [] });
    expect(items.filter((item) => item.problem)).toHaveLength(1);
    // The open inspection is neither done nor a problem.
    expect(items.map((item) => item.taskId)).not.toContain(open.body.id);
    expect(work.text).not.toContain('Flat secret clean');

    const first = await invoke('GET', `/api/owner/properties/${casa}/work?limit=1`, as(owner));
    expect(first.body.items).toHaveLength(1);
    expect(first.body.nextCursor).toEqual(expect.any(String));
    const second = await invoke('GET', `/api/owner/properties/${casa}/work?limit=1&cursor=${first.body.nextCursor}`, as(owner));
    expect(second.body.items[0].taskId).not.toBe(first.body.items[0].taskId);
    expect((await invoke('GET', `/api/owner/properties/${casa}/work?cursor=garbage!!`, as(owner))).status).toBe(400);
    expect((await invoke('GET', `/api/owner/properties/${casa}/work?limit=0`, as(owner))).status).toBe(400);
    expect((await invoke('GET', `/api/owner/properties/${flat}/work`, as(owner))).status).toBe(404);
    // An owner does no tasks: no task is assigned to them.
    const toOwner = await invoke('POST', '/api/tasks', ceo({ body: { title: 'For the owner', type: 'cleaning', propertyId: casa, assignedUserId: owner.user.id } }));
    expect(toOwner.status).toBe(400);
    expect(toOwner.body.errors.assignedUserId).toEqual(expect.any(String));
    expect((await invoke('GET', `/api/owner/properties/${foreign}/work`, as(owner))).status).toBe(404);
  });

  it('lists the ended months as statements and downloads them; not the running month, nor others\' properties', async () => {
    expect((await invoke('GET', '/api/owner/statements', as(owner))).body).toEqual({ items: [] });
    // The property was made three months ago.
    const made = `${addDays(`${today().slice(0, 7)}-01`, -70).slice(0, 7)}-15T12:00:00.000Z`;
    await db.send(new UpdateCommand({ TableName: tableName(), Key: keys.property(company.companyId, casa), UpdateExpression: 'SET createdAt = :at', ExpressionAttributeValues: { ':at': made } }));
    const statements = (await invoke('GET', '/api/owner/statements', as(owner))).body.items as Array<{ propertyId: string; month: string; propertyName: string }>;
    const previous = addDays(`${today().slice(0, 7)}-01`, -1).slice(0, 7);
    expect(statements[0]).toEqual({ propertyId: casa, propertyName: 'Casa Azul', month: previous });
    expect(statements.length).toBeGreaterThanOrEqual(2);
    expect(statements.length).toBeLessThanOrEqual(3);
    expect(statements.every((s) => s.propertyId === casa && s.month >= made.slice(0, 7))).toBe(true);

    const pdf = await invoke('GET', `/api/properties/${casa}/owner-report?month=${previous}`, as(owner));
    expect(pdf.status).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect((await invoke('GET', `/api/properties/${casa}/owner-report?month=${today().slice(0, 7)}`, as(owner))).status).toBe(404);
    expect((await invoke('GET', `/api/properties/${flat}/owner-report?month=${previous}`, as(owner))).status).toBe(404);
    expect((await invoke('GET', `/api/properties/${foreign}/owner-report?month=${previous}`, as(owner))).status).toBe(404);
    // The office still downloads any month.
    expect((await invoke('GET', `/api/properties/${casa}/owner-report?month=${today().slice(0, 7)}`, as(manager))).status).toBe(200);
  });
});

describe('owner stays', () => {
  const ask = (member: Member, body: Record<string, unknown>) => invoke('POST', '/api/owner/stay-requests', as(member, { body }));
  const inboxOf = async (member: Member) => (await invoke('GET', '/api/me/inbox', as(member))).body.items as Array<{ kind: string; property: string; title: string }>;

  it('are asked for, refused in words when the nights are not free, accepted as an owner-stay block both sides see', async () => {
    const nights = { checkinDate: addDays(today(), 20), checkoutDate: addDays(today(), 24) };
    const asked = await ask(owner, { propertyId: casa, ...nights, note: '  Family visit  ' });
    expect(asked.status).toBe(201);
    expect(asked.body).toMatchObject({
      propertyId: casa, propertyName: 'Casa Azul', ...nights, note: 'Family visit', status: 'pending',
      requestedBy: { userId: owner.user.id, name: 'Olga Owner' }, decidedAt: null, decidedBy: null, decisionNote: null, blockId: null,
    });

    // Nights a guest holds (the guest's name is not given away), nights already asked for, bad dates, another property.
    const taken = await ask(owner, { propertyId: casa, checkinDate: addDays(today(), 3), checkoutDate: addDays(today(), 6) });
    expect(taken.status).toBe(409);
    expect(taken.body.message).toMatch(/^These nights are not free: .+ is already taken$/);
    expect(taken.text).not.toContain('Ana Guest');
    expect((await ask(owner, { propertyId: casa, checkinDate: addDays(today(), 22), checkoutDate: addDays(today(), 26) })).body.message).toMatch(/already asked/);
    expect((await ask(owner, { propertyId: casa, checkinDate: addDays(today(), -3), checkoutDate: addDays(today(), -1) })).body.message).toBe('Choose nights from today on');
    expect((await ask(owner, { propertyId: casa, checkinDate: addDays(today(), 40), checkoutDate: addDays(today(), 40) })).status).toBe(400);
    expect((await ask(owner, { propertyId: casa, checkinDate: addDays(today(), 40), checkoutDate: addDays(today(), 400) })).status).toBe(400);
    expect((await ask(owner, { propertyId: casa, checkinDate: 'tomorrow', checkoutDate: addDays(today(), 41) })).status).toBe(400);
    expect((await ask(owner, { propertyId: casa, ...nights, note: 'a\u202Egpj.exe' })).status).toBe(400);
    expect((await ask(owner, { propertyId: flat, checkinDate: addDays(today(), 40), checkoutDate: addDays(today(), 41) })).status).toBe(404);
    expect((await ask(owner, { propertyId: foreign, checkinDate: addDays(today(), 40), checkoutDate: addDays(today(), 41) })).status).toBe(404);
    expect((await ask(manager, { propertyId: casa, checkinDate: addDays(today(), 40), checkoutDate: addDays(today(), 41) })).status).toBe(403);

    // The office sees it and is told; the owner sees their own.
    const mine = (await invoke('GET', '/api/owner/stay-requests', as(owner))).body.items;
    expect(mine.map((r: { id: string }) => r.id)).toEqual([asked.body.id]);
    const pending = (await invoke('GET', '/api/owner-stay-requests?status=pending', as(manager))).body.items;
    expect(pending.map((r: { id: string }) => r.id)).toContain(asked.body.id);
    expect((await invoke('GET', '/api/owner-stay-requests?status=bogus', as(manager))).status).toBe(400);
    expect((await invoke('GET', '/api/owner-stay-requests', as(other.ceo))).body.items).toEqual([]);
    expect(await inboxOf(manager)).toContainEqual(expect.objectContaining({ kind: 'owner_stay_requested', property: 'Casa Azul' }));
    // And by their own channels (e-mail by default), naming the owner, the property and the nights.
    const told = (await emailsTo(manager.user.email)).filter((mail) => mail.subject.includes('Casa Azul') && mail.text?.includes(nights.checkinDate));
    expect(told).toHaveLength(1);
    expect(told[0].text).toContain('Olga Owner');
    expect(told[0].text).toContain('Family visit');
    expect((await invoke('GET', '/api/owner/overview', as(owner))).body.pendingStayRequests).toBe(1);

    // Another company cannot decide it; staff cannot; the manager accepts it.
    expect((await invoke('POST', `/api/owner-stay-requests/${asked.body.id}/accept`, as(other.ceo))).status).toBe(404);
    expect((await invoke('POST', `/api/owner-stay-requests/${asked.body.id}/accept`, as(staff))).status).toBe(403);
    expect((await invoke('POST', `/api/owner-stay-requests/${asked.body.id}/accept`, as(owner))).status).toBe(403);
    const accepted = await invoke('POST', `/api/owner-stay-requests/${asked.body.id}/accept`, as(manager));
    expect(accepted.status).toBe(200);
    expect(accepted.body).toMatchObject({ id: asked.body.id, status: 'accepted', decidedBy: manager.user.id, blockId: expect.any(String) });
    expect((await invoke('POST', `/api/owner-stay-requests/${asked.body.id}/accept`, as(manager))).body.message).toBe('This request was already answered or cancelled');
    expect((await invoke('DELETE', `/api/owner/stay-requests/${asked.body.id}`, as(owner))).status).toBe(409);

    // An owner stay on both sides: the owner's calendar, the portfolio calendar; the owner is told.
    const calendar = await invoke('GET', `/api/owner/properties/${casa}/calendar?from=${addDays(today(), 15)}&to=${addDays(today(), 30)}`, as(owner));
    expect(calendar.body.stays).toContainEqual(expect.objectContaining({ id: accepted.body.blockId, kind: 'owner_stay', ...nights, nights: 4, guestName: null }));
    expect(calendar.body.stayRequests).toContainEqual(expect.objectContaining({ id: asked.body.id, status: 'accepted' }));
    const portfolio = await invoke('GET', `/api/calendar/portfolio?from=${addDays(today(), 15)}&days=14`, as(manager));
    const row = portfolio.body.properties.find((p: { id: string }) => p.id === casa);
    expect(row.stays).toContainEqual(expect.objectContaining({ id: accepted.body.blockId, kind: 'owner', checkinDay: nights.checkinDate, checkoutDay: nights.checkoutDate }));
    expect(await inboxOf(owner)).toContainEqual(expect.objectContaining({ kind: 'owner_stay_accepted', property: 'Casa Azul' }));
    expect((await emailsTo(owner.user.email)).filter((mail) => mail.subject.includes('Casa Azul') && mail.text?.includes(nights.checkinDate))).toHaveLength(1);
    // The block leaves through the calendar export like any block: the nights are taken now.
    expect((await ask(owner, { propertyId: casa, ...nights })).status).toBe(409);
  });

  it('are declined with a note, cancelled by their owner while pending, and 409 when the nights were taken meanwhile', async () => {
    const first = await ask(owner, { propertyId: casa, checkinDate: addDays(today(), 50), checkoutDate: addDays(today(), 52) });
    const declined = await invoke('POST', `/api/owner-stay-requests/${first.body.id}/decline`, ceo({ body: { note: 'Booked for a wedding' } }));
    expect(declined.body).toMatchObject({ status: 'declined', decisionNote: 'Booked for a wedding', decidedBy: company.ceo.user.id, blockId: null });
    expect(await inboxOf(owner)).toContainEqual(expect.objectContaining({ kind: 'owner_stay_declined' }));
    expect((await emailsTo(owner.user.email)).filter((mail) => mail.subject.includes('Casa Azul') && mail.text?.includes('Booked for a wedding'))).toHaveLength(1);
    expect((await invoke('POST', `/api/owner-stay-requests/${first.body.id}/decline`, ceo({ body: {} }))).status).toBe(409);

    const second = await ask(owner, { propertyId: casa, checkinDate: addDays(today(), 60), checkoutDate: addDays(today(), 62) });
    // Someone else (another owner of nothing here, a manager) cannot cancel it.
    expect((await invoke('DELETE', `/api/owner/stay-requests/${second.body.id}`, as(manager))).status).toBe(403);
    const cancelled = await invoke('DELETE', `/api/owner/stay-requests/${second.body.id}`, as(owner));
    expect(cancelled.body).toMatchObject({ status: 'cancelled', decidedBy: null });
    expect((await invoke('POST', `/api/owner-stay-requests/${second.body.id}/accept`, as(manager))).status).toBe(409);

    const third = await ask(owner, { propertyId: casa, checkinDate: addDays(today(), 70), checkoutDate: addDays(today(), 73) });
    const block = await invoke('POST', '/api/calendar/blocks', as(manager, { body: { propertyId: casa, checkinDate: addDays(today(), 71), checkoutDate: addDays(today(), 72) } }));
    expect(block.status).toBe(201);
    expect((await invoke('POST', `/api/owner-stay-requests/${third.body.id}/accept`, as(manager))).status).toBe(409);
    const still = (await invoke('GET', '/api/owner/stay-requests', as(owner))).body.items.find((r: { id: string }) => r.id === third.body.id);
    expect(still.status).toBe('pending');

    // A manager scoped to Flat Verde's group sees none of Casa Azul's requests, nor decides them.
    const group = await invoke('POST', '/api/property-groups', ceo({ body: { name: 'Flat only', propertyIds: [flat] } }));
    const scoped = await company.add('operational_manager');
    expect((await invoke('PUT', `/api/team/${scoped.user.id}/access`, ceo({ body: { propertyGroupIds: [group.body.id] } }))).status).toBe(200);
    expect((await invoke('GET', '/api/owner-stay-requests', as(scoped))).body.items).toEqual([]);
    expect((await invoke('POST', `/api/owner-stay-requests/${third.body.id}/decline`, as(scoped, { body: {} }))).status).toBe(404);
    expect((await invoke('PUT', `/api/team/${owner.user.id}/owner-properties`, as(scoped, { body: { propertyIds: [flat] } }))).status).toBe(403);

    // A second owner of the same company sees neither the first owner's requests nor their property.
    const flatOwner = await inviteOwner([flat]);
    expect((await invoke('GET', '/api/owner/stay-requests', as(flatOwner))).body.items).toEqual([]);
    expect((await invoke('DELETE', `/api/owner/stay-requests/${third.body.id}`, as(flatOwner))).status).toBe(404);
    expect((await invoke('GET', `/api/owner/properties/${casa}/calendar`, as(flatOwner))).status).toBe(404);
  });

  it('leave with a removed owner: their portal is closed and their properties forgotten', async () => {
    const leaving = await inviteOwner([flat]);
    const before = await usersUsed();
    expect((await invoke('DELETE', `/api/team/${leaving.user.id}`, ceo())).status).toBe(204);
    expect(await usersUsed()).toBe(before);
    expect((await invoke('GET', '/api/owner/overview', as(leaving))).status).toBe(401);
  });
});
