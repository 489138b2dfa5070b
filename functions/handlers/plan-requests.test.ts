// Handler tests for plan-change requests (pricing screen), through the route table against the
// local stand-ins.
import { invoke } from '../../local/invoke';
import { createTestCompany } from '../../tests/support/fixtures';
import { nextBillingCycleStart, zonedTime } from '../../shared/rules';
import { getCompany, putCompany } from '../data/repositories/companies';
import { getPendingPlanRequest, getPlanRequest } from '../data/repositories/plan-requests';
import { queryAll } from '../data/db';
import { keys } from '../data/keys';
import { recordPlanRequest as recordSignupPlan } from '../auth/account-store';

const PT = { 'accept-language': 'pt-BR' };
const DAY = 86_400_000;

async function historyOf(companyId: string) {
  return queryAll<{ id: string; plan: string; status: string }>({ partition: keys.companyPartition(companyId), beginsWith: keys.planRequestPrefix });
}

async function expireTrial(companyId: string) {
  const company = (await getCompany(companyId))!;
  await putCompany({ ...company, trialEndsAt: new Date(Date.now() - DAY).toISOString() });
}

describe('plan-change requests', () => {
  it('records a request on a trial company, effective when the trial ends, and lists it', async () => {
    const company = await createTestCompany({ plan: 'trial' });
    const { trialEndsAt } = (await getCompany(company.companyId))!;
    const response = await invoke('POST', '/api/plan-requests', { cookies: [company.ceo.cookie], body: { plan: 'professional', billing: 'yearly' } });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({
      plan: 'professional',
      billing: 'yearly',
      status: 'pending',
      source: 'pricing',
      fromPlan: 'trial',
      effectiveAt: trialEndsAt,
      requestedBy: company.ceo.user.id,
    });
    const list = await invoke('GET', '/api/plan-requests', { cookies: [company.ceo.cookie] });
    expect(list.status).toBe(200);
    expect(list.body).toEqual([response.body]);
  });

  it('makes a change on a paid plan effective on the first day of next month in the company time zone', async () => {
    const company = await createTestCompany({ plan: 'professional' });
    const response = await invoke('POST', '/api/plan-requests', { cookies: [company.ceo.cookie], body: { plan: 'enterprise', billing: 'monthly' } });
    expect(response.status).toBe(201);
    const expected = nextBillingCycleStart({ plan: 'professional', timezone: 'America/New_York' }, new Date());
    expect(response.body.effectiveAt).toBe(expected.toISOString());
    const local = zonedTime(expected, 'America/New_York');
    expect(local).toMatchObject({ hour: 0, minute: 0 });
    expect(local.date.endsWith('-01')).toBe(true);
    expect(expected.getTime()).toBeGreaterThan(Date.now());
  });

  it('makes a change effective at once when the trial has already expired', async () => {
    const company = await createTestCompany({ plan: 'trial' });
    await expireTrial(company.companyId);
    const before = Date.now();
    const response = await invoke('POST', '/api/plan-requests', { cookies: [company.ceo.cookie], body: { plan: 'basic', billing: 'monthly' } });
    expect(response.status).toBe(201);
    const effective = new Date(response.body.effectiveAt).getTime();
    expect(effective).toBeGreaterThanOrEqual(before);
    expect(effective).toBeLessThanOrEqual(Date.now());
  });

  it('replaces the pending request with a new choice and keeps the old one as superseded', async () => {
    const company = await createTestCompany({ plan: 'basic' });
    const first = await invoke('POST', '/api/plan-requests', { cookies: [company.ceo.cookie], body: { plan: 'professional', billing: 'monthly' } });
    const second = await invoke('POST', '/api/plan-requests', { cookies: [company.ceo.cookie], body: { plan: 'enterprise', billing: 'yearly' } });
    expect(second.status).toBe(201);
    const list = await invoke('GET', '/api/plan-requests', { cookies: [company.ceo.cookie] });
    expect(list.body.map((r: { id: string }) => r.id)).toEqual([second.body.id]);
    expect(await getPlanRequest(company.companyId, first.body.id)).toMatchObject({ status: 'superseded', closedBy: company.ceo.user.id });
  });

  it('answers the same choice again with the pending request and writes nothing new', async () => {
    const company = await createTestCompany({ plan: 'basic' });
    const body = { plan: 'professional', billing: 'monthly' };
    const first = await invoke('POST', '/api/plan-requests', { cookies: [company.ceo.cookie], body });
    const again = await invoke('POST', '/api/plan-requests', { cookies: [company.ceo.cookie], body });
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(first.body.id);
    expect(await historyOf(company.companyId)).toHaveLength(1);
  });

  it.each([
    ['the current plan', 'professional', 'professional'],
    ['the trial while it is active', 'trial', 'trial'],
    ['the current expired trial', 'trial', 'trial-expired'],
  ])('refuses %s with 409 and writes nothing', async (_label, plan, state) => {
    const company = await createTestCompany({ plan: state === 'professional' ? 'professional' : 'trial' });
    if (state === 'trial-expired') await expireTrial(company.companyId);
    const response = await invoke('POST', '/api/plan-requests', { cookies: [company.ceo.cookie], headers: PT, body: { plan, billing: 'monthly' } });
    expect(response.status).toBe(409);
    expect(response.body.message).toBe('Este já é o seu plano atual');
    expect(await historyOf(company.companyId)).toEqual([]);
  });

  it.each(['basic', 'professional', 'enterprise'] as const)('refuses the free trial to a company on %s with a translated 409 and writes nothing', async (plan) => {
    const company = await createTestCompany({ plan });
    const response = await invoke('POST', '/api/plan-requests', { cookies: [company.ceo.cookie], headers: PT, body: { plan: 'trial', billing: 'monthly' } });
    expect(response.status).toBe(409);
    expect(response.body.message).toBe('Sua empresa já usou o período de teste gratuito: escolha um plano pago');
    expect(await historyOf(company.companyId)).toEqual([]);
    const english = await invoke('POST', '/api/plan-requests', { cookies: [company.ceo.cookie], headers: { 'accept-language': 'en' }, body: { plan: 'trial', billing: 'yearly' } });
    expect(english.body.message).toBe('Your company has already used its free trial: choose a paid plan');
  });

  it('answers an invalid plan or billing with field errors and writes nothing', async () => {
    const company = await createTestCompany({ plan: 'trial' });
    const response = await invoke('POST', '/api/plan-requests', { cookies: [company.ceo.cookie], headers: PT, body: { plan: 'gold', billing: 'weekly' } });
    expect(response.status).toBe(400);
    expect(response.body.errors).toEqual({
      plan: 'Escolha um plano: trial, basic, professional ou enterprise',
      billing: 'Escolha a cobrança mensal ou anual',
    });
    const empty = await invoke('POST', '/api/plan-requests', { cookies: [company.ceo.cookie], body: {} });
    expect(empty.status).toBe(400);
    expect(Object.keys(empty.body.errors).sort()).toEqual(['billing', 'plan']);
    expect(await historyOf(company.companyId)).toEqual([]);
  });

  it('lets only the CEO request or cancel, and every role see the pending request', async () => {
    const company = await createTestCompany({ plan: 'basic' });
    const manager = await company.add('operational_manager');
    const staff = await company.add('staff');
    const body = { plan: 'professional', billing: 'monthly' };
    expect((await invoke('POST', '/api/plan-requests', { cookies: [manager.cookie], body })).status).toBe(403);
    expect((await invoke('POST', '/api/plan-requests', { cookies: [staff.cookie], body })).status).toBe(403);
    expect(await historyOf(company.companyId)).toEqual([]);
    const created = await invoke('POST', '/api/plan-requests', { cookies: [company.ceo.cookie], body });
    expect((await invoke('DELETE', `/api/plan-requests/${created.body.id}`, { cookies: [manager.cookie] })).status).toBe(403);
    const seen = await invoke('GET', '/api/plan-requests', { cookies: [staff.cookie] });
    expect(seen.body.map((r: { id: string }) => r.id)).toEqual([created.body.id]);
  });

  it('cancels the pending request, keeps it as cancelled, and answers 404 the second time', async () => {
    const company = await createTestCompany({ plan: 'trial' });
    const created = await invoke('POST', '/api/plan-requests', { cookies: [company.ceo.cookie], body: { plan: 'basic', billing: 'monthly' } });
    const cancelled = await invoke('DELETE', `/api/plan-requests/${created.body.id}`, { cookies: [company.ceo.cookie] });
    expect(cancelled.status).toBe(204);
    expect((await invoke('GET', '/api/plan-requests', { cookies: [company.ceo.cookie] })).body).toEqual([]);
    expect(await getPlanRequest(company.companyId, created.body.id)).toMatchObject({ status: 'cancelled', closedBy: company.ceo.user.id });
    expect((await invoke('DELETE', `/api/plan-requests/${created.body.id}`, { cookies: [company.ceo.cookie] })).status).toBe(404);
    // A new request can be made after a cancellation.
    expect((await invoke('POST', '/api/plan-requests', { cookies: [company.ceo.cookie], body: { plan: 'basic', billing: 'monthly' } })).status).toBe(201);
  });

  it('answers 404 for another company\'s request and leaves it pending', async () => {
    const mine = await createTestCompany({ plan: 'trial' });
    const theirs = await createTestCompany({ plan: 'trial' });
    const created = await invoke('POST', '/api/plan-requests', { cookies: [theirs.ceo.cookie], body: { plan: 'basic', billing: 'monthly' } });
    expect((await invoke('DELETE', `/api/plan-requests/${created.body.id}`, { cookies: [mine.ceo.cookie] })).status).toBe(404);
    expect((await invoke('GET', '/api/plan-requests', { cookies: [mine.ceo.cookie] })).body).toEqual([]);
    expect((await getPendingPlanRequest(theirs.companyId))?.id).toBe(created.body.id);
  });

  it('keeps at most one pending request when choices arrive at the same time', async () => {
    const company = await createTestCompany({ plan: 'trial' });
    const choices = [
      { plan: 'basic', billing: 'monthly' },
      { plan: 'basic', billing: 'yearly' },
      { plan: 'professional', billing: 'monthly' },
      { plan: 'professional', billing: 'yearly' },
      { plan: 'enterprise', billing: 'monthly' },
    ];
    const responses = await Promise.all(choices.map((body) => invoke('POST', '/api/plan-requests', { cookies: [company.ceo.cookie], body })));
    expect(responses.every((r) => r.status === 201 || r.status === 409)).toBe(true);
    const pending = (await historyOf(company.companyId)).filter((r) => r.status === 'pending');
    expect(pending).toHaveLength(1);
    const list = await invoke('GET', '/api/plan-requests', { cookies: [company.ceo.cookie] });
    expect(list.body.map((r: { id: string }) => r.id)).toEqual([pending[0].id]);
  });

  describe('the plan picked at sign-up', () => {
    it('is listed as the pending request and can be cancelled', async () => {
      const company = await createTestCompany({ plan: 'trial' });
      await recordSignupPlan(company.companyId, 'professional');
      const list = await invoke('GET', '/api/plan-requests', { cookies: [company.ceo.cookie] });
      expect(list.body).toEqual([expect.objectContaining({ id: 'signup', plan: 'professional', source: 'signup', status: 'pending' })]);
      expect((await invoke('DELETE', '/api/plan-requests/signup', { cookies: [company.ceo.cookie] })).status).toBe(204);
      expect((await invoke('GET', '/api/plan-requests', { cookies: [company.ceo.cookie] })).body).toEqual([]);
      expect((await getCompany(company.companyId))?.requestedPlan).toBeUndefined();
      expect((await historyOf(company.companyId)).map((r) => r.status)).toEqual(['cancelled']);
      expect((await invoke('DELETE', '/api/plan-requests/signup', { cookies: [company.ceo.cookie] })).status).toBe(404);
    });

    it('is replaced by a choice made on the pricing screen', async () => {
      const company = await createTestCompany({ plan: 'trial' });
      await recordSignupPlan(company.companyId, 'enterprise');
      const created = await invoke('POST', '/api/plan-requests', { cookies: [company.ceo.cookie], body: { plan: 'basic', billing: 'yearly' } });
      expect(created.status).toBe(201);
      const list = await invoke('GET', '/api/plan-requests', { cookies: [company.ceo.cookie] });
      expect(list.body.map((r: { id: string }) => r.id)).toEqual([created.body.id]);
      expect((await getCompany(company.companyId))?.requestedPlan).toBeUndefined();
      expect((await historyOf(company.companyId)).map((r) => `${r.plan}:${r.status}`).sort()).toEqual(['basic:pending', 'enterprise:superseded']);
    });
  });
});
