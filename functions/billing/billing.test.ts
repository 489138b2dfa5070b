// Plan changes and payments (issue 22) through the route table and the local payment stand-in
// (local/payments.ts): the webhook bodies are Stripe's event shapes, signed by Stripe's own
// generateTestHeaderString and verified by the same constructEvent as in AWS.
import { invoke } from '../../local/invoke';
import { LocalPaymentGateway, LOCAL_PRICES } from '../../local/payments';
import { checkoutCompletedEvent, invoiceEvent, localId, nextPeriodEnd, signPayload, subscriptionEvent, type LocalSubscription } from '../../local/payments-events';
import { createTestCompany, putRaw, type TestCompany } from '../../tests/support/fixtures';
import { PAYMENT_GRACE_DAYS } from '../../shared/billing';
import { readOnlyReason } from '../../shared/subscription';
import { getCompany } from '../data/repositories/companies';
import { getRawItem } from '../data/db';
import { keys } from '../data/keys';
import { configurePaymentGateway, paymentsPort } from '../payments/gateway';
import { changePlan } from './plan-change';
import { PlanChangeEntryRefused, isPaymentEventHandled, writeBillingChange } from '../data/repositories/billing';
import { ulid } from 'ulid';
import { handler as applyDueDowngradesJob } from '../handlers/apply-due-downgrades';
import { handler as applyDueDowngradeWorker } from '../handlers/apply-due-downgrade';

const DAY = 86_400_000;
const PT = { 'accept-language': 'pt-BR' };
let gateway: LocalPaymentGateway;
/** What the stand-in delivered to the webhook route in this test, and how the route handled each. */
let delivered: Array<{ type: string; priceMoved: boolean; status: number; outcome: string }>;

beforeEach(() => {
  delivered = [];
  gateway = new LocalPaymentGateway(async (payload, signature) => {
    const result = await invoke('POST', '/api/billing/webhook', { body: payload, headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature } });
    const event = JSON.parse(payload) as { type: string; data: { previous_attributes?: { items?: unknown } } };
    delivered.push({ type: event.type, priceMoved: !!event.data.previous_attributes?.items, status: result.status, outcome: result.body?.status });
    return { status: result.status, body: result.body };
  });
  configurePaymentGateway(gateway);
});
// Every test waits for its own deliveries (the events the stand-in sends after answering, as Stripe
// does): none of them lands in the next test.
afterEach(() => gateway.settled());
afterAll(() => paymentsPort.reset());

const history = async (company: TestCompany) => (await invoke('GET', '/api/billing/history', { cookies: [company.ceo.cookie] })).body.history as Array<Record<string, any>>;
/** The one entry of `event` (found by what it is, not by its place among entries other deliveries may add). */
async function entryOf(company: TestCompany, event: string, match: Record<string, unknown> = {}) {
  const found = (await history(company)).filter((entry) => entry.event === event && Object.entries(match).every(([name, value]) => entry[name] === value));
  expect(found).toHaveLength(1);
  return found[0];
}
/** A plan change entry always changes the plan. */
async function expectNoSamePlanChange(company: TestCompany) {
  expect((await history(company)).filter((entry) => entry.event === 'plan_changed' && entry.fromPlan === entry.toPlan)).toEqual([]);
}

async function checkout(company: TestCompany, plan: 'basic' | 'professional', billing: 'monthly' | 'yearly' = 'monthly') {
  const response = await invoke('POST', '/api/billing/checkout', { cookies: [company.ceo.cookie], body: { plan, billing }, headers: { origin: 'http://localhost:3000' } });
  expect(response.status).toBe(200);
  return response.body as { url: string; applied: boolean };
}

/** A company that paid `plan` through the local checkout. */
async function payingCompany(plan: 'basic' | 'professional', trial = true) {
  const company = await createTestCompany({ plan: trial ? 'trial' : plan });
  const { url } = await checkout(company, plan);
  await gateway.pay(url.split('/').pop()!);
  return company;
}

async function setCounters(companyId: string, counters: Record<string, number>) {
  const stats = (await getRawItem(keys.companyStats(companyId)))!;
  await putRaw({ ...stats, ...counters });
}

async function sendSigned(event: unknown, signature?: string) {
  const payload = JSON.stringify(event);
  return invoke('POST', '/api/billing/webhook', { body: payload, headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature ?? signPayload(payload) } });
}

