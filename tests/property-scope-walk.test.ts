// The property scope, proved by walking the route table (issue 41 point 5; docs/property-scope.md).
// One company, two properties: "Casa Dentro" (in the group the members are scoped to) and
// "Casa Fora" (not). A scoped manager, a scoped staff member and an API key made by a member who is
// now a scoped manager call EVERY route of functions/routes.ts whose path takes a property, task,
// reservation, feed or group id, with Casa Fora's ids (derived from the path: a new route under
// /api/properties/{id}, /api/tasks/{id}, /api/reservations/{id}, /api/property-groups/{groupId} or
// /api/v1/... is walked without touching this file). Nothing is read (403 or 404, Casa Fora's data
// nowhere in the body) and nothing changes (Casa Fora's items in the table are the same after).
// Then the lists: a scoped manager's properties, tasks, reservations, dashboard and reports count
// only Casa Dentro's.
import { invoke, type InvokeResult } from '../local/invoke';
import { loadHandler } from '../local/api-adapter';
import { createTestCompany, type Member, type TestCompany } from './support/fixtures';
import { bearer } from './support/public-api';
import { pathParameterNames } from '../shared/ids';
import { ROUTES, rolesOf, type RouteDefinition } from '../functions/routes';
import type { HandlerSchemas } from '../functions/lib/http';
import { queryAll } from '../functions/data/db';
import { keys } from '../functions/data/keys';
import { createFeed } from '../functions/data/repositories/calendar-feeds';

const DAY_MS = 86_400_000;
const isoDay = (offset: number) => new Date(Date.now() + offset * DAY_MS).toISOString().slice(0, 10);

interface Side {
  propertyId: string;
  name: string;
  taskId: string;
  taskTitle: string;
  reservationId: string;
  guestName: string;
  feedId: string;
  groupId: string;
  itemId: string;
}

let company: TestCompany;
let manager: Member;
let staff: Member;
let key: string;
let inside: Side;
let outside: Side;

async function ok<T = any>(response: Promise<InvokeResult<T>>, status = 200): Promise<T> {
  const answer = await response;
  if (answer.status !== status) throw new Error(`expected ${status}, got ${answer.status}: ${answer.text}`);
  return answer.body;
}

async function side(label: string, offset: number): Promise<Omit<Side, 'groupId'>> {
  const ceo = [company.ceo.cookie];
  const name = `Casa ${label}`;
  const property = await ok(invoke('POST', '/api/properties', { cookies: ceo, body: { name, address: `Rua ${label} 1` } }), 201);
  await ok(invoke('PUT', `/api/properties/${property.id}/checklist-template`, { cookies: ceo, body: { items: [{ description: `Towels ${label}`, required: true }] } }));
  const taskTitle = `Task ${label}`;
  const task = await ok(
    invoke('POST', '/api/tasks', { cookies: ceo, body: { title: taskTitle, propertyId: property.id, type: 'cleaning', dueDate: new Date(Date.now() - DAY_MS).toISOString(), assignedUserId: staff.user.id } }),
    201,
  );
  const checklist = await ok(invoke('POST', `/api/tasks/${task.id}/checklist`, { cookies: ceo, body: {} }), 201);
  const itemId = (checklist.items?.[0]?.id ?? Object.keys(checklist.items ?? {})[0]) as string;
  const guestName = `Guest ${label}`;
  const reservation = await ok(
    invoke('POST', '/api/reservations', { cookies: ceo, body: { propertyId: property.id, guestName, checkinDate: isoDay(offset), checkoutDate: isoDay(offset + 3) } }),
    201,
  );
  const feed = await createFeed(company.companyId, property.id, { url: `https://example.com/${label}.ics`, name: `Feed ${label}`, source: 'ical', enabled: false }, company.ceo.user.id);
  return { propertyId: property.id, name, taskId: task.id, taskTitle, reservationId: reservation.id, guestName, feedId: feed.id, itemId };
}

