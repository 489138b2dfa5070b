// Team invitations, role changes and removals through the route table, against the local
// stand-ins (DynamoDB Local, cognito-local, the SES stand-in).
import { createHash } from 'node:crypto';
import { invoke } from '../../local/invoke';
import { createTestCompany, uniqueEmail } from '../../tests/support/fixtures';
import { cognitoStatus, linkTokenFor, mailTo } from '../../tests/support/identity';
import * as publisher from '../events/publisher';
import { getStats } from '../data/repositories/stats';
import { findUserByEmail, getUser } from '../data/repositories/users';
import { getTask } from '../data/repositories/tasks';
import { getRawItem } from '../data/db';
import { keys } from '../data/keys';

jest.mock('../events/publisher', () => {
  const actual = jest.requireActual('../events/publisher');
  return { ...actual, publishEvents: jest.fn(actual.publishEvents) };
});
const published = publisher.publishEvents as jest.MockedFunction<typeof publisher.publishEvents>;
const publishedTypes = () => published.mock.calls.flatMap(([events]) => events.map((event) => event.type));
beforeEach(() => published.mockClear());

const NEW_PASSWORD = 'Inv1ted-Passw0rd!';

const invitation = (overrides: Record<string, unknown> = {}) => ({ email: uniqueEmail('invitee'), firstName: 'Beatriz', lastName: 'Lima', role: 'staff', ...overrides });