describe('checkout and upgrades', () => {
  it('takes a trial company through checkout to the paid plan, with the trial ended and the change in the history', async () => {
    const company = await createTestCompany({ plan: 'trial' });
    const { url, applied } = await checkout(company, 'basic', 'yearly');
    expect(applied).toBe(false);
    expect(url).toMatch(/^http:\/\/localhost:3000\/dev\/checkout\/cs_local_\w+$/);
    expect((await getCompany(company.companyId))!.plan).toBe('trial'); // nothing changes before the payment

    const back = await gateway.pay(url.split('/').pop()!);
    expect(back).toBe('http://localhost:3000/pricing?checkout=success');
    const paid = (await getCompany(company.companyId))!;
    expect(paid).toMatchObject({ plan: 'basic', billingStatus: 'active', billingCycle: 'yearly' });
    expect(paid.trialEndsAt).toBeUndefined();
    expect(paid.paymentSubscriptionId).toMatch(/^sub_local_/);
    expect(new Date(paid.currentPeriodEnd!).getTime()).toBeGreaterThan(Date.now() + 360 * DAY);

    const entries = await history(company);
    const change = entries.find((entry) => entry.event === 'plan_changed')!;
    expect(change).toMatchObject({ fromPlan: 'trial', toPlan: 'basic', by: { kind: 'stripe' } });
    // Newest first.
    expect(entries.map((entry) => entry.at)).toEqual([...entries.map((entry) => entry.at)].sort().reverse());
  });

  it('declining the checkout changes nothing', async () => {
    const company = await createTestCompany({ plan: 'trial' });
    const { url } = await checkout(company, 'professional');
    expect(gateway.decline(url.split('/').pop()!)).toBe('http://localhost:3000/pricing?checkout=cancelled');
    expect((await getCompany(company.companyId))!.plan).toBe('trial');
    expect(await history(company)).toEqual([]);
  });

  it('upgrades a paying company at once on its own subscription (no second checkout)', async () => {
    const company = await payingCompany('basic');
    const before = (await getCompany(company.companyId))!;
    const { url, applied } = await checkout(company, 'professional');
    expect(applied).toBe(true);
    expect(url).toBe('http://localhost:3000/pricing?checkout=success');
    expect((await getCompany(company.companyId))!.plan).toBe('professional');
    await gateway.settled();
    expect(gateway.subscriptions.get(before.paymentSubscriptionId!)!.priceId).toBe(LOCAL_PRICES.professional.monthly);
    expect(gateway.sessions.size).toBe(1);
    // Stripe's subscription-updated event for this upgrade has arrived (settled) and was handled: it confirms it, it is no second change.
    expect(delivered.filter((event) => event.type === 'customer.subscription.updated' && event.priceMoved)).toEqual([{ type: 'customer.subscription.updated', priceMoved: true, status: 200, outcome: 'handled' }]);
    const upgrade = await entryOf(company, 'plan_changed', { toPlan: 'professional' });
    expect(upgrade).toMatchObject({ fromPlan: 'basic', by: { kind: 'ceo', userId: company.ceo.user.id }, reason: 'upgrade' });
    await expectNoSamePlanChange(company);
    // The echo changed nothing (same plan, cycle, period): it wrote no entry at all after the CEO's.
    expect((await history(company)).filter((entry) => entry.id !== upgrade.id && entry.at >= upgrade.at)).toEqual([]);
    expect((await getCompany(company.companyId))!).toMatchObject({ plan: 'professional', billingStatus: 'active', billingCycle: 'monthly', paymentSubscriptionId: before.paymentSubscriptionId });
  });

  it('records the upgrade once whichever arrives first: the CEO upgrade or a provider event for the same plan', async () => {
    for (let round = 0; round < 3; round++) {
      const company = await payingCompany('basic');
      const paid = (await getCompany(company.companyId))!;
      const sub = gateway.subscriptionOf(company.companyId)!;
      // The subscription moved to the same plan at the provider (its portal) while the CEO's request runs: its event races the request.
      Object.assign(sub, { plan: 'professional', priceId: LOCAL_PRICES.professional.monthly });
      const echo = subscriptionEvent('customer.subscription.updated', sub, new Date(), { items: { data: [{ price: { id: LOCAL_PRICES.basic.monthly } }] } });
      const [upgrade, delivered] = await Promise.all([
        invoke('POST', '/api/billing/checkout', { cookies: [company.ceo.cookie], body: { plan: 'professional', billing: 'monthly' }, headers: { origin: 'http://localhost:3000' } }),
        sendSigned(echo),
      ]);
      expect(delivered.status).toBe(200);
      // The CEO's request succeeds, or, when the event changed the plan between its read and its write, says so (409) and changes nothing.
      expect([200, 409]).toContain(upgrade.status);
      await gateway.settled();
      expect((await getCompany(company.companyId))!.plan).toBe('professional');
      const change = await entryOf(company, 'plan_changed', { toPlan: 'professional' });
      expect(change.fromPlan).toBe('basic');
      expect(change.by.kind).toEqual(upgrade.status === 409 ? 'stripe' : expect.stringMatching(/^(ceo|stripe)$/));
      await expectNoSamePlanChange(company);
      expect(gateway.subscriptions.get(paid.paymentSubscriptionId!)!.priceId).toBe(LOCAL_PRICES.professional.monthly);
    }
  });

  it('puts the plan back when the provider refuses the upgrade of the subscription', async () => {
    const company = await payingCompany('basic');
    gateway.changeSubscriptionPrice = async () => {
      throw new Error('card declined for the prorated amount');
    };
    const response = await invoke('POST', '/api/billing/checkout', { cookies: [company.ceo.cookie], body: { plan: 'professional', billing: 'yearly' }, headers: PT });
    expect(response.status).toBe(500);
    expect(JSON.stringify(response.body)).not.toMatch(/card declined/);
    expect((await getCompany(company.companyId))!).toMatchObject({ plan: 'basic', billingCycle: 'monthly', billingStatus: 'active' });
    expect(await entryOf(company, 'plan_changed', { toPlan: 'professional' })).toMatchObject({ fromPlan: 'basic', by: { kind: 'ceo' } });
    expect(await entryOf(company, 'plan_changed', { fromPlan: 'professional' })).toMatchObject({ toPlan: 'basic', by: { kind: 'system' }, billingCycle: 'monthly' });
  });

  it('never records a change to the plan the company is on: a confirmation is a subscription update saying so, or nothing', async () => {
    const company = await payingCompany('professional');
    const paid = (await getCompany(company.companyId))!;
    const before = (await history(company)).length;
    // What a late provider event (or any caller deciding on an older read) asks for: the plan the company is already on.
    const same = await changePlan({ companyId: company.companyId, plan: 'professional', by: { kind: 'stripe' }, reason: 'customer.subscription.updated', billing: { billingStatus: 'active', billingCycle: 'monthly', currentPeriodEnd: paid.currentPeriodEnd } });
    expect(same.entry).toBeUndefined();
    expect(await history(company)).toHaveLength(before);
    const yearly = await changePlan({ companyId: company.companyId, plan: 'professional', by: { kind: 'stripe' }, reason: 'late event', billing: { billingStatus: 'active', billingCycle: 'yearly' } });
    expect(yearly.entry).toMatchObject({ event: 'subscription_updated', fromPlan: 'professional', toPlan: 'professional', billingCycle: 'yearly', reason: 'late event: confirms professional' });
    expect(yearly.company).toMatchObject({ plan: 'professional', billingCycle: 'yearly' });
    // The provider's event of a price moved to that plan, with a new period: a subscription update that says it confirms it.
    const sub = gateway.subscriptionOf(company.companyId)!;
    Object.assign(sub, { cycle: 'yearly', priceId: LOCAL_PRICES.professional.yearly, periodEnd: nextPeriodEnd(new Date(), 'yearly') });
    const echo = await sendSigned(subscriptionEvent('customer.subscription.updated', sub, new Date(), { items: { data: [{ price: { id: LOCAL_PRICES.professional.monthly } }] } }));
    expect(echo.body.status).toBe('handled');
    expect(await entryOf(company, 'subscription_updated', { reason: 'customer.subscription.updated: confirms professional' })).toMatchObject({ fromPlan: 'professional', toPlan: 'professional', by: { kind: 'stripe' } });
    await expectNoSamePlanChange(company);
  });

  it('refuses to write a plan change entry that does not change the plan (or not the change written), whoever calls the writer', async () => {
    const company = await payingCompany('professional');
    const stored = (await getCompany(company.companyId))!;
    const before = await history(company);
    const at = new Date().toISOString();
    const entry = (fromPlan: 'basic' | 'professional', toPlan: 'basic' | 'professional') => ({ id: ulid(), companyId: company.companyId, at, event: 'plan_changed' as const, fromPlan, toPlan, by: { kind: 'stripe' as const, userId: null, email: null }, reason: 'customer.subscription.updated' });
    const event = { id: localId('evt'), type: 'customer.subscription.updated' };
    const attempts = [
      { expectPlan: 'professional' as const, plan: 'professional' as const, entry: entry('professional', 'professional') }, // the echo as a change
      { expectPlan: 'professional' as const, entry: entry('professional', 'professional') }, // no plan written
      { expectPlan: 'professional' as const, plan: 'basic' as const, entry: entry('basic', 'professional') }, // says another change than the one written
    ];
    for (const attempt of attempts) {
      await expect(writeBillingChange({ companyId: company.companyId, ...attempt, fields: { billingCycle: 'yearly' }, at, event })).rejects.toBeInstanceOf(PlanChangeEntryRefused);
    }
    // Nothing of it was written: the history, the company and the event's claim are as before.
    expect(await history(company)).toEqual(before);
    expect((await getCompany(company.companyId))!).toEqual(stored);
    expect(await isPaymentEventHandled(event.id)).toBe(false);
  });

  it('refuses enterprise by checkout (contact sales), the current plan, and non-CEOs', async () => {
    const company = await createTestCompany({ plan: 'basic' });
    const manager = await company.add('operational_manager');
    const { url } = await checkout(company, 'basic');
    await gateway.pay(url.split('/').pop()!);
    const enterprise = await invoke('POST', '/api/billing/checkout', { cookies: [company.ceo.cookie], body: { plan: 'enterprise', billing: 'monthly' }, headers: PT });
    expect(enterprise.status).toBe(400);
    expect(enterprise.body.message).toMatch(/vendas/);
    const same = await invoke('POST', '/api/billing/checkout', { cookies: [company.ceo.cookie], body: { plan: 'basic', billing: 'monthly' } });
    expect(same.status).toBe(409);
    expect((await invoke('POST', '/api/billing/checkout', { cookies: [manager.cookie], body: { plan: 'professional', billing: 'monthly' } })).status).toBe(403);
    expect((await invoke('GET', '/api/billing/history', { cookies: [manager.cookie] })).status).toBe(403);
  });
});

