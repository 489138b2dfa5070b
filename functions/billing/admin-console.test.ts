// The master's console (issue 22 point 6), through the route table: only the master account reaches
// /api/admin/* (everyone else, signed in or not, gets 404); it lists companies with their state,
// extends or ends a trial (then the company's writes are refused or allowed again), sets a plan,
// applies or refuses a pending request, and every action is in the company's audit with who did it.
import { invoke } from '../../local/invoke';
import { companyItems, createTestCompany, signIn, type Member, type TestCompany } from '../../tests/support/fixtures';
import { createCompanyWithOwner, getCompany } from '../data/repositories/companies';
import { findUserByEmail } from '../data/repositories/users';

const MASTER_EMAIL = process.env.MASTER_EMAIL ?? 'master@rentalops.test';
const DAY = 86_400_000;

async function master(): Promise<Member> {
  const existing = await findUserByEmail(MASTER_EMAIL);
  if (existing) return { user: existing, cookie: await signIn(existing) };
  const { user } = await createCompanyWithOwner({ company: { name: 'RentalOps Platform', plan: 'enterprise' }, owner: { email: MASTER_EMAIL, firstName: 'Master', lastName: 'Admin', role: 'ceo' } });
  return { user, cookie: await signIn(user) };
}

const put = (member: Member, companyId: string, body: unknown, headers: Record<string, string> = {}) =>
  invoke('PUT', `/api/admin/companies/${companyId}`, { cookies: [member.cookie], body, headers });

async function allCompanies(member: Member): Promise<Array<Record<string, any>>> {
  const rows: Array<Record<string, any>> = [];
  let cursor: string | undefined;
  do {
    const page = await invoke('GET', `/api/admin/companies?limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`, { cookies: [member.cookie] });
    expect(page.status).toBe(200);
    rows.push(...page.body);
    cursor = page.headers['x-next-cursor'];
  } while (cursor);
  return rows;
}

