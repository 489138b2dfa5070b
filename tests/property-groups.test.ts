// Property groups and members' access (issue 41 points 1 and 2; docs/property-scope.md), through the
// route table: who may make groups, unknown ids refused in words, a property in several groups,
// deleting a group still giving access refused, the CEO never scoped, access shown in the team list.
import { invoke } from '../local/invoke';
import { createTestCompany, type Member, type TestCompany } from './support/fixtures';

let company: TestCompany;
let manager: Member;
let staff: Member;
let propertyA: string;
let propertyB: string;

const ceo = () => ({ cookies: [company.ceo.cookie] });

beforeAll(async () => {
  company = await createTestCompany();
  manager = await company.add('operational_manager');
  staff = await company.add('staff');
  propertyA = (await invoke('POST', '/api/properties', { ...ceo(), body: { name: 'Casa A', address: 'Rua A' } })).body.id;
  propertyB = (await invoke('POST', '/api/properties', { ...ceo(), body: { name: 'Casa B', address: 'Rua B' } })).body.id;
});

describe('property groups', () => {
  it('are made, renamed, given members and deleted by the CEO and unscoped managers; a property may be in several', async () => {
    const north = await invoke('POST', '/api/property-groups', { ...ceo(), body: { name: '  Norte ', propertyIds: [propertyA, propertyB, propertyA] } });
    expect(north.status).toBe(201);
    expect(north.body).toMatchObject({ name: 'Norte', propertyIds: [propertyA, propertyB] });
    const coast = await invoke('POST', '/api/property-groups', { cookies: [manager.cookie], body: { name: 'Costa', propertyIds: [propertyA] } });
    expect(coast.status).toBe(201);
    const renamed = await invoke('PUT', `/api/property-groups/${north.body.id}`, { ...ceo(), body: { name: 'Norte e Sul', propertyIds: [propertyB] } });
    expect(renamed.body).toMatchObject({ id: north.body.id, name: 'Norte e Sul', propertyIds: [propertyB] });
    const listed = await invoke('GET', '/api/property-groups', ceo());
    expect(listed.body.map((group: { name: string }) => group.name)).toEqual(['Costa', 'Norte e Sul']);
    expect((await invoke('DELETE', `/api/property-groups/${coast.body.id}`, ceo())).status).toBe(204);
    expect((await invoke('GET', '/api/property-groups', ceo())).body.map((group: { id: string }) => group.id)).toEqual([north.body.id]);
    expect((await invoke('PUT', `/api/property-groups/${coast.body.id}`, { ...ceo(), body: { name: 'Gone', propertyIds: [] } })).status).toBe(404);
  });

  it('refuses unknown properties by naming them, in the caller\'s language, and writes nothing', async () => {
    const before = (await invoke('GET', '/api/property-groups', ceo())).body.length;
    const answer = await invoke('POST', '/api/property-groups', { ...ceo(), headers: { 'accept-language': 'pt-BR' }, body: { name: 'X', propertyIds: [propertyA, 'NOPE123'] } });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe('Estas propriedades não existem na sua empresa: NOPE123');
    const other = await createTestCompany();
    const foreign = (await invoke('POST', '/api/properties', { cookies: [other.ceo.cookie], body: { name: 'Other', address: 'Rua' } })).body.id;
    const stolen = await invoke('POST', '/api/property-groups', { ...ceo(), body: { name: 'X', propertyIds: [foreign] } });
    expect(stolen.status).toBe(400);
    expect(stolen.body.message).toContain(foreign);
    expect((await invoke('POST', '/api/property-groups', { ...ceo(), body: { name: '   ', propertyIds: [] } })).status).toBe(400);
    expect((await invoke('GET', '/api/property-groups', ceo())).body.length).toBe(before);
  });

  it('are not for staff, nor for a scoped manager', async () => {
    expect((await invoke('GET', '/api/property-groups', { cookies: [staff.cookie] })).status).toBe(403);
    const group = (await invoke('POST', '/api/property-groups', { ...ceo(), body: { name: 'Só A', propertyIds: [propertyA] } })).body;
    const scoped = await company.add('operational_manager');
    expect((await invoke('PUT', `/api/team/${scoped.user.id}/access`, { ...ceo(), body: { propertyGroupIds: [group.id] } })).status).toBe(200);
    const tried = await invoke('POST', '/api/property-groups', { cookies: [scoped.cookie], body: { name: 'Mine', propertyIds: [propertyB] } });
    expect(tried.status).toBe(403);
    expect(tried.body.message).toMatch(/every property/);
    expect((await invoke('PUT', `/api/property-groups/${group.id}`, { cookies: [scoped.cookie], body: { name: 'Mine', propertyIds: [propertyA, propertyB] } })).status).toBe(403);
    // The app hides groups and new properties from them: the current user says they are scoped.
    expect((await invoke('GET', '/api/auth/user', { cookies: [scoped.cookie] })).body.seesEveryProperty).toBe(false);
    expect((await invoke('GET', '/api/auth/user', { cookies: [manager.cookie] })).body.seesEveryProperty).toBe(true);
    expect((await invoke('GET', '/api/auth/user', ceo())).body.seesEveryProperty).toBe(true);
    // Nor may a scoped manager add a property they could not see.
    expect((await invoke('POST', '/api/properties', { cookies: [scoped.cookie], body: { name: 'Casa C', address: 'Rua C' } })).status).toBe(403);
  });
});