describe('inviting a member', () => {
  it('adds the member, creates the pool user without a password and e-mails a 7-day set-password link that works', async () => {
    const company = await createTestCompany({ name: 'Atlântico Stays' });
    const body = invitation({ role: 'operational_manager' });

    const response = await invoke('POST', '/api/team/invites', { cookies: [company.ceo.cookie], body });

    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ email: body.email, firstName: 'Beatriz', lastName: 'Lima', role: 'operational_manager', invitationPending: true });
    expect(publishedTypes()).toEqual(['member.invited']);
    expect((await getStats(company.companyId)).userCount).toBe(2);
    expect(await cognitoStatus(body.email)).toBe('FORCE_CHANGE_PASSWORD');
    const [mail] = await mailTo(body.email);
    expect(mail.subject).toBe('You are invited to join Atlântico Stays on RentalOps');
    expect(mail.body.text).toContain('Carla Owner invited you to join Atlântico Stays on RentalOps as Manager');
    expect(mail.body.text).toContain('The link is valid for 7 days');
    const pending = await invoke('GET', '/api/team/invites', { cookies: [company.ceo.cookie] });
    expect(pending.body.map((m: { email: string }) => m.email)).toEqual([body.email]);

    const token = await linkTokenFor(body.email, 'reset-password');
    const stored = await getRawItem(keys.token('reset-password', createHash('sha256').update(token).digest('base64url')));
    expect(Number(stored!.expiresAt) - Date.now() / 1000).toBeGreaterThan(7 * 86_400 - 120);
    expect((await invoke('POST', '/api/auth/reset-password', { body: { token, newPassword: NEW_PASSWORD } })).status).toBe(200);
    const login = await invoke('POST', '/api/auth/login-email', { body: { email: body.email, password: NEW_PASSWORD } });
    expect(login.status).toBe(200);
    expect((await invoke('GET', '/api/team/invites', { cookies: [company.ceo.cookie] })).body).toEqual([]);
    expect((await invoke('POST', `/api/team/invites/${response.body.id}/resend`, { cookies: [company.ceo.cookie] })).status).toBe(409);
  });

  it('refuses an invitation over the plan\'s user limit and writes nothing: no member, no pool user, no mail', async () => {
    const company = await createTestCompany({ plan: 'basic' });
    await company.add('staff');
    await company.add('staff');
    const body = invitation();

    const response = await invoke('POST', '/api/team/invites', { cookies: [company.ceo.cookie], headers: { 'accept-language': 'pt-BR' }, body });

    expect(response.status).toBe(403);
    expect(response.body.message).toMatch(/^Limite de usuários atingido\. Plano .+ permite até 3 usuários\.$/);
    expect(await findUserByEmail(body.email)).toBeUndefined();
    expect(await cognitoStatus(body.email)).toBeUndefined();
    expect(await mailTo(body.email)).toHaveLength(0);
    expect((await getStats(company.companyId)).userCount).toBe(3);
    expect(publishedTypes()).toEqual([]);
  });

  it('refuses an e-mail that already has an account, a bad body, and callers who are not the CEO', async () => {
    const company = await createTestCompany();
    const manager = await company.add('operational_manager');
    const taken = await invoke('POST', '/api/team/invites', { cookies: [company.ceo.cookie], body: invitation({ email: manager.user.email }) });
    expect(taken.status).toBe(409);
    const bad = await invoke('POST', '/api/team/invites', { cookies: [company.ceo.cookie], body: { email: 'nope', role: 'boss' } });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['email', 'firstName', 'lastName', 'role']);
    expect((await invoke('POST', '/api/team/invites', { cookies: [manager.cookie], body: invitation() })).status).toBe(403);
    expect((await getStats(company.companyId)).userCount).toBe(2);
  });

  it('resends a fresh link to someone who has not set a password yet, and the invitation state follows it', async () => {
    const company = await createTestCompany();
    const body = invitation();
    const invited = (await invoke('POST', '/api/team/invites', { cookies: [company.ceo.cookie], body })).body;
    expect(invited.invitationSentAt).toBe(invited.invitedAt);
    expect(Date.parse(invited.invitationExpiresAt) - Date.parse(invited.invitationSentAt)).toBe(7 * 86_400_000);
    const resent = await invoke('POST', `/api/team/invites/${invited.id}/resend`, { cookies: [company.ceo.cookie] });
    expect(resent.status).toBe(200);
    expect(await mailTo(body.email)).toHaveLength(2);
    expect(resent.body.invitationSentAt > invited.invitationSentAt).toBe(true);
    const [pending] = (await invoke('GET', '/api/team/invites', { cookies: [company.ceo.cookie] })).body;
    expect(pending).toMatchObject({ id: invited.id, invitationPending: true, invitationSentAt: resent.body.invitationSentAt, invitationExpiresAt: resent.body.invitationExpiresAt });
  });

  it('links the invitation to the set-password page in its invitation wording', async () => {
    const company = await createTestCompany();
    const body = invitation();
    await invoke('POST', '/api/team/invites', { cookies: [company.ceo.cookie], body });
    const [mail] = await mailTo(body.email);
    expect(mail.body.text).toMatch(/\/reset-password\?token=[A-Za-z0-9_%-]+&invite=1\n/);
  });

  it('says plainly when the person is already on the team or already invited, and marks invitees in the team list', async () => {
    const company = await createTestCompany();
    const staff = await company.add('staff');
    const body = invitation();
    const invited = (await invoke('POST', '/api/team/invites', { cookies: [company.ceo.cookie], body })).body;

    const member = await invoke('POST', '/api/team/invites', { cookies: [company.ceo.cookie], body: invitation({ email: staff.user.email.toUpperCase() }) });
    expect(member.status).toBe(409);
    expect(member.body.message).toBe('This person is already a member of your team');
    const again = await invoke('POST', '/api/team/invites', { cookies: [company.ceo.cookie], headers: { 'accept-language': 'es' }, body });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('Esta persona ya fue invitada: reenvía la invitación desde la lista de pendientes');
    const elsewhere = await createTestCompany();
    const taken = await invoke('POST', '/api/team/invites', { cookies: [company.ceo.cookie], body: invitation({ email: elsewhere.ceo.user.email }) });
    expect(taken.body.message).toBe('An account with this e-mail already exists');

    const team = (await invoke('GET', '/api/team', { cookies: [staff.cookie] })).body as Array<{ id: string; invitationPending: boolean }>;
    expect(team.filter((m) => m.invitationPending).map((m) => m.id)).toEqual([invited.id]);
    expect(team).toHaveLength(3);
    expect((await invoke('GET', '/api/team/invites', { cookies: [staff.cookie] })).status).toBe(403);
  });
});