describe('the master console', () => {
  let admin: Member;
  let company: TestCompany;
  beforeAll(async () => {
    admin = await master();
    company = await createTestCompany({ plan: 'trial', name: 'Serra Retreats' });
  });

  it('answers 404 to everyone but the master account: CEO, manager, staff and anonymous alike', async () => {
    const manager = await company.add('operational_manager');
    const staff = await company.add('staff');
    const before = await companyItems(company.companyId);
    const calls: Array<[string, string, unknown]> = [
      ['GET', '/api/admin/companies', undefined],
      ['GET', `/api/admin/companies/${company.companyId}`, undefined],
      ['PUT', `/api/admin/companies/${company.companyId}`, { trialEndsAt: new Date(Date.now() + 30 * DAY).toISOString() }],
      ['PUT', `/api/admin/companies/${company.companyId}/plan-request`, { decision: 'apply' }],
    ];
    for (const [method, url, body] of calls) {
      for (const cookies of [[company.ceo.cookie], [manager.cookie], [staff.cookie], [], ['rentalops_sid=forged']]) {
        const answer = await invoke(method, url, { cookies, body });
        expect({ url, method, status: answer.status }).toEqual({ url, method, status: 404 });
      }
    }
    expect(await companyItems(company.companyId)).toBe(before);
  });

  it('lists every company with plan, trial end, usage and billing state', async () => {
    const rows = await allCompanies(admin);
    const row = rows.find((r) => r.id === company.companyId);
    expect(row).toMatchObject({
      name: 'Serra Retreats',
      plan: 'trial',
      trialEndsAt: expect.any(String),
      readOnly: null,
      usage: { properties: 0, users: expect.any(Number), storageBytes: 0, limits: { properties: 20, users: 5, storageBytes: 500 * 1024 * 1024 } },
      pendingRequest: null,
    });
    expect(rows.some((r) => r.id === admin.user.companyId)).toBe(true);
  });

  it('ends a trial (writes refused), extends it (writes allowed), and records both with who did it', async () => {
    const ended = await put(admin, company.companyId, { trialEndsAt: new Date(Date.now() - 1000).toISOString(), reason: 'asked by the customer' });
    expect(ended.status).toBe(200);
    expect(ended.body.readOnly).toBe('trial_ended');
    const refused = await invoke('POST', '/api/properties', { cookies: [company.ceo.cookie], body: { name: 'Casa', address: 'Rua' } });
    expect(refused.status).toBe(402);
    expect(refused.body.code).toBe('subscription.trial_ended');

    const until = new Date(Date.now() + 10 * DAY).toISOString();
    const extended = await put(admin, company.companyId, { trialEndsAt: until });
    expect(extended.status).toBe(200);
    expect(extended.body).toMatchObject({ trialEndsAt: until, readOnly: null });
    expect((await invoke('POST', '/api/properties', { cookies: [company.ceo.cookie], body: { name: 'Casa', address: 'Rua' } })).status).toBe(201);

    const detail = await invoke('GET', `/api/admin/companies/${company.companyId}`, { cookies: [admin.cookie] });
    expect(detail.body.audit.map((entry: { action: string }) => entry.action)).toEqual(['trial_extended', 'trial_ended']);
    expect(detail.body.audit[1]).toMatchObject({ by: { userId: admin.user.id, email: MASTER_EMAIL }, reason: 'asked by the customer', changes: { trialEndsAt: { to: expect.any(String) } } });
  });

  it('sets a plan at once (billing history by the admin) and refuses a trial date on a paid company', async () => {
    const other = await createTestCompany({ plan: 'trial' });
    const set = await put(admin, other.companyId, { plan: 'basic' });
    expect(set.status).toBe(200);
    expect(set.body).toMatchObject({ plan: 'basic', trialEndsAt: null, readOnly: null });
    expect(set.body.audit[0]).toMatchObject({ action: 'plan_set', changes: { plan: { from: 'trial', to: 'basic' } }, by: { email: MASTER_EMAIL } });
    expect(set.body.billingHistory[0]).toMatchObject({ toPlan: 'basic', by: { kind: 'admin', userId: admin.user.id } });
    expect((await getCompany(other.companyId))?.plan).toBe('basic');

    const onPaid = await put(admin, other.companyId, { trialEndsAt: new Date(Date.now() + DAY).toISOString() }, { 'accept-language': 'en' });
    expect(onPaid.status).toBe(409);
    expect(onPaid.body.message).toBe('This company is not on the trial plan: set a plan instead');
  });

  it('applies or refuses a pending enterprise request, recorded in the audit', async () => {
    const asking = await createTestCompany({ plan: 'professional' });
    const request = await invoke('POST', '/api/plan-requests', { cookies: [asking.ceo.cookie], body: { plan: 'enterprise', billing: 'yearly' } });
    expect(request.status).toBe(201);
    const listed = (await allCompanies(admin)).find((r) => r.id === asking.companyId);
    expect(listed?.pendingRequest).toMatchObject({ plan: 'enterprise', status: 'pending' });

    const refused = await invoke('PUT', `/api/admin/companies/${asking.companyId}/plan-request`, { cookies: [admin.cookie], body: { decision: 'refuse' } });
    expect(refused.status).toBe(200);
    expect(refused.body).toMatchObject({ plan: 'professional', pendingRequest: null });
    expect(refused.body.audit[0]).toMatchObject({ action: 'request_refused' });
    expect((await invoke('PUT', `/api/admin/companies/${asking.companyId}/plan-request`, { cookies: [admin.cookie], body: { decision: 'apply' } })).status).toBe(409);

    await invoke('POST', '/api/plan-requests', { cookies: [asking.ceo.cookie], body: { plan: 'enterprise', billing: 'monthly' } });
    const applied = await invoke('PUT', `/api/admin/companies/${asking.companyId}/plan-request`, { cookies: [admin.cookie], body: { decision: 'apply' } });
    expect(applied.status).toBe(200);
    expect(applied.body).toMatchObject({ plan: 'enterprise', pendingRequest: null });
    expect(applied.body.audit.map((e: { action: string }) => e.action)).toEqual(['request_applied', 'request_refused']);
    expect((await invoke('GET', '/api/plan-requests', { cookies: [asking.ceo.cookie] })).body).toEqual([]);
  });

  it('answers hostile bodies with 400 and writes nothing', async () => {
    const target = await createTestCompany({ plan: 'trial' });
    const before = await companyItems(target.companyId);
    const bodies: unknown[] = [
      {},
      { trialEndsAt: 'tomorrow' },
      { trialEndsAt: '2026-13-45T99:00:00Z' },
      { trialEndsAt: 1_900_000_000_000 },
      { trialEndsAt: new Date(Date.now() + 400 * DAY).toISOString() },
      { trialEndsAt: '1999-01-01T00:00:00Z' },
      { trialEndsAt: 'x'.repeat(100_000) },
      { plan: 'gold' },
      { plan: 'trial' },
      { plan: ['basic'] },
      { plan: 'basic', trialEndsAt: new Date().toISOString() },
      { plan: 'basic', companyId: company.companyId },
      { plan: 'basic', billingStatus: 'active' },
      { __proto__: { plan: 'basic' } },
      [{ plan: 'basic' }],
      'basic',
      null,
    ];
    for (const body of bodies) {
      const answer = await put(admin, target.companyId, JSON.stringify(body), { 'accept-language': 'es' });
      expect({ body, status: answer.status }).toEqual({ body, status: 400 });
      expect(answer.text).not.toMatch(/at \w+ \(|\.ts:\d+/);
    }
    for (const body of [{}, { decision: 'maybe' }, { decision: 'apply', plan: 'enterprise' }, []]) {
      const answer = await invoke('PUT', `/api/admin/companies/${target.companyId}/plan-request`, { cookies: [admin.cookie], body });
      expect({ body, status: answer.status }).toEqual({ body, status: 400 });
    }
    expect((await put(admin, '01JDEMO0000000000000000000', { plan: 'basic' })).status).toBe(404);
    expect(await companyItems(target.companyId)).toBe(before);
    expect((await getCompany(target.companyId))?.plan).toBe('trial');
  });
});
