// The events outbox (issue 20 point 5), through the route table and the local stand-ins: a write and
// its events are one transaction; the local relay delivers committed entries to the in-process bus
// at once, keeps an entry whose handler failed for a retry (never lost), and consumers run once per
// event id however often it is delivered.
import { invoke } from '../../local/invoke';
import { InlineEventBus, loadEventHandler, type HandlerLoader } from '../../local/event-bus';
import { LocalOutboxRelay } from '../../local/outbox-relay';
import { localOutboxRelay } from '../../local/ports';
import { createTestCompany, type TestCompany } from '../../tests/support/fixtures';
import { emailsTo } from '../../tests/support/notifications';
import { DOMAIN_EVENTS, domainEvent } from '../../events/catalogue';
import { getRawItem } from '../data/db';
import { keys } from '../data/keys';
import { configureOutboxRelay, OUTBOX_SHARDS, outboxEntry, withEventIds, type OutboxEntry } from '../data/outbox';
import { pendingOutboxEntries } from '../data/repositories/outbox';
import { toEnvelope } from './envelope';
import { eventHandler } from './event-handler';

const entriesOf = async (companyId: string): Promise<OutboxEntry[]> =>
  (await pendingOutboxEntries()).filter((entry) => entry.events.some((event) => event.detail.companyId === companyId));

/** A relay whose bus fails `handler` the first `times` deliveries (then runs it for real). */
function relayFailing(handler: string, times: number, calls: string[] = []): LocalOutboxRelay {
  let left = times;
  const load: HandlerLoader = async (name) => {
    const real = await loadEventHandler(name);
    return async (event, context) => {
      calls.push(name);
      if (name === handler && left > 0) {
        left -= 1;
        throw new Error(`${name} is down`);
      }
      return real(event, context);
    };
  };
  return new LocalOutboxRelay({ bus: new InlineEventBus(load), maxAttempts: 3 });
}

async function propertyOf(company: TestCompany): Promise<string> {
  const response = await invoke('POST', '/api/properties', { cookies: [company.ceo.cookie], body: { name: 'Casa do Farol', address: 'Rua 1' } });
  expect(response.status).toBe(201);
  return response.body.id as string;
}

afterEach(() => configureOutboxRelay(localOutboxRelay!));

