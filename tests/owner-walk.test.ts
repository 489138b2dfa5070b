// Owners proved by walking the route table (issue 41 points 3 and 5; docs/owners.md). One company
// with "Casa do Dono" (the owner's) and "Casa Alheia" (not theirs: another owner's, with a stay, a
// task and that owner's stay request), and another company with its own property. The owner calls
// EVERY signed-in route of functions/routes.ts (a new route is walked without touching this file):
// - a route that does not name `owner` answers 403 (the console's 404), whatever ids it is given;
// - a route that names `owner` and takes an id (in its path, or a property in its body or query)
//   answers 404 with the other property's ids, of this company and of the other;
// and in both walks nothing of Casa Alheia or the other company shows in an answer, and neither
// company's items change. A control: the owner's own property reads 200.
import { invoke } from '../local/invoke';
import { addDays, localDay } from '#shared/days';
import { pathParameterNames } from '../shared/ids';
import { ROUTES, rolesOf, type RouteDefinition } from '../functions/routes';
import { queryAll } from '../functions/data/db';
import { keys } from '../functions/data/keys';
import { findUserByEmail } from '../functions/data/repositories/users';
import { createTestCompany, signIn, uniqueEmail, type Member, type TestCompany } from './support/fixtures';

interface Side {
  propertyId: string;
  name: string;
  taskId: string;
  taskTitle: string;
  reservationId: string;
  guestName: string;
  requestId?: string;
}

const today = () => localDay(new Date(), 'America/New_York');

let company: TestCompany;
let other: TestCompany;
let owner: Member;
let mine: Side;
let alien: Side;
let foreign: Side;

async function expectStatus(answer: Promise<{ status: number; text: string; body: any }>, status: number) {
  const result = await answer;
  if (result.status !== status) throw new Error(`expected ${status}, got ${result.status}: ${result.text}`);
  return result.body;
}

async function sideOf(c: TestCompany, label: string): Promise<Side> {
  const cookies = [c.ceo.cookie];
  const name = `Casa ${label}`;
  const property = await expectStatus(invoke('POST', '/api/properties', { cookies, body: { name, address: `Rua ${label} 1` } }), 201);
  const taskTitle = `Tarefa ${label}`;
  const task = await expectStatus(invoke('POST', '/api/tasks', { cookies, body: { title: taskTitle, propertyId: property.id, type: 'maintenance' } }), 201);
  const guestName = `Hóspede ${label}`;
  const stay = await expectStatus(
    invoke('POST', '/api/reservations', { cookies, body: { propertyId: property.id, guestName, checkinDate: addDays(today(), 3), checkoutDate: addDays(today(), 6), integrationSource: 'direct' } }),
    201,
  );
  return { propertyId: property.id, name, taskId: task.id, taskTitle, reservationId: stay.id, guestName };
}

async function inviteOwner(c: TestCompany, propertyIds: string[]): Promise<Member> {
  const email = uniqueEmail('owner');
  await expectStatus(invoke('POST', '/api/team/invites', { cookies: [c.ceo.cookie], body: { email, firstName: 'Olga', lastName: 'Dona', role: 'owner', propertyIds } }), 201);
  const user = (await findUserByEmail(email))!;
  return { user, cookie: await signIn(user) };
}

/** Every item of a company's partition but the bell's and the outbox's, as text, for "nothing changed". */
async function snapshot(companyId: string): Promise<string[]> {
  const items = await queryAll<Record<string, unknown>>({ partition: keys.companyPartition(companyId) }, 100_000);
  return items.map((item) => JSON.stringify(item, Object.keys(item).sort())).sort();
}

/** The segment before a path's first parameter: what kind of id it takes (properties, tasks, reservations…). */
function resourceOf(path: string, parameter: string): string {
  const parts = path.split('/');
  const at = parts.indexOf(`{${parameter}}`);
  return parts[at - 1] ?? '';
}

/** A route's path with `side`'s ids (each parameter by its name and the segment before it). */
function pathWith(route: RouteDefinition, side: Side): string {
  let path = route.path;
  for (const name of pathParameterNames(route.path)) {
    const resource = resourceOf(route.path, name);
    let value: string;
    if (name === 'taskId' || resource === 'tasks') value = side.taskId;
    else if (resource === 'reservations') value = side.reservationId;
    else if (name === 'requestId') value = side.requestId ?? side.propertyId;
    else if (name === 'userId') value = company.ceo.user.id;
    else if (name === 'month') value = addDays(`${today().slice(0, 7)}-01`, -1).slice(0, 7);
    else if (name === 'date') value = today();
    else value = side.propertyId;
    path = path.replace(`{${name}}`, encodeURIComponent(value));
  }
  return path;
}

/** A body and query naming `side`'s property, task and reservation, dates in the future. */
function inputsFor(side: Side) {
  const month = addDays(`${today().slice(0, 7)}-01`, -1).slice(0, 7);
  const query = new URLSearchParams({ propertyId: side.propertyId, month, from: today(), to: addDays(today(), 10) }).toString();
  const body = {
    propertyId: side.propertyId,
    taskId: side.taskId,
    reservationId: side.reservationId,
    checkinDate: addDays(today(), 40),
    checkoutDate: addDays(today(), 42),
    title: 'Walk',
    type: 'maintenance',
    approved: true,
    propertyIds: [side.propertyId],
    status: 'completed',
  };
  return { query, body };
}

