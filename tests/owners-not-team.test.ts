// A property owner (role `owner`, issue 41 point 3) is a user of the company but not a member of its
// team: the lists of people who work (the dispatch board's rows, the team report, work durations,
// the public API's team, the manual notification's "everyone") leave owners out, while the team
// screen shows them in their own section (GET /api/team).
import { invoke } from '../local/invoke';
import { findUserByEmail } from '#functions/data/repositories/users';
import { createTestCompany, signIn, uniqueEmail, type Member, type TestCompany } from './support/fixtures';
import { emailsTo } from './support/notifications';
import { apiKey, bearer } from './support/public-api';

let company: TestCompany;
let staff: Member;
let owner: Member;

beforeAll(async () => {
  company = await createTestCompany({ plan: 'enterprise' });
  staff = await company.add('staff');
  const casa = await invoke('POST', '/api/properties', { cookies: [company.ceo.cookie], body: { name: 'Casa do Dono', address: 'Rua 3' } });
  expect(casa.status).toBe(201);
  const email = uniqueEmail('owner');
  const invited = await invoke('POST', '/api/team/invites', { cookies: [company.ceo.cookie], body: { email, firstName: 'Olga', lastName: 'Owner', role: 'owner', propertyIds: [casa.body.id] } });
  expect(invited.status).toBe(201);
  const user = (await findUserByEmail(email))!;
  owner = { user, cookie: await signIn(user) };
});

describe('owners are not the team', () => {
  it('are listed on the team screen, in their role', async () => {
    const team = (await invoke('GET', '/api/team', { cookies: [company.ceo.cookie] })).body as Array<{ id: string; role: string }>;
    expect(team.find((member) => member.id === owner.user.id)?.role).toBe('owner');
  });

  it('have no row on the dispatch board, no line in the team report or durations', async () => {
    const board = await invoke('GET', '/api/dispatch', { cookies: [company.ceo.cookie] });
    expect(board.status).toBe(200);
    const rowIds = (board.body.rows as Array<{ member: { id: string } | null }>).map((row) => row.member?.id ?? null);
    expect(rowIds).toContain(staff.user.id);
    expect(rowIds).not.toContain(owner.user.id);

    const report = await invoke('GET', '/api/reports?type=team', { cookies: [company.ceo.cookie] });
    expect(report.status).toBe(200);
    expect(JSON.stringify(report.body)).toContain(staff.user.email);
    expect(JSON.stringify(report.body)).not.toContain(owner.user.email);

    const durations = (await invoke('GET', '/api/team/durations', { cookies: [company.ceo.cookie] })).body as Array<{ userId: string }>;
    expect(durations.map((entry) => entry.userId)).toContain(staff.user.id);
    expect(durations.map((entry) => entry.userId)).not.toContain(owner.user.id);
  });

  it("are not in the public API's team", async () => {
    const key = await apiKey(company, ['read']);
    const listed = await invoke('GET', '/api/v1/team?limit=100', bearer(key));
    expect(listed.status).toBe(200);
    const ids = (listed.body.data as Array<{ id: string }>).map((member) => member.id);
    expect(ids).toContain(staff.user.id);
    expect(ids).not.toContain(owner.user.id);
  });

  it('do not receive the messages the CEO sends to everyone, nor may be picked by role', async () => {
    const sent = await invoke('POST', '/api/notifications/send', {
      cookies: [company.ceo.cookie],
      body: { companyId: company.companyId, subject: 'Team meeting', message: 'Team meeting at 9', audience: 'everyone' },
    });
    expect(sent.status).toBe(200);
    expect((await emailsTo(staff.user.email)).some((mail) => mail.text?.includes('Team meeting at 9'))).toBe(true);
    expect((await emailsTo(owner.user.email)).some((mail) => mail.text?.includes('Team meeting at 9'))).toBe(false);
    const byRole = await invoke('POST', '/api/notifications/send', {
      cookies: [company.ceo.cookie],
      body: { companyId: company.companyId, message: 'Hello owners', audience: 'role', role: 'owner' },
    });
    expect(byRole.status).toBe(400);
  });
});