describe("a member's access", () => {
  it('is shown in the team list, refuses unknown groups and the CEO, and a group giving access cannot be deleted', async () => {
    const group = (await invoke('POST', '/api/property-groups', { ...ceo(), body: { name: 'Acesso', propertyIds: [propertyA] } })).body;
    const set = await invoke('PUT', `/api/team/${staff.user.id}/access`, { ...ceo(), body: { propertyGroupIds: [group.id] } });
    expect(set.body).toMatchObject({ id: staff.user.id, propertyGroupIds: [group.id] });
    const team = (await invoke('GET', '/api/team', ceo())).body as Array<{ id: string; propertyGroupIds: string[] }>;
    expect(team.find((member) => member.id === staff.user.id)?.propertyGroupIds).toEqual([group.id]);
    expect(team.find((member) => member.id === company.ceo.user.id)?.propertyGroupIds).toEqual([]);

    const unknown = await invoke('PUT', `/api/team/${staff.user.id}/access`, { ...ceo(), body: { propertyGroupIds: ['NOGROUP'] } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toContain('NOGROUP');
    const ceoScoped = await invoke('PUT', `/api/team/${company.ceo.user.id}/access`, { ...ceo(), body: { propertyGroupIds: [group.id] } });
    expect(ceoScoped.status).toBe(400);
    expect(ceoScoped.body.message).toMatch(/CEO/);
    expect((await invoke('PUT', `/api/team/nobody/access`, { ...ceo(), body: { propertyGroupIds: [] } })).status).toBe(404);
    expect((await invoke('PUT', `/api/team/${staff.user.id}/access`, { cookies: [manager.cookie], body: { propertyGroupIds: [] } })).status).toBe(403);

    const inUse = await invoke('DELETE', `/api/property-groups/${group.id}`, ceo());
    expect(inUse.status).toBe(409);
    expect(inUse.body.message).toMatch(/1 member/);
    // Absent = every property again; then the group can go.
    expect((await invoke('PUT', `/api/team/${staff.user.id}/access`, { ...ceo(), body: {} })).body.propertyGroupIds).toEqual([]);
    expect((await invoke('DELETE', `/api/property-groups/${group.id}`, ceo())).status).toBe(204);
  });

  it("takes effect on the member's next request, in the same session", async () => {
    const group = (await invoke('POST', '/api/property-groups', { ...ceo(), body: { name: 'Só B', propertyIds: [propertyB] } })).body;
    const ids = async () => ((await invoke('GET', '/api/properties', { cookies: [staff.cookie] })).body as Array<{ id: string }>).map((p) => p.id).sort();
    expect(await ids()).toEqual([propertyA, propertyB].sort());
    await invoke('PUT', `/api/team/${staff.user.id}/access`, { ...ceo(), body: { propertyGroupIds: [group.id] } });
    expect(await ids()).toEqual([propertyB]);
    await invoke('PUT', `/api/property-groups/${group.id}`, { ...ceo(), body: { name: 'Só A', propertyIds: [propertyA] } });
    expect(await ids()).toEqual([propertyA]);
    await invoke('PUT', `/api/team/${staff.user.id}/access`, { ...ceo(), body: { propertyGroupIds: null } });
    expect(await ids()).toEqual([propertyA, propertyB].sort());
  });
});