beforeAll(async () => {
  company = await createTestCompany({ plan: 'enterprise' });
  manager = await company.add('operational_manager');
  staff = await company.add('staff');
  const keyMaker = await company.add('ceo');
  const dentro = await side('Dentro', 10);
  const fora = await side('Fora', 20);
  const ceo = [company.ceo.cookie];
  const groupIn = await ok(invoke('POST', '/api/property-groups', { cookies: ceo, body: { name: 'Norte', propertyIds: [dentro.propertyId] } }), 201);
  const groupOut = await ok(invoke('POST', '/api/property-groups', { cookies: ceo, body: { name: 'Sul', propertyIds: [fora.propertyId] } }), 201);
  inside = { ...dentro, groupId: groupIn.id };
  outside = { ...fora, groupId: groupOut.id };
  // A key made by a CEO who is now a scoped manager: the key inherits its creator's scope.
  key = (await ok(invoke('POST', '/api/api-keys', { cookies: [keyMaker.cookie], body: { name: 'Channel manager', scopes: ['read', 'write'] } }), 201)).key;
  await ok(invoke('PUT', `/api/team/${keyMaker.user.id}/role`, { cookies: ceo, body: { role: 'operational_manager' } }));
  for (const member of [manager, staff, keyMaker]) {
    await ok(invoke('PUT', `/api/team/${member.user.id}/access`, { cookies: ceo, body: { propertyGroupIds: [groupIn.id] } }));
  }
}, 120_000);

/** Casa Fora's items as the table holds them (every item that names one of its ids). */
async function outsideSnapshot(): Promise<string> {
  const ids = [outside.propertyId, outside.taskId, outside.reservationId, outside.feedId];
  const items = await queryAll<Record<string, unknown>>({ partition: keys.companyPartition(company.companyId) }, 100_000);
  return JSON.stringify(items.filter((item) => ids.some((id) => JSON.stringify(item).includes(id))).sort((a, b) => String(a.sk).localeCompare(String(b.sk))));
}

/** The id a path parameter stands for, from the segment before it; undefined: not a property's route. */
function paramsFor(route: RouteDefinition, s: Side): Record<string, string> | undefined {
  const segments = route.path.split('/');
  const names = pathParameterNames(route.path);
  if (!names.length) return undefined;
  const firstParam = segments.findIndex((segment) => segment.startsWith('{'));
  const resource = segments[firstParam - 1];
  const byResource: Record<string, string> = { properties: s.propertyId, tasks: s.taskId, reservations: s.reservationId, 'property-groups': s.groupId };
  if (!(resource in byResource)) return undefined;
  const params: Record<string, string> = {};
  for (const name of names) {
    const at = segments.indexOf(`{${name}}`);
    const before = segments[at - 1];
    if (at === firstParam) params[name] = byResource[resource];
    else if (name === 'feedId' || before === 'feeds') params[name] = s.feedId;
    else if (name === 'itemId' || before === 'items') params[name] = s.itemId;
    else if (name === 'month') params[name] = isoDay(0).slice(0, 7);
    else params[name] = 'walk';
  }
  return params;
}

type Def = { type: string; innerType?: Schema; in?: Schema; shape?: Record<string, Schema>; entries?: Record<string, string>; values?: unknown[]; element?: Schema };
type Schema = { _zod: { def: Def } };

function unwrap(schema: Schema): Def {
  const def = schema._zod.def;
  if (def.innerType) return unwrap(def.innerType);
  if (def.type === 'pipe' && def.in) return unwrap(def.in);
  return def;
}