const leaks = (text: string, side: Side) =>
  [side.propertyId, side.name, side.taskId, side.taskTitle, side.reservationId, side.guestName, side.requestId].filter(
    (value): value is string => Boolean(value) && text.includes(value!),
  );

const sessionRoutes = ROUTES.filter((route) => route.access === 'session');
const forbidden = sessionRoutes.filter((route) => !rolesOf(route).includes('owner'));
const ownerRoutes = sessionRoutes.filter((route) => rolesOf(route).includes('owner'));

beforeAll(async () => {
  company = await createTestCompany();
  other = await createTestCompany();
  mine = await sideOf(company, 'do Dono');
  alien = await sideOf(company, 'Alheia');
  foreign = await sideOf(other, 'Longe');
  owner = await inviteOwner(company, [mine.propertyId]);
  // Casa Alheia's own owner has a pending request; the other company's owner too.
  const alienOwner = await inviteOwner(company, [alien.propertyId]);
  const request = await expectStatus(
    invoke('POST', '/api/owner/stay-requests', { cookies: [alienOwner.cookie], body: { propertyId: alien.propertyId, checkinDate: addDays(today(), 30), checkoutDate: addDays(today(), 32) } }),
    201,
  );
  alien.requestId = request.id;
  const foreignOwner = await inviteOwner(other, [foreign.propertyId]);
  foreign.requestId = (
    await expectStatus(
      invoke('POST', '/api/owner/stay-requests', { cookies: [foreignOwner.cookie], body: { propertyId: foreign.propertyId, checkinDate: addDays(today(), 30), checkoutDate: addDays(today(), 32) } }),
      201,
    )
  ).id;
});

describe('an owner walking the route table', () => {
  it('finds both walks non-empty: the owner routes include the portal', () => {
    expect(forbidden.length).toBeGreaterThan(50);
    expect(ownerRoutes.map((route) => route.path)).toEqual(expect.arrayContaining(['/api/owner/overview', '/api/owner/properties/{id}/calendar', '/api/auth/user']));
  });

  it('is refused every route that does not name owners (403; the console 404), and reads and changes nothing', async () => {
    const before = [await snapshot(company.companyId), await snapshot(other.companyId)];
    const failures: string[] = [];
    for (const route of forbidden) {
      for (const side of [mine, alien]) {
        const { query, body } = inputsFor(side);
        const answer = await invoke(route.method, `${pathWith(route, side)}?${query}`, { cookies: [owner.cookie], body: route.method === 'GET' ? undefined : body });
        const expected = route.master ? 404 : 403;
        if (answer.status !== expected) failures.push(`${route.method} ${route.path} (${side.name}): ${answer.status} ${answer.text.slice(0, 120)}`);
        const leaked = leaks(answer.text, alien);
        if (leaked.length) failures.push(`${route.method} ${route.path}: shows ${leaked.join(', ')}`);
      }
    }
    expect(failures).toEqual([]);
    expect([await snapshot(company.companyId), await snapshot(other.companyId)]).toEqual(before);
  });

  it('gets 404 from every owner route given another property\'s ids (same company or another), and nothing changes', async () => {
    const withIds = ownerRoutes.filter((route) => pathParameterNames(route.path).length > 0 || route.method !== 'GET');
    expect(withIds.length).toBeGreaterThanOrEqual(4);
    const before = [await snapshot(company.companyId), await snapshot(other.companyId)];
    const failures: string[] = [];
    for (const route of withIds) {
      // Account routes that take no property (sign-in steps, the bell, preferences) are not about properties.
      if (!/propert|owner|task|reservation|stay/.test(route.path)) continue;
      for (const side of [alien, foreign]) {
        const { query, body } = inputsFor(side);
        const answer = await invoke(route.method, `${pathWith(route, side)}?${query}`, { cookies: [owner.cookie], body: route.method === 'GET' ? undefined : body });
        if (answer.status !== 404) failures.push(`${route.method} ${route.path} (${side.name}): ${answer.status} ${answer.text.slice(0, 160)}`);
        const leaked = [...leaks(answer.text, alien), ...leaks(answer.text, foreign)];
        if (leaked.length) failures.push(`${route.method} ${route.path}: shows ${leaked.join(', ')}`);
      }
    }
    expect(failures).toEqual([]);
    expect([await snapshot(company.companyId), await snapshot(other.companyId)]).toEqual(before);
  });

  it('reads nothing of other properties from the owner routes that take no id, and its own property reads 200 (the control)', async () => {
    const failures: string[] = [];
    for (const route of ownerRoutes.filter((candidate) => candidate.method === 'GET')) {
      const answer = await invoke('GET', pathWith(route, mine), { cookies: [owner.cookie] });
      const leaked = [...leaks(answer.text, alien), ...leaks(answer.text, foreign)];
      if (leaked.length) failures.push(`${route.path}: shows ${leaked.join(', ')}`);
      if (answer.status >= 500) failures.push(`${route.path}: ${answer.status}`);
    }
    expect(failures).toEqual([]);
    expect((await invoke('GET', `/api/owner/properties/${mine.propertyId}/calendar`, { cookies: [owner.cookie] })).status).toBe(200);
    expect((await invoke('GET', `/api/owner/properties/${mine.propertyId}/work`, { cookies: [owner.cookie] })).status).toBe(200);
    const overview = await invoke('GET', '/api/owner/overview', { cookies: [owner.cookie] });
    expect(overview.body.properties.map((property: { id: string }) => property.id)).toEqual([mine.propertyId]);
  });
});