describe('a write and its events', () => {
  it('are written in one transaction and delivered at once; the delivered entry leaves the outbox', async () => {
    const company = await createTestCompany();
    const staff = await company.add('staff');
    const propertyId = await propertyOf(company);
    const created = await invoke('POST', '/api/tasks', {
      cookies: [company.ceo.cookie],
      body: { type: 'cleaning', title: 'Outbox turnover', propertyId, assignedUserId: staff.user.id },
    });
    expect(created.status).toBe(201);
    const alerts = (await emailsTo(company.ceo.user.email)).filter((mail) => mail.subject.includes('Outbox turnover'));
    expect(alerts).toHaveLength(1);
    expect(await entriesOf(company.companyId)).toEqual([]);
  });

  it('are neither written when the transaction fails: no task, no outbox entry, nothing delivered', async () => {
    const company = await createTestCompany();
    // Another company's property: the transaction's condition on the property fails.
    const foreignProperty = await propertyOf(await createTestCompany());
    const calls: string[] = [];
    configureOutboxRelay(relayFailing('none', 0, calls));
    const refused = await invoke('POST', '/api/tasks', {
      cookies: [company.ceo.cookie],
      body: { type: 'cleaning', title: 'Nowhere', propertyId: foreignProperty, assignedUserId: company.ceo.user.id },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toMatchObject({ propertyId: expect.any(String) });
    expect(calls).toEqual([]);
    expect(await entriesOf(company.companyId)).toEqual([]);
    expect((await invoke('GET', '/api/tasks?limit=50', { cookies: [company.ceo.cookie] })).body.items ?? []).toEqual([]);
  });

  it('keeps the entry when a handler fails, and a retry delivers it: the write never goes without its event', async () => {
    const company = await createTestCompany();
    const staff = await company.add('staff');
    const propertyId = await propertyOf(company);
    const calls: string[] = [];
    const relay = relayFailing('notify-task-assigned', 1, calls);
    configureOutboxRelay(relay);

    const created = await invoke('POST', '/api/tasks', {
      cookies: [company.ceo.cookie],
      body: { type: 'cleaning', title: 'Retried alert', propertyId, assignedUserId: staff.user.id },
    });
    // The request succeeded: the write stands whatever its consumers do.
    expect(created.status).toBe(201);
    const [kept] = await entriesOf(company.companyId);
    expect(kept).toMatchObject({ attempts: 1, lastError: expect.stringContaining('notify-task-assigned is down') });
    expect(kept.events.map((event) => event.type)).toEqual(['task.created', 'task.assigned']);
    expect((await emailsTo(company.ceo.user.email)).filter((mail) => mail.subject.includes('Retried alert'))).toHaveLength(0);

    expect(await relay.retryPending()).toMatchObject({ failed: 0 });
    expect(await entriesOf(company.companyId)).toEqual([]);
    expect((await emailsTo(company.ceo.user.email)).filter((mail) => mail.subject.includes('Retried alert'))).toHaveLength(1);
    // Both consumers of task.assigned were called twice; the one that had succeeded skipped the second time.
    expect(calls.filter((name) => name === 'notify-assignee-assigned')).toHaveLength(2);
    const assigned = kept.events.find((event) => event.type === 'task.assigned')!;
    const record = await getRawItem(keys.eventConsumed(company.companyId, assigned.id, 'notify-assignee-assigned'));
    expect(record).toMatchObject({ status: 'done' });
  });

  it('leaves an entry whose handler keeps failing as a dead letter after the last attempt', async () => {
    const company = await createTestCompany();
    const propertyId = await propertyOf(company);
    const relay = relayFailing('notify-property-issue', 10);
    configureOutboxRelay(relay);
    const created = await invoke('POST', '/api/tasks', {
      cookies: [company.ceo.cookie],
      body: { type: 'maintenance', title: 'Leak', propertyId, issue: true },
    });
    expect(created.status).toBe(201);
    await relay.retryPending();
    await relay.retryPending();
    expect(relay.deadLetters.map((entry) => entry.events.map((event) => event.type))).toEqual([['task.created', 'property.issue_reported']]);
    const [left] = await entriesOf(company.companyId);
    expect(left.attempts).toBe(3);
    // A dead letter is not retried again.
    expect(await relay.retryPending()).toMatchObject({ delivered: 0 });
  });
});

describe('the outbox entry', () => {
  it('holds every event of the write with an id of its own, spread over the shards, expiring by TTL', () => {
    const now = new Date('2026-03-14T10:00:00Z');
    const events = [domainEvent('task.completed', DOMAIN_EVENTS['task.completed'].sample), domainEvent('task.assigned', DOMAIN_EVENTS['task.assigned'].sample)];
    const entry = outboxEntry(events, now)!;
    expect(entry.pk).toMatch(new RegExp(`^OUTBOX#(${Array.from({ length: OUTBOX_SHARDS }, (_, i) => i).join('|')})$`));
    expect(entry.sk.startsWith('2026-03-14T10:00:00.000Z#')).toBe(true);
    expect(new Set(entry.events.map((event) => event.id)).size).toBe(2);
    expect(entry.expiresAt).toBe(Math.floor(now.getTime() / 1000) + 3 * 86_400);
    expect(withEventIds(entry).map((event) => (event.detail as { eventId?: string }).eventId)).toEqual(entry.events.map((event) => event.id));
    expect(outboxEntry([], now)).toBeUndefined();
  });
});

describe('an idempotent consumer', () => {
  it('runs once per event id, even when EventBridge or the relay delivers it again under another envelope id', async () => {
    const company = await createTestCompany();
    let runs = 0;
    const handler = eventHandler('task.completed', async () => {
      runs += 1;
    });
    const detail = { ...DOMAIN_EVENTS['task.completed'].sample, companyId: company.companyId };
    const [event] = withEventIds(outboxEntry([domainEvent('task.completed', detail)])!);
    await handler(toEnvelope(event, 'eventbridge-id-1'), { functionName: 'test-consumer' });
    await handler(toEnvelope(event, 'eventbridge-id-1'), { functionName: 'test-consumer' });
    await handler(toEnvelope(event, 'eventbridge-id-2'), { functionName: 'test-consumer' });
    expect(runs).toBe(1);
    // Another consumer of the same event runs on its own.
    await handler(toEnvelope(event), { functionName: 'another-consumer' });
    expect(runs).toBe(2);
  });

  it('gives its claim back when it fails, so the retry runs', async () => {
    const company = await createTestCompany();
    let runs = 0;
    const handler = eventHandler('task.completed', async () => {
      runs += 1;
      if (runs === 1) throw new Error('SES down');
    });
    const envelope = toEnvelope(domainEvent('task.completed', { ...DOMAIN_EVENTS['task.completed'].sample, companyId: company.companyId }));
    await expect(handler(envelope, { functionName: 'flaky' })).rejects.toThrow('SES down');
    await handler(envelope, { functionName: 'flaky' });
    await handler(envelope, { functionName: 'flaky' });
    expect(runs).toBe(2);
  });
});