/** A body the route's schema accepts as far as can be guessed from its shape, naming Casa Fora's ids. */
function bodyFor(schema: unknown, s: Side): Record<string, unknown> | undefined {
  if (!schema) return undefined;
  const shape = unwrap(schema as Schema).shape ?? {};
  const body: Record<string, unknown> = {};
  for (const [field, fieldSchema] of Object.entries(shape)) {
    const def = unwrap(fieldSchema);
    if (/propertyId$/i.test(field)) body[field] = s.propertyId;
    else if (/taskId$/i.test(field)) body[field] = s.taskId;
    else if (/reservationId$/i.test(field)) body[field] = s.reservationId;
    else if (/(date|Date|At)$/.test(field)) body[field] = /checkout/i.test(field) ? isoDay(40) : isoDay(38);
    else if (/url$/i.test(field)) body[field] = 'https://example.com/walk.ics';
    else if (/email$/i.test(field)) body[field] = 'walk@example.com';
    else if (def.type === 'enum') body[field] = Object.values(def.entries ?? {})[0];
    else if (def.type === 'literal') body[field] = def.values?.[0];
    else if (def.type === 'boolean') body[field] = true;
    else if (def.type === 'number' || def.type === 'int') body[field] = 1;
    else if (def.type === 'array') body[field] = [];
    else if (def.type === 'object' || def.type === 'record') body[field] = {};
    else body[field] = 'Walk value';
  }
  return body;
}

/** A query string with the route's query fields the schema needs (a month, a day, a count). */
function queryFor(schema: unknown): string {
  if (!schema) return '';
  const shape = unwrap(schema as Schema).shape ?? {};
  const fields = Object.entries(shape).flatMap(([field, fieldSchema]) => {
    const def = unwrap(fieldSchema);
    if (field === 'cursor' || field === 'limit') return [];
    if (/month/i.test(field)) return [[field, isoDay(0).slice(0, 7)]];
    if (/^to$|until$/i.test(field)) return [[field, isoDay(7)]];
    if (/(from|day|date)$/i.test(field)) return [[field, isoDay(0)]];
    if (def.type === 'enum') return [[field, String(Object.values(def.entries ?? {})[0])]];
    return [];
  });
  return fields.length ? `?${new URLSearchParams(fields).toString()}` : '';
}

/** Casa Fora's data must be nowhere in an answer (the request's own path aside: the public API's problems name it as `instance`). */
function leaks(text: string, path = ''): string[] {
  if (path) text = text.split(path).join('');
  return [outside.propertyId, outside.name, outside.taskId, outside.taskTitle, outside.reservationId, outside.guestName, outside.feedId, 'Towels Fora'].filter((value) => text.includes(value));
}

const fill = (route: RouteDefinition, params: Record<string, string>) =>
  pathParameterNames(route.path).reduce((path, name) => path.replace(`{${name}}`, encodeURIComponent(params[name])), route.path);

const walked = ROUTES.filter((route) => route.access !== 'public' && !route.master && paramsFor(route, outside ?? ({} as Side)) !== undefined);