describe('downgrades', () => {
  it('schedules a downgrade for the end of the paid period and applies it at the renewal', async () => {
    const company = await payingCompany('professional');
    const paid = (await getCompany(company.companyId))!;
    const response = await invoke('POST', '/api/billing/downgrade', { cookies: [company.ceo.cookie], body: { plan: 'basic' } });
    expect(response.status).toBe(200);
    expect(response.body.applied).toBe(false);
    expect(response.body.company).toMatchObject({ plan: 'professional', scheduledPlan: 'basic', scheduledPlanAt: paid.currentPeriodEnd });
    expect(response.body.entry).toMatchObject({ event: 'downgrade_scheduled', toPlan: 'basic', effectiveAt: paid.currentPeriodEnd });

    // Stripe renews the subscription at the period end: the downgrade applies, and the subscription follows.
    await gateway.renew(company.companyId, new Date(new Date(paid.currentPeriodEnd!).getTime() + 60_000));
    const after = (await getCompany(company.companyId))!;
    expect(after).toMatchObject({ plan: 'basic', billingStatus: 'active' });
    expect(after.scheduledPlan).toBeUndefined();
    await gateway.settled();
    expect(gateway.subscriptions.get(paid.paymentSubscriptionId!)!.priceId).toBe(LOCAL_PRICES.basic.monthly);
    expect((await history(company)).find((entry) => entry.event === 'plan_changed' && entry.toPlan === 'basic')).toMatchObject({ fromPlan: 'professional', reason: 'scheduled downgrade' });
  });

  it('refuses a downgrade the company does not fit, with the counts to remove, in the caller language', async () => {
    const company = await payingCompany('professional');
    await setCounters(company.companyId, { propertyCount: 8, userCount: 4, storageBytes: 1024 ** 3 + 5 * 1024 * 1024 });
    const response = await invoke('POST', '/api/billing/downgrade', { cookies: [company.ceo.cookie], body: { plan: 'basic' }, headers: PT });
    expect(response.status).toBe(409);
    expect(response.body.code).toBe('plan-too-small');
    expect(response.body.details.excess).toEqual({ properties: 3, users: 1, storageBytes: 5 * 1024 * 1024 });
    expect(response.body.message).toBe('Sua empresa ainda não cabe no plano basic: remova antes 3 propriedades, 1 usuários e 5 MB de fotos.');
    expect((await getCompany(company.companyId))!.scheduledPlan).toBeUndefined();
  });

  it('refuses the downgrade at the period end when the company grew meanwhile, and says what to remove', async () => {
    const company = await payingCompany('professional');
    const paid = (await getCompany(company.companyId))!;
    expect((await invoke('POST', '/api/billing/downgrade', { cookies: [company.ceo.cookie], body: { plan: 'basic' } })).status).toBe(200);
    await setCounters(company.companyId, { propertyCount: 7 });
    const due = new Date(new Date(paid.currentPeriodEnd!).getTime() + 60_000);
    // The hourly job gets there first this time (the renewal webhook would do the same).
    // It queues the due change; the in-process queue runs its worker (apply-due-downgrade) before answering.
    const run = await applyDueDowngradesJob({ time: due.toISOString() });
    expect(run.queued).toBeGreaterThanOrEqual(1);
    const after = (await getCompany(company.companyId))!;
    expect(after.plan).toBe('professional');
    expect(after.scheduledPlan).toBeUndefined();
    expect(await entryOf(company, 'downgrade_refused')).toMatchObject({ toPlan: 'basic', excess: { properties: 2, users: 0, storageBytes: 0 } });
  });

  it('applies due downgrades one queue message each: a failing price change is reported alone, and its redelivery changes the plan once', async () => {
    const ok = await payingCompany('professional');
    const failing = await payingCompany('professional');
    for (const company of [ok, failing]) expect((await invoke('POST', '/api/billing/downgrade', { cookies: [company.ceo.cookie], body: { plan: 'basic' } })).status).toBe(200);
    const [okPaid, failingPaid] = [(await getCompany(ok.companyId))!, (await getCompany(failing.companyId))!];
    const at = new Date(Math.max(Date.parse(okPaid.currentPeriodEnd!), Date.parse(failingPaid.currentPeriodEnd!)) + 60_000).toISOString();
    const job = (company: typeof okPaid) => ({ companyId: company.id, plan: 'basic', dueAt: company.scheduledPlanAt, at });
    const record = (messageId: string, body: unknown, receiveCount = 1) => ({ messageId, body: typeof body === 'string' ? body : JSON.stringify(body), attributes: { ApproximateReceiveCount: String(receiveCount) } });
    // The provider refuses the price change of one subscription, once.
    const change = gateway.changeSubscriptionPrice.bind(gateway);
    let refused = 0;
    gateway.changeSubscriptionPrice = async (input) => {
      if (input.subscriptionId === failingPaid.paymentSubscriptionId && refused++ === 0) throw new Error('provider unavailable');
      return change(input);
    };
    const priceOf = (company: typeof okPaid) => gateway.subscriptions.get(company.paymentSubscriptionId!)!.priceId;
    const planChanges = async (company: TestCompany) => (await history(company)).filter((entry) => entry.event === 'plan_changed' && entry.toPlan === 'basic');

    const first = await applyDueDowngradeWorker({ Records: [record('ok', job(okPaid)), record('failing', job(failingPaid)), record('junk', '{"companyId":')] });
    expect(first.batchItemFailures).toEqual([{ itemIdentifier: 'failing' }]);
    await gateway.settled();
    expect((await getCompany(ok.companyId))!.plan).toBe('basic');
    expect(priceOf(okPaid)).toBe(LOCAL_PRICES.basic.monthly);
    // The failing one's plan was applied; its price did not follow yet.
    expect((await getCompany(failing.companyId))!.plan).toBe('basic');
    expect(priceOf(failingPaid)).toBe(LOCAL_PRICES.professional.monthly);

    // SQS delivers the failed record again, and a duplicate of the good one: nothing applied twice, the price follows.
    const again = await applyDueDowngradeWorker({ Records: [record('failing', job(failingPaid), 2), record('ok-again', job(okPaid))] });
    expect(again.batchItemFailures).toEqual([]);
    await gateway.settled();
    expect(priceOf(failingPaid)).toBe(LOCAL_PRICES.basic.monthly);
    expect(await planChanges(ok)).toHaveLength(1);
    expect(await planChanges(failing)).toHaveLength(1);
  });

  it('keeps the plan when the CEO withdraws a scheduled downgrade', async () => {
    const company = await payingCompany('professional');
    await invoke('POST', '/api/billing/downgrade', { cookies: [company.ceo.cookie], body: { plan: 'basic' } });
    const response = await invoke('DELETE', '/api/billing/downgrade', { cookies: [company.ceo.cookie] });
    expect(response.status).toBe(200);
    expect(response.body.company.scheduledPlan).toBeUndefined();
    expect(await entryOf(company, 'downgrade_cancelled')).toMatchObject({ fromPlan: 'professional', toPlan: 'basic', by: { kind: 'ceo' } });
    expect(await getRawItem(keys.scheduledPlanChange(company.companyId))).toBeUndefined();
  });
});