describe('changing roles', () => {
  it('lets the CEO change a role, and the member\'s open session follows it', async () => {
    const company = await createTestCompany();
    const staff = await company.add('staff');
    const addProperty = () => invoke('POST', '/api/properties', { cookies: [staff.cookie], body: { name: 'Casa', address: 'Rua' } });
    expect((await addProperty()).status).toBe(403);

    const changed = await invoke('PUT', `/api/team/${staff.user.id}/role`, { cookies: [company.ceo.cookie], body: { role: 'operational_manager' } });

    expect(changed.status).toBe(200);
    expect(changed.body.role).toBe('operational_manager');
    expect(publishedTypes()).toEqual(['member.role_changed']);
    expect((await addProperty()).status).toBe(201);
    expect((await invoke('PUT', `/api/team/${staff.user.id}/role`, { cookies: [staff.cookie], body: { role: 'ceo' } })).status).toBe(403);
  });

  it('keeps at least one CEO: the last one cannot step down, one of two can', async () => {
    const company = await createTestCompany();
    const alone = await invoke('PUT', `/api/team/${company.ceo.user.id}/role`, { cookies: [company.ceo.cookie], body: { role: 'staff' } });
    expect(alone.status).toBe(409);
    expect(alone.body.message).toBe('The company needs at least one CEO: make someone else CEO first');
    const second = await company.add('ceo');
    expect((await invoke('PUT', `/api/team/${company.ceo.user.id}/role`, { cookies: [company.ceo.cookie], body: { role: 'staff' } })).status).toBe(200);
    expect((await invoke('PUT', `/api/team/${second.user.id}/role`, { cookies: [second.cookie], body: { role: 'staff' } })).status).toBe(409);
    expect((await getUser(company.companyId, second.user.id))?.role).toBe('ceo');
  });

  it('never leaves the company without a CEO when two CEOs step down at once', async () => {
    for (let round = 0; round < 3; round += 1) {
      const company = await createTestCompany();
      const second = await company.add('ceo');
      const [a, b] = await Promise.all([
        invoke('PUT', `/api/team/${company.ceo.user.id}/role`, { cookies: [company.ceo.cookie], body: { role: 'staff' } }),
        invoke('PUT', `/api/team/${second.user.id}/role`, { cookies: [second.cookie], body: { role: 'staff' } }),
      ]);
      expect([a.status, b.status]).toContain(409);
      const roles = [(await getUser(company.companyId, company.ceo.user.id))?.role, (await getUser(company.companyId, second.user.id))?.role];
      expect(roles).toContain('ceo');
    }
  });
});

describe('removing members', () => {
  it('removes the member: signed out, a seat and the e-mail freed, the pool user gone, their tasks keep the id', async () => {
    const company = await createTestCompany();
    const invited = invitation();
    const member = (await invoke('POST', '/api/team/invites', { cookies: [company.ceo.cookie], body: invited })).body;
    const staff = await company.add('staff');
    const property = (await invoke('POST', '/api/properties', { cookies: [company.ceo.cookie], body: { name: 'Casa', address: 'Rua' } })).body;
    const task = (await invoke('POST', '/api/tasks', { cookies: [company.ceo.cookie], body: { title: 'Clean', propertyId: property.id, assignedUserId: staff.user.id } })).body;
    expect((await getStats(company.companyId)).userCount).toBe(3);

    expect((await invoke('DELETE', `/api/team/${staff.user.id}`, { cookies: [company.ceo.cookie] })).status).toBe(204);
    expect((await invoke('DELETE', `/api/team/${member.id}`, { cookies: [company.ceo.cookie] })).status).toBe(204);

    expect(publishedTypes().filter((type) => type.startsWith('member.'))).toEqual(['member.invited', 'member.removed', 'member.removed']);
    expect((await invoke('GET', '/api/auth/user', { cookies: [staff.cookie] })).status).toBe(401);
    expect((await getStats(company.companyId)).userCount).toBe(1);
    expect((await invoke('GET', '/api/team', { cookies: [company.ceo.cookie] })).body.map((m: { id: string }) => m.id)).toEqual([company.ceo.user.id]);
    expect(await cognitoStatus(invited.email)).toBeUndefined();
    expect((await getTask(company.companyId, task.id))?.assignedUserId).toBe(staff.user.id);
    // The address can be invited again.
    expect((await invoke('POST', '/api/team/invites', { cookies: [company.ceo.cookie], body: { ...invited } })).status).toBe(201);
  });

  it('refuses removing yourself, and managers removing anyone', async () => {
    const company = await createTestCompany();
    const manager = await company.add('operational_manager');
    const self = await invoke('DELETE', `/api/team/${company.ceo.user.id}`, { cookies: [company.ceo.cookie] });
    expect(self.status).toBe(400);
    expect(self.body.message).toBe('You cannot remove yourself from the company');
    expect((await invoke('DELETE', `/api/team/${company.ceo.user.id}`, { cookies: [manager.cookie] })).status).toBe(403);
    expect((await getStats(company.companyId)).userCount).toBe(2);
  });

  it('answers 404 for another company\'s member on every team route, and changes nothing', async () => {
    const mine = await createTestCompany();
    const theirs = await createTestCompany();
    const their = await theirs.add('staff');
    const me = [mine.ceo.cookie];
    expect((await invoke('PUT', `/api/team/${their.user.id}/role`, { cookies: me, body: { role: 'ceo' } })).status).toBe(404);
    expect((await invoke('DELETE', `/api/team/${their.user.id}`, { cookies: me })).status).toBe(404);
    expect((await invoke('POST', `/api/team/invites/${their.user.id}/resend`, { cookies: me })).status).toBe(404);
    expect(await getUser(theirs.companyId, their.user.id)).toMatchObject({ role: 'staff' });
    expect((await invoke('GET', '/api/auth/user', { cookies: [their.cookie] })).status).toBe(200);
  });
});