describe('every route that takes a property, task, reservation, feed or group id, with another property of the same company', () => {
  it('walks the routes of the table (derived from their paths)', () => {
    const names = walked.map((route) => `${route.method} ${route.path}`);
    expect(names).toEqual(expect.arrayContaining(['GET /api/properties/{id}', 'PUT /api/tasks/{id}', 'POST /api/reservations/{id}/cancel', 'DELETE /api/properties/{id}/feeds/{feedId}', 'PUT /api/property-groups/{groupId}', 'GET /api/v1/tasks/{id}']));
  });

  it.each([
    ['scoped manager', () => ({ cookies: [manager.cookie] })],
    ['scoped staff member', () => ({ cookies: [staff.cookie] })],
    ["API key of a scoped manager", () => bearer(key)],
  ] as const)('as a %s: nothing is read, nothing changes', async (_who, auth) => {
    const failures: string[] = [];
    const before = await outsideSnapshot();
    for (const route of walked) {
      const viaKey = route.access === 'apiKey';
      if (viaKey !== (_who === 'API key of a scoped manager')) continue;
      const params = paramsFor(route, outside)!;
      const handler = (await loadHandler(route.handler)) as { schemas?: HandlerSchemas };
      const body = bodyFor(handler.schemas?.body, outside);
      const path = fill(route, params);
      const answer = await invoke(route.method, `${path}${queryFor(handler.schemas?.query)}`, { ...auth(), ...(body ? { body } : {}) });
      const allowed = body ? [400, 403, 404, 422] : [403, 404];
      if (!allowed.includes(answer.status)) failures.push(`${route.method} ${route.path}: ${answer.status} ${answer.text.slice(0, 200)}`);
      const leaked = leaks(answer.text, path);
      if (leaked.length) failures.push(`${route.method} ${route.path}: answer names ${leaked.join(', ')}`);
    }
    expect(failures).toEqual([]);
    expect(await outsideSnapshot()).toEqual(before);
  }, 240_000);

  it('is no empty walk: the same reads with their own property\'s ids answer', async () => {
    const failures: string[] = [];
    // The routes a manager may read (the owner portal's are an owner's: tests/owner-walk.test.ts).
    for (const route of walked.filter((candidate) => candidate.method === 'GET' && (candidate.access === 'apiKey' || rolesOf(candidate).includes('operational_manager')))) {
      const handler = (await loadHandler(route.handler)) as { schemas?: HandlerSchemas };
      const auth = route.access === 'apiKey' ? bearer(key) : { cookies: [manager.cookie] };
      const answer = await invoke('GET', `${fill(route, paramsFor(route, inside)!)}${queryFor(handler.schemas?.query)}`, auth);
      if (answer.status !== 200) failures.push(`${route.path}: ${answer.status} ${answer.text.slice(0, 160)}`);
    }
    expect(failures).toEqual([]);
  }, 120_000);

  it('refuses to create a task or a stay on the other property, as not found', async () => {
    const before = await outsideSnapshot();
    const task = await invoke('POST', '/api/tasks', { cookies: [manager.cookie], body: { title: 'Sneaky', propertyId: outside.propertyId, type: 'cleaning' } });
    const stay = await invoke('POST', '/api/reservations', { cookies: [manager.cookie], body: { propertyId: outside.propertyId, guestName: 'Sneaky', checkinDate: isoDay(60), checkoutDate: isoDay(62) } });
    expect([task.status, stay.status]).toEqual([404, 404]);
    // Ids in a body: a photo on the other property's task, a task moved onto the other property.
    const photo = await invoke('PUT', '/api/task-photos', { cookies: [staff.cookie], body: { taskId: outside.taskId, photoUrl: 'https://example.com/x.jpg', kind: 'after' } });
    expect([400, 403, 404]).toContain(photo.status);
    expect(leaks(photo.text)).toEqual([]);
    const moved = await invoke('PUT', `/api/tasks/${inside.taskId}`, { cookies: [manager.cookie], body: { title: inside.taskTitle, propertyId: outside.propertyId, type: 'cleaning' } });
    expect(moved.status).toBe(404);
    expect((await ok(invoke('GET', `/api/tasks/${inside.taskId}`, { cookies: [manager.cookie] }))).propertyId).toBe(inside.propertyId);
    expect(await outsideSnapshot()).toEqual(before);
  });
});