describe('the webhook', () => {
  function subscriptionFor(companyId: string, plan: 'basic' | 'professional' = 'basic'): LocalSubscription {
    const now = new Date();
    return { id: localId('sub'), customer: localId('cus'), companyId, plan, cycle: 'monthly', priceId: LOCAL_PRICES[plan].monthly, status: 'active', periodStart: now, periodEnd: nextPeriodEnd(now, 'monthly'), cancelAtPeriodEnd: false };
  }

  it('handles a redelivered event once: the same event twice makes one change', async () => {
    const company = await createTestCompany({ plan: 'trial' });
    const event = checkoutCompletedEvent({ sessionId: localId('cs'), sub: subscriptionFor(company.companyId, 'professional'), at: new Date(), successUrl: 'http://localhost:3000/pricing' });
    const first = await sendSigned(event);
    const second = await sendSigned(event);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect([first.body.status, second.body.status]).toEqual(['handled', 'replayed']);
    expect((await getCompany(company.companyId))!.plan).toBe('professional');
    expect((await history(company)).filter((entry) => entry.event === 'plan_changed')).toHaveLength(1);
    // Even sent at the same time.
    const again = subscriptionEvent('customer.subscription.updated', { ...subscriptionFor(company.companyId, 'professional'), status: 'past_due' }, new Date());
    const both = await Promise.all([sendSigned(again), sendSigned(again)]);
    expect(both.map((r) => r.status)).toEqual([200, 200]);
    expect(both.map((r) => r.body.status).sort()).toEqual(['handled', 'replayed']);
    expect((await history(company)).filter((entry) => entry.event === 'payment_failed')).toHaveLength(1);
  });

  it('answers 400 and changes nothing for a bad, missing or stale signature or a tampered body', async () => {
    const company = await createTestCompany({ plan: 'trial' });
    const event = checkoutCompletedEvent({ sessionId: localId('cs'), sub: subscriptionFor(company.companyId), at: new Date(), successUrl: 'http://localhost:3000/pricing' });
    const payload = JSON.stringify(event);
    const wrongSecret = await sendSigned(event, signPayload(payload, 'whsec_not_ours'));
    expect(wrongSecret.status).toBe(400);
    expect(wrongSecret.body.message).toBe('Invalid webhook signature');
    const missing = await invoke('POST', '/api/billing/webhook', { body: payload, headers: { 'content-type': 'application/json' } });
    expect(missing.status).toBe(400);
    const stale = await sendSigned(event, signPayload(payload, undefined, new Date(Date.now() - 3600_000)));
    expect(stale.status).toBe(400);
    const tampered = await invoke('POST', '/api/billing/webhook', {
      body: payload.replace('"basic"', '"professional"'),
      headers: { 'content-type': 'application/json', 'stripe-signature': signPayload(payload) },
    });
    expect(tampered.status).toBe(400);
    expect((await getCompany(company.companyId))!.plan).toBe('trial');
    expect(await history(company)).toEqual([]);
  });

  it('past due: keeps the plan through the grace period, then the company is read-only; a payment ends it', async () => {
    const company = await payingCompany('basic');
    const failedAt = new Date();
    await gateway.failPayment(company.companyId, failedAt);
    const pastDue = (await getCompany(company.companyId))!;
    expect(pastDue).toMatchObject({ plan: 'basic', billingStatus: 'past_due' });
    const grace = new Date(pastDue.graceEndsAt!).getTime() - PAYMENT_GRACE_DAYS * DAY; // from when the failure arrived
    expect(grace).toBeGreaterThanOrEqual(failedAt.getTime());
    expect(grace).toBeLessThanOrEqual(Date.now());
    expect(readOnlyReason(pastDue, new Date(failedAt.getTime() + (PAYMENT_GRACE_DAYS - 1) * DAY))).toBeUndefined();
    expect(readOnlyReason(pastDue, new Date(failedAt.getTime() + (PAYMENT_GRACE_DAYS + 1) * DAY))).toBe('payment_overdue');
    const entries = await history(company);
    expect(entries.filter((entry) => entry.event === 'payment_failed').length).toBeGreaterThanOrEqual(1);

    // Once the grace has passed, writes answer 402 (reads go on).
    await putRaw({ ...(await getRawItem(keys.company(company.companyId)))!, graceEndsAt: new Date(Date.now() - 1000).toISOString() });
    const write = await invoke('POST', '/api/properties', { cookies: [company.ceo.cookie], body: { name: 'Casa', address: 'Rua 1' } });
    expect(write.status).toBe(402);
    expect((await invoke('GET', '/api/properties', { cookies: [company.ceo.cookie] })).status).toBe(200);

    // The card is fixed: the invoice is paid, the company is active again.
    const sub = gateway.subscriptionOf(company.companyId)!;
    sub.status = 'active';
    expect((await sendSigned(invoiceEvent('invoice.paid', sub, new Date(), 'subscription_cycle', 2900))).status).toBe(200);
    const active = (await getCompany(company.companyId))!;
    expect(active).toMatchObject({ billingStatus: 'active' });
    expect(active.graceEndsAt).toBeUndefined();
    expect((await history(company)).filter((entry) => entry.event === 'payment_succeeded' && entry.reason !== 'checkout')).toHaveLength(1);
  });

  it('cancelled: writable until the paid period ends, read-only after', async () => {
    const company = await payingCompany('professional');
    const paid = (await getCompany(company.companyId))!;
    const portal = await invoke('POST', '/api/billing/portal', { cookies: [company.ceo.cookie], headers: { origin: 'http://localhost:3000' } });
    expect(portal.status).toBe(200);
    expect(portal.body.url).toMatch(/^http:\/\/localhost:3000\/dev\/billing-portal\/bps_local_\w+$/);
    await gateway.cancelAtPeriodEnd(company.companyId);
    const cancelled = (await getCompany(company.companyId))!;
    expect(cancelled).toMatchObject({ plan: 'professional', billingStatus: 'cancelled', currentPeriodEnd: paid.currentPeriodEnd });
    expect(readOnlyReason(cancelled, new Date())).toBeUndefined();
    expect(readOnlyReason(cancelled, new Date(new Date(paid.currentPeriodEnd!).getTime() + 1000))).toBe('subscription_cancelled');
    // At the period end Stripe deletes the subscription.
    await gateway.renew(company.companyId, new Date(new Date(paid.currentPeriodEnd!).getTime() + 1000));
    const ended = (await getCompany(company.companyId))!;
    expect(ended.billingStatus).toBe('cancelled');
    expect(readOnlyReason(ended, new Date(new Date(paid.currentPeriodEnd!).getTime() + 2000))).toBe('subscription_cancelled');
    const cancellations = (await history(company)).filter((entry) => entry.event === 'subscription_cancelled');
    expect(cancellations).toHaveLength(2); // the portal's cancel at the period end, then the subscription's end
    expect(cancellations.every((entry) => entry.by.kind === 'stripe')).toBe(true);
  });

  it('has no portal before any payment', async () => {
    const company = await createTestCompany({ plan: 'trial' });
    expect((await invoke('POST', '/api/billing/portal', { cookies: [company.ceo.cookie] })).status).toBe(409);
  });

  it('never touches another company: an event naming a company that does not exist is ignored', async () => {
    const sub = subscriptionFor('01JNOTACOMPANY0000000000000');
    const response = await sendSigned(subscriptionEvent('customer.subscription.updated', sub, new Date()));
    expect(response.status).toBe(200);
    expect(response.body.status).toBe('ignored');
  });
});