describe("a scoped member's lists", () => {
  const idsOf = (body: unknown) => JSON.stringify(body);

  it('list only their properties, tasks and reservations (also filtered by the other property)', async () => {
    const cookies = [manager.cookie];
    const properties = await ok(invoke('GET', '/api/properties?limit=100', { cookies }));
    expect(properties.map((p: { id: string }) => p.id)).toEqual([inside.propertyId]);
    const tasks = await ok(invoke('GET', '/api/tasks?limit=100', { cookies }));
    expect(tasks.map((t: { propertyId: string }) => t.propertyId)).toEqual(expect.arrayContaining([inside.propertyId]));
    expect(tasks.every((t: { propertyId: string }) => t.propertyId === inside.propertyId)).toBe(true);
    expect(await ok(invoke('GET', `/api/tasks?propertyId=${outside.propertyId}`, { cookies }))).toEqual([]);
    const reservations = await ok(invoke('GET', `/api/reservations?limit=100&propertyId=${inside.propertyId}`, { cookies }));
    expect(JSON.stringify(reservations)).toContain(inside.reservationId);
    const other = await invoke('GET', `/api/reservations?limit=100&propertyId=${outside.propertyId}`, { cookies });
    expect([200, 404]).toContain(other.status);
    expect(leaks(other.text, outside.propertyId)).toEqual([]);
    for (const path of ['/api/reservations/upcoming', '/api/tasks/recent', '/api/me/tasks', '/api/dispatch', `/api/reservations/flagged?propertyId=${outside.propertyId}`, '/api/reservations/double-bookings', '/api/owner-reports', '/api/team/durations']) {
      const answer = await invoke('GET', path, { cookies });
      expect(answer.status).toBeLessThan(500);
      expect(leaks(answer.text, outside.propertyId)).toEqual([]);
    }
    expect(leaks(idsOf(await ok(invoke('GET', '/api/tasks', { cookies: [staff.cookie] }))))).toEqual([]);
  });

  it("count only their properties' items on the dashboard and in the reports, while the CEO counts both", async () => {
    const ceo = await ok(invoke('GET', '/api/dashboard/metrics', { cookies: [company.ceo.cookie] }));
    const scoped = await ok(invoke('GET', '/api/dashboard/metrics', { cookies: [manager.cookie] }));
    expect(ceo).toMatchObject({ activeProperties: 2, pendingTasks: 4, urgentTasks: 2 });
    expect(scoped).toMatchObject({ activeProperties: 1, pendingTasks: 2, urgentTasks: 1 });
    const report = await invoke('GET', '/api/reports?type=all&range=this_month', { cookies: [manager.cookie] });
    expect(report.status).toBe(200);
    expect(leaks(report.text)).toEqual([]);
    const own = await ok(invoke('GET', `/api/tasks?limit=100&propertyId=${inside.propertyId}`, { cookies: [company.ceo.cookie] }));
    const all = await ok(invoke('GET', '/api/tasks?limit=100', { cookies: [company.ceo.cookie] }));
    expect(report.body.tasks.total).toBe(own.length);
    expect(report.body.properties).toMatchObject({ active: 1, tasksByProperty: { [inside.propertyId]: own.length } });
    expect(report.body.financial).toBeNull();
    const ceoReport = await ok(invoke('GET', '/api/reports?type=all&range=this_month', { cookies: [company.ceo.cookie] }));
    expect(ceoReport.tasks.total).toBe(all.length);
    expect(all.length).toBeGreaterThan(own.length);
    // The export is built from the same (scoped) report.
    expect((await invoke('GET', '/api/reports/export?type=all&range=this_month&format=pdf', { cookies: [manager.cookie] })).status).toBe(200);
  });

  it('sees every property again on the next request once their access is cleared', async () => {
    const user = (await ok(invoke('GET', '/api/team', { cookies: [company.ceo.cookie] }))).find((m: { id: string }) => m.id === manager.user.id);
    expect(user.propertyGroupIds).toEqual([inside.groupId]);
    await ok(invoke('PUT', `/api/team/${manager.user.id}/access`, { cookies: [company.ceo.cookie], body: { propertyGroupIds: [] } }));
    expect(await ok(invoke('GET', `/api/properties/${outside.propertyId}`, { cookies: [manager.cookie] }))).toMatchObject({ id: outside.propertyId });
    await ok(invoke('PUT', `/api/team/${manager.user.id}/access`, { cookies: [company.ceo.cookie], body: { propertyGroupIds: [inside.groupId] } }));
    expect((await invoke('GET', `/api/properties/${outside.propertyId}`, { cookies: [manager.cookie] })).status).toBe(404);
  });
});
