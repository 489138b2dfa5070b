// Webhooks (issue 39 point 4) through the route table against the local stand-ins, as a CEO and an
// integrator meet them: endpoints on this machine (a small HTTP receiver on 127.0.0.1, allowed by
// configuration as under npm start), signatures checked with the `standardwebhooks` package, the
// retry schedule walked by calling the queue's worker and the retry dispatcher with later times.
process.env.WEBHOOK_ALLOW_PRIVATE_HOSTS = 'true';

import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { invoke } from '../../local/invoke';
import { localJobQueue } from '../../local/ports';
import { createTestCompany, type TestCompany } from '../../tests/support/fixtures';
import { emailsTo } from '../../tests/support/notifications';
import { handler as dispatchRetries } from '../handlers/dispatch-webhook-retries';
import { handler as deliverWorker } from '../handlers/deliver-webhook';
import { handler as checkReadiness } from '../handlers/check-readiness';
import { getMessage, getWebhook } from '../data/repositories/webhooks';
import { configureJobQueue, type JobMessage, type JobQueue, type QueueName } from '../jobs/queue';
import { LocalJobQueue } from '../../local/job-queue';
import { DISABLE_AFTER_FAILING_MS, deliverJob } from './delivery';
import { RETRY_SCHEDULE_SECONDS, WEBHOOK_QUEUE, WEBHOOK_SLOW_QUEUE, type WebhookJob } from './job';
import { SLOW_ATTEMPT_MS } from './lanes';
import { signingSecrets } from './secrets';
import { clearReceivedDeliveries, handleDevWebhooksRequest, receivedDeliveries } from '../../local/webhook-inspector';
import { localWebhookInspectorUrl } from '#shared/schemas/webhooks';
import { addDays, localDay, localInstant } from '#shared/days';
import { guestClock } from '../reservations/guest-link/window';

interface Received {
  path: string;
  at: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/**
 * Answers per path: a status (default 200) after a delay (default none), or when `answerWhen`
 * resolves; `drop` closes the connection without an answer (a network error).
 */
interface Behaviour {
  status?: number;
  delayMs?: number;
  drop?: boolean;
  answerWhen?: () => Promise<unknown>;
}
const behaviour = new Map<string, Behaviour>();
const received: Received[] = [];
let server: Server;
let base: string;
let routes = 0;

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const path = req.url ?? '/';
      received.push({ path, at: Date.now(), headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      const { status = 200, delayMs = 0, drop = false, answerWhen } = behaviour.get(path) ?? {};
      if (drop) {
        req.socket.destroy();
        return;
      }
      const answer = () => {
        res.writeHead(status);
        res.end('ok');
      };
      if (answerWhen) void answerWhen().then(answer);
      else setTimeout(answer, delayMs);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  localJobQueue?.stop();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

/** A fresh path on the receiver (its own deliveries), answering as told. */
function endpoint(answer: Behaviour = {}): { url: string; path: string; set(next: Behaviour): void } {
  const path = `/hooks/${++routes}`;
  behaviour.set(path, answer);
  return { url: `${base}${path}`, path, set: (next) => behaviour.set(path, next) };
}

const at = (path: string) => received.filter((entry) => entry.path === path);
const bodyOf = (entry: Received) => JSON.parse(entry.body) as { type: string; timestamp: string; data: Record<string, unknown> };
const headersOf = (entry: Received) => ({
  'webhook-id': String(entry.headers['webhook-id']),
  'webhook-timestamp': String(entry.headers['webhook-timestamp']),
  'webhook-signature': String(entry.headers['webhook-signature']),
});

const ceo = (company: TestCompany, headers: Record<string, string> = {}) => ({ cookies: [company.ceo.cookie], headers });

/**
 * A failed delivery queues its retry with a delay (the first 30 s away): these tests walk the retry
 * schedule by hand, so the queue's own delayed retries are dropped, or one would arrive by itself
 * in the middle of a slow test (a busy machine) and add an attempt the test does not expect.
 */
const dropQueuedRetries = () => localJobQueue?.stop();
afterEach(dropQueuedRetries);

async function addWebhook(company: TestCompany, url: string, events: string[] = ['task.created', 'task.updated', 'task.assigned', 'task.completed']) {
  const created = await invoke('POST', '/api/webhooks', { ...ceo(company), body: { url, events, description: 'PMS sync' } });
  expect(created.status).toBe(201);
  return created.body as { id: string; secret: string; url: string; events: string[] };
}

async function property(company: TestCompany): Promise<string> {
  const response = await invoke('POST', '/api/properties', { ...ceo(company), body: { name: 'Casa do Farol', address: 'Rua 1' } });
  expect(response.status).toBe(201);
  return response.body.id;
}

async function createTask(company: TestCompany, propertyId: string, extra: Record<string, unknown> = {}) {
  const response = await invoke('POST', '/api/tasks', { ...ceo(company), body: { title: 'Turnover cleaning', type: 'cleaning', propertyId, ...extra } });
  expect(response.status).toBe(201);
  return response.body as { id: string };
}

async function deliveries(company: TestCompany, webhookId: string, query = '') {
  const response = await invoke('GET', `/api/webhooks/${webhookId}/deliveries${query}`, ceo(company, { 'accept-language': 'en' }));
  expect(response.status).toBe(200);
  return response.body as Array<{ id: string; webhookId: string; eventType: string; attempt: number; trigger: string; statusCode: number | null; ok: boolean; durationMs: number; at: string; nextRetryAt: string | null; error: string | null }>;
}

describe('managing webhooks', () => {
  it('is for the CEO of a plan with webhooks: trial and Basic get 403 naming the plan, a manager 403', async () => {
    const hook = endpoint();
    for (const plan of ['trial', 'basic'] as const) {
      const company = await createTestCompany({ plan });
      const refused = await invoke('POST', '/api/webhooks', { ...ceo(company, { 'accept-language': 'es' }), body: { url: hook.url, events: ['task.created'] } });
      expect(refused.status).toBe(403);
      expect(refused.body).toMatchObject({ code: 'plan_required', details: { requiredPlan: 'professional' } });
      expect(refused.body.message).toContain('Profesional');
      expect((await invoke('GET', '/api/webhooks', ceo(company))).status).toBe(403);
    }
    // Nothing was sent to the URL by a refused request.
    expect(at(hook.path)).toHaveLength(0);
    const company = await createTestCompany({ plan: 'professional' });
    for (const role of ['operational_manager', 'staff'] as const) {
      const member = await company.add(role);
      expect((await invoke('POST', '/api/webhooks', { cookies: [member.cookie], body: { url: hook.url, events: ['task.created'] } })).status).toBe(403);
      expect((await invoke('GET', '/api/webhooks', { cookies: [member.cookie] })).status).toBe(403);
    }
    expect((await invoke('GET', '/api/webhooks')).status).toBe(401);
    expect(at(hook.path)).toHaveLength(0);
  });

  it('saves an endpoint only after its signed test delivery got a 2xx, and shows the secret once', async () => {
    const company = await createTestCompany({ plan: 'enterprise' });
    const hook = endpoint();
    const created = await addWebhook(company, hook.url, ['task.created', 'reservation.cancelled', 'task.created']);
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
    expect(Buffer.from(created.secret.slice('whsec_'.length), 'base64').length).toBeGreaterThanOrEqual(24);
    expect(created).toMatchObject({ url: hook.url, events: ['task.created', 'reservation.cancelled'], enabled: true, description: 'PMS sync', failingSince: null });

    const [test] = at(hook.path);
    expect(bodyOf(test)).toEqual({ type: 'webhook.test', timestamp: expect.any(String), data: { companyId: company.companyId, endpointId: created.id, message: 'RentalOps test delivery' } });
    expect(() => new Webhook(created.secret).verify(test.body, headersOf(test))).not.toThrow();
    expect(test.headers['content-type']).toBe('application/json');

    const listed = await invoke('GET', '/api/webhooks', ceo(company));
    expect(listed.status).toBe(200);
    expect(listed.body).toEqual([expect.objectContaining({ id: created.id, url: hook.url, secretHint: expect.stringMatching(/^whsec_.{4}…$/) })]);
    expect(listed.text).not.toContain(created.secret.slice(10));
    // The test delivery is the first line of the log.
    expect(await deliveries(company, created.id)).toEqual([expect.objectContaining({ eventType: 'webhook.test', trigger: 'test', statusCode: 200, ok: true, attempt: 1, error: null })]);
  });

  it('refuses an endpoint whose test delivery failed with what it answered, in the caller\'s language, and saves nothing', async () => {
    const company = await createTestCompany();
    const failing = endpoint({ status: 500 });
    const refused = await invoke('POST', '/api/webhooks', { ...ceo(company, { 'accept-language': 'pt-BR' }), body: { url: failing.url, events: ['task.created'] } });
    expect(refused.status).toBe(422);
    expect(refused.body.code).toBe('webhook_test_failed');
    expect(refused.body.message).toBe(`A entrega de teste para ${failing.url} falhou: o endpoint respondeu HTTP 500. O endpoint não foi salvo: ele deve responder ao evento de teste com um status 2xx.`);
    expect(refused.body.details).toMatchObject({ statusCode: 500 });

    // Nothing listens on port 9 of this machine: "could not be reached".
    const unreachable = await invoke('POST', '/api/webhooks', { ...ceo(company, { 'accept-language': 'en' }), body: { url: 'http://127.0.0.1:9/hook', events: ['task.created'] } });
    expect(unreachable.status).toBe(422);
    expect(unreachable.body.message).toContain('the endpoint could not be reached (ECONNREFUSED)');

    const redirecting = endpoint({ status: 302 });
    const redirected = await invoke('POST', '/api/webhooks', { ...ceo(company, { 'accept-language': 'en' }), body: { url: redirecting.url, events: ['task.created'] } });
    expect(redirected.status).toBe(422);
    expect(redirected.body.message).toContain('redirect (HTTP 302)');

    expect((await invoke('GET', '/api/webhooks', ceo(company))).body).toEqual([]);
  });

  it('refuses bad bodies field by field', async () => {
    const company = await createTestCompany();
    const cases: Array<[unknown, string]> = [
      [{ url: 'ftp://example.com/x', events: ['task.created'] }, 'url'],
      [{ url: 'https://user:pw@example.com/x', events: ['task.created'] }, 'url'],
      [{ url: 'not a url', events: ['task.created'] }, 'url'],
      [{ url: 'https://example.com/x', events: [] }, 'events'],
      [{ url: 'https://example.com/x', events: ['member.invited'] }, 'events.0'],
      [{ url: 'https://example.com/x' }, 'events'],
      [{ url: `https://example.com/${'x'.repeat(3000)}`, events: ['task.created'] }, 'url'],
      [{ url: 'https://example.com/x', events: ['task.created'], description: 'a\u202eb' }, 'description'],
    ];
    for (const [body, field] of cases) {
      const response = await invoke('POST', '/api/webhooks', { ...ceo(company, { 'accept-language': 'en' }), body });
      expect(response.status).toBe(400);
      expect(Object.keys(response.body.errors)).toContain(field);
    }
    expect((await invoke('POST', '/api/webhooks', { ...ceo(company), body: '{"url":' })).status).toBe(400);
  });

  it('changes, disables, re-enables and removes an endpoint, each action in the integration history', async () => {
    const company = await createTestCompany();
    const first = endpoint();
    const created = await addWebhook(company, first.url);
    const moved = endpoint();
    const changed = await invoke('PUT', `/api/webhooks/${created.id}`, { ...ceo(company), body: { url: moved.url, events: ['task.completed'], enabled: false } });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ url: moved.url, events: ['task.completed'], enabled: false, disabledReason: 'manual' });
    // The new address answered its own test event first.
    expect(at(moved.path).map((entry) => bodyOf(entry).type)).toEqual(['webhook.test']);
    const broken = endpoint({ status: 404 });
    const refused = await invoke('PUT', `/api/webhooks/${created.id}`, { ...ceo(company), body: { url: broken.url } });
    expect(refused.status).toBe(422);
    expect((await invoke('PUT', `/api/webhooks/${created.id}`, { ...ceo(company), body: { enabled: true } })).body).toMatchObject({ enabled: true, disabledReason: null, url: moved.url });
    expect((await invoke('DELETE', `/api/webhooks/${created.id}`, ceo(company))).status).toBe(204);
    expect((await invoke('DELETE', `/api/webhooks/${created.id}`, ceo(company))).status).toBe(404);
    expect((await invoke('GET', '/api/webhooks', ceo(company))).body).toEqual([]);

    const activity = await invoke('GET', '/api/integrations/activity', ceo(company));
    expect(activity.status).toBe(200);
    const actions = (activity.body as Array<{ action: string; subject: { id: string } }>).filter((entry) => entry.subject.id === created.id).map((entry) => entry.action);
    expect(actions).toEqual(['webhook.deleted', 'webhook.updated', 'webhook.updated', 'webhook.created']);
  });

  it('answers 404 for another company\'s endpoint and delivery ids, and sends it nothing of this company', async () => {
    const owner = await createTestCompany();
    const other = await createTestCompany();
    const hook = endpoint();
    const created = await addWebhook(owner, hook.url, ['task.created']);
    const [test] = await deliveries(owner, created.id);
    const calls: Array<[string, string, unknown?]> = [
      ['PUT', `/api/webhooks/${created.id}`, { enabled: false }],
      ['DELETE', `/api/webhooks/${created.id}`],
      ['POST', `/api/webhooks/${created.id}/rotate-secret`],
      ['GET', `/api/webhooks/${created.id}/deliveries`],
      ['POST', `/api/webhooks/${created.id}/deliveries/${test.id}/replay`],
    ];
    for (const [method, url, body] of calls) {
      const response = await invoke(method, url, { ...ceo(other), body });
      expect(response.status).toBe(404);
    }
    expect((await invoke('GET', '/api/webhooks', ceo(other))).body).toEqual([]);
    // The owner's replay of an id that is not one of this endpoint's deliveries: 404 too.
    expect((await invoke('POST', `/api/webhooks/${created.id}/deliveries/01JD0000000000000000000000/replay`, ceo(owner))).status).toBe(404);

    const before = at(hook.path).length;
    await createTask(other, await property(other));
    expect(at(hook.path)).toHaveLength(before);
    expect((await invoke('GET', '/api/webhooks', ceo(owner))).body[0]).toMatchObject({ enabled: true });
  });
});

describe('deliveries', () => {
  it('send each subscribed event, signed so that the standardwebhooks package verifies it, as {type, timestamp, data}', async () => {
    const company = await createTestCompany();
    const hook = endpoint();
    const created = await addWebhook(company, hook.url, ['task.created', 'task.updated', 'task.assigned', 'problem.reported']);
    const propertyId = await property(company);
    const staff = await company.add('staff');
    const task = await createTask(company, propertyId, { description: 'Linen in the laundry room' });
    await invoke('PUT', `/api/tasks/${task.id}`, { ...ceo(company), body: { title: 'Turnover cleaning and linen', type: 'cleaning', propertyId, assignedUserId: staff.user.id, status: 'pending' } });
    await createTask(company, propertyId, { title: 'Boiler broken', type: 'maintenance', issue: true });

    const events = at(hook.path).slice(1);
    const types = events.map((entry) => bodyOf(entry).type);
    expect(types).toEqual(['task.created', 'task.assigned', 'task.updated', 'task.created', 'problem.reported']);
    const wh = new Webhook(created.secret);
    for (const entry of events) {
      expect(wh.verify(entry.body, headersOf(entry))).toEqual(bodyOf(entry));
      expect(Object.keys(bodyOf(entry)).sort()).toEqual(['data', 'timestamp', 'type']);
      expect(bodyOf(entry).data.companyId).toBe(company.companyId);
    }
    expect(bodyOf(events[0]).data).toMatchObject({ id: task.id, title: 'Turnover cleaning', propertyId, status: 'pending', assignedUserId: null, createdBy: company.ceo.user.id });
    expect(bodyOf(events[2]).data).toMatchObject({ id: task.id, changed: ['title', 'assignedUserId'], assignedUserId: staff.user.id, changedBy: company.ceo.user.id });
    // One message per event: distinct webhook-ids.
    expect(new Set(events.map((entry) => entry.headers['webhook-id'])).size).toBe(events.length);
    // A tampered body or a wrong secret does not verify.
    expect(() => wh.verify(events[0].body.replace('Turnover', 'Tumover'), headersOf(events[0]))).toThrow();
    expect(() => new Webhook(`whsec_${Buffer.alloc(32, 7).toString('base64')}`).verify(events[0].body, headersOf(events[0]))).toThrow();

    const log = await deliveries(company, created.id);
    expect(log.map((entry) => entry.eventType)).toEqual(['problem.reported', 'task.created', 'task.updated', 'task.assigned', 'task.created', 'webhook.test']);
    expect(log.every((entry) => entry.ok && entry.statusCode === 200 && entry.durationMs >= 0 && entry.nextRetryAt === null)).toBe(true);
    // Paged newest first with the lists' cursor.
    const first = await invoke('GET', `/api/webhooks/${created.id}/deliveries?limit=2`, ceo(company));
    expect(first.body.map((entry: { id: string }) => entry.id)).toEqual(log.slice(0, 2).map((entry) => entry.id));
    const second = await invoke('GET', `/api/webhooks/${created.id}/deliveries?limit=2&cursor=${first.headers['x-next-cursor']}`, ceo(company));
    expect(second.body.map((entry: { id: string }) => entry.id)).toEqual(log.slice(2, 4).map((entry) => entry.id));
    expect((await invoke('GET', `/api/webhooks/${created.id}/deliveries?cursor=forged`, ceo(company))).status).toBe(400);
  });

  it('send reservation.guests_left when the guests press "We have left" on their link: the stay, when, their note, its turnover', async () => {
    const company = await createTestCompany();
    const hook = endpoint();
    const created = await addWebhook(company, hook.url, ['reservation.guests_left']);
    const propertyId = await property(company);
    const tz = 'America/New_York';
    const day = (offset: number) => addDays(localDay(new Date(), tz), offset);
    const booked = await invoke('POST', '/api/reservations', { ...ceo(company), body: { propertyId, guestName: 'Emma Johnson', checkinDate: day(1), checkoutDate: day(2) } });
    expect(booked.status).toBe(201);
    const link = await invoke('GET', `/api/reservations/${booked.body.id}`, ceo(company));
    const token = new URL(link.body.guestLink).pathname.split('/').pop()!;
    const leftAt = new Date(localInstant(day(2), 9, tz));
    guestClock.now = () => leftAt;
    try {
      const pressed = await invoke('POST', `/api/guest/${token}/left`, { sourceIp: '198.51.100.77', body: { note: 'Keys in the box' } });
      expect(pressed.status).toBe(201);
    } finally {
      guestClock.now = () => new Date();
    }
    const events = at(hook.path).slice(1);
    expect(events.map((entry) => bodyOf(entry).type)).toEqual(['reservation.guests_left']);
    expect(new Webhook(created.secret).verify(events[0].body, headersOf(events[0]))).toEqual(bodyOf(events[0]));
    expect(bodyOf(events[0])).toEqual({
      type: 'reservation.guests_left',
      timestamp: leftAt.toISOString(),
      data: {
        companyId: company.companyId,
        id: booked.body.id,
        propertyId,
        guestName: 'Emma Johnson',
        checkinDate: booked.body.checkinDate,
        checkoutDate: booked.body.checkoutDate,
        changedBy: 'guest',
        leftAt: leftAt.toISOString(),
        note: 'Keys in the box',
        turnoverTaskId: booked.body.turnoverTaskId,
        maintenanceTaskId: null,
      },
    });
  });

  it('send an inspection\'s result about its cleaning (failed: open again, the items; passed), and a home not ready before its check-in', async () => {
    const company = await createTestCompany();
    const hook = endpoint();
    const created = await addWebhook(company, hook.url, ['task.inspection_failed', 'task.inspection_passed', 'property.not_ready']);
    const propertyId = await property(company);
    expect((await invoke('PUT', `/api/properties/${propertyId}/checklist-template`, { ...ceo(company), body: { items: [{ description: 'Clean the bathroom mirror', required: false }] } })).status).toBe(200);
    expect((await invoke('PUT', `/api/properties/${propertyId}`, { ...ceo(company), body: { inspectionRequired: true } })).status).toBe(200);
    const cleaning = await createTask(company, propertyId);
    expect((await invoke('POST', `/api/tasks/${cleaning.id}/checklist`, { ...ceo(company), body: {} })).status).toBe(201);
    const complete = () => invoke('PUT', `/api/tasks/${cleaning.id}`, { ...ceo(company), body: { status: 'completed' } });
    const pendingInspection = async () => (await invoke('GET', `/api/tasks?propertyId=${propertyId}&type=inspection&status=pending`, ceo(company))).body[0] as { id: string };
    expect((await complete()).status).toBe(200);
    const first = await pendingInspection();
    const item = (await invoke('GET', `/api/tasks/${first.id}/checklist`, ceo(company))).body.items[0];
    expect((await invoke('POST', `/api/tasks/${first.id}/inspection`, { ...ceo(company), body: { passed: false, failedItemIds: [item.id], note: 'Mirror streaked' } })).status).toBe(200);
    expect((await complete()).status).toBe(200);
    const second = await pendingInspection();
    expect((await invoke('POST', `/api/tasks/${second.id}/inspection`, { ...ceo(company), body: { passed: true } })).status).toBe(200);

    const events = at(hook.path).slice(1);
    for (const event of events) expect(new Webhook(created.secret).verify(event.body, headersOf(event))).toEqual(bodyOf(event));
    const common = { companyId: company.companyId, id: cleaning.id, title: 'Turnover cleaning', type: 'cleaning', propertyId, changedBy: company.ceo.user.id };
    expect(events.map((event) => bodyOf(event))).toEqual([
      {
        type: 'task.inspection_failed',
        timestamp: expect.any(String),
        data: { ...common, inspectionTaskId: first.id, round: 1, note: 'Mirror streaked', status: 'pending', assignedUserId: null, dueDate: null, failedItems: ['Clean the bathroom mirror'] },
      },
      { type: 'task.inspection_passed', timestamp: expect.any(String), data: { ...common, inspectionTaskId: second.id, round: 2, note: null } },
    ]);

    // A stay tomorrow at a home with a cleaning still open: the readiness job, three hours before its check-in.
    expect((await createTask(company, propertyId, { title: 'Deep clean' })).id).toBeTruthy();
    const tz = 'America/New_York';
    const checkinDay = addDays(localDay(new Date(), tz), 1);
    const booked = await invoke('POST', '/api/reservations', { ...ceo(company), body: { propertyId, guestName: 'Emma Johnson', checkinDate: checkinDay, checkoutDate: addDays(checkinDay, 2) } });
    expect(booked.status).toBe(201);
    await checkReadiness({ time: new Date(Date.parse(booked.body.checkinDate) - 2 * 3_600_000).toISOString() });
    const notReady = at(hook.path).slice(1 + events.length).map((event) => bodyOf(event));
    expect(notReady).toEqual([
      { type: 'property.not_ready', timestamp: expect.any(String), data: { companyId: company.companyId, propertyId, reservationId: booked.body.id, checkinDate: booked.body.checkinDate, readiness: 'needs_cleaning', hoursBefore: 3 } },
    ]);
  });

  it('retry a failed delivery with the same webhook-id: after a 500, within a minute, then on the schedule; a redelivered retry is not sent twice', async () => {
    const company = await createTestCompany();
    const hook = endpoint();
    const created = await addWebhook(company, hook.url, ['task.created']);
    hook.set({ status: 500 });
    const started = Date.now();
    await createTask(company, await property(company));
    dropQueuedRetries();
    const [first] = at(hook.path).slice(1);
    const messageId = String(first.headers['webhook-id']);

    let log = await deliveries(company, created.id);
    const attempt1 = log.find((entry) => entry.trigger === 'event')!;
    expect(attempt1).toMatchObject({ webhookId: messageId, eventType: 'task.created', attempt: 1, trigger: 'event', statusCode: 500, ok: false, error: 'the endpoint answered HTTP 500' });
    const firstRetryIn = new Date(attempt1.nextRetryAt!).getTime() - started;
    expect(firstRetryIn).toBeGreaterThan(0);
    expect(firstRetryIn).toBeLessThanOrEqual(60_000);

    // The queue hands the delayed retry to the worker (SQS would, after its delay): fails again.
    const job = (attempt: number): WebhookJob => ({ companyId: company.companyId, webhookId: created.id, messageId, attempt });
    const record = (attempt: number) => ({ Records: [{ messageId: `m${attempt}`, body: JSON.stringify(job(attempt)), attributes: { ApproximateReceiveCount: '1' } }] });
    expect(await deliverWorker(record(2))).toEqual({ batchItemFailures: [] });
    dropQueuedRetries();
    // Attempt 3 fails: its retry (30 min away) is longer than a queue delay, so it waits on the index.
    expect(await deliverJob(job(3))).toBe('retrying');
    log = await deliveries(company, created.id);
    expect(log.slice(0, 3).map((entry) => [entry.attempt, entry.statusCode])).toEqual([[3, 500], [2, 500], [1, 500]]);
    const waits = log.slice(0, 3).map((entry) => Math.round((new Date(entry.nextRetryAt!).getTime() - new Date(entry.at).getTime()) / 1000));
    expect(waits).toEqual([RETRY_SCHEDULE_SECONDS[2], RETRY_SCHEDULE_SECONDS[1], RETRY_SCHEDULE_SECONDS[0]]);
    expect(await getMessage(company.companyId, messageId)).toMatchObject({ status: 'pending', nextAttempt: 4 });

    // Not due yet: the dispatcher sends nothing. Due: it queues attempt 4, which the endpoint now accepts.
    hook.set({ status: 200 });
    expect((await dispatchRetries({ time: new Date().toISOString() })).dispatched).toBe(0);
    const due = new Date(Date.now() + RETRY_SCHEDULE_SECONDS[2] * 1000).toISOString();
    expect((await dispatchRetries({ time: due })).dispatched).toBeGreaterThanOrEqual(1);
    await localJobQueue!.idle();
    log = await deliveries(company, created.id);
    expect(log.filter((entry) => entry.webhookId === messageId).map((entry) => entry.attempt)).toEqual([4, 3, 2, 1]);
    expect(log.find((entry) => entry.attempt === 4)).toMatchObject({ trigger: 'retry', statusCode: 200, ok: true, nextRetryAt: null, error: null });
    expect(await getMessage(company.companyId, messageId)).toMatchObject({ status: 'delivered' });

    const sent = at(hook.path).slice(1);
    expect(sent).toHaveLength(4);
    expect(new Set(sent.map((entry) => entry.headers['webhook-id']))).toEqual(new Set([messageId]));
    expect(new Set(sent.map((entry) => entry.body)).size).toBe(1);
    for (const entry of sent) expect(() => new Webhook(created.secret).verify(entry.body, headersOf(entry))).not.toThrow();

    // The queue delivering attempt 2 again (at least once), or the dispatcher running again: nothing more is sent.
    expect(await deliverJob(job(2))).toBe('skipped');
    expect(await deliverJob(job(4))).toBe('skipped');
    expect((await dispatchRetries({ time: due })).dispatched).toBe(0);
    expect(at(hook.path).slice(1)).toHaveLength(4);
    // The endpoint is healthy again.
    expect((await invoke('GET', '/api/webhooks', ceo(company))).body[0]).toMatchObject({ failingSince: null, enabled: true });
  });

  it('keep a slow endpoint from delaying the others: each delivery is its own message', async () => {
    const company = await createTestCompany();
    const slow = endpoint();
    const fast = endpoint();
    const other = endpoint();
    await addWebhook(company, slow.url, ['task.created']);
    await addWebhook(company, fast.url, ['task.created']);
    await addWebhook(company, other.url, ['task.created']);
    slow.set({ delayMs: 2_500 });
    const propertyId = await property(company);
    const started = Date.now();
    await createTask(company, propertyId);
    const slowAnswered = Date.now();
    expect(slowAnswered - started).toBeGreaterThanOrEqual(2_500);
    for (const hook of [fast, other]) {
      const [delivered] = at(hook.path).slice(1);
      expect(delivered.at - started).toBeLessThan(1_500);
    }
    expect(at(slow.path).slice(1)).toHaveLength(1);
  });

  it('reuse a kept connection, and send once more on a new one when the endpoint had dropped it', async () => {
    // An endpoint that keeps connections alive but drops one when a second request comes on it
    // (as a server whose idle timeout ran out the moment the request left).
    const requests: Array<{ connection: number; body: string }> = [];
    const perSocket = new WeakMap<object, number>();
    let connections = 0;
    let arrivals = 0;
    const dropping = createServer((req, res) => {
      arrivals += 1;
      const served = perSocket.get(req.socket) ?? 0;
      perSocket.set(req.socket, served + 1);
      if (served >= 1) {
        req.socket.destroy();
        return;
      }
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        requests.push({ connection: connections, body: Buffer.concat(chunks).toString('utf8') });
        res.writeHead(204);
        res.end();
      });
    });
    dropping.on('connection', () => (connections += 1));
    await new Promise<void>((resolve) => dropping.listen(0, '127.0.0.1', () => resolve()));
    try {
      const company = await createTestCompany();
      const propertyId = await property(company);
      const hook = await addWebhook(company, `http://127.0.0.1:${(dropping.address() as AddressInfo).port}/in`, ['task.created']);
      const task = await createTask(company, propertyId);
      // The event went on the test delivery's kept connection (dropped there), then on a new one:
      // three requests arrived on two connections, and each delivery was received once.
      expect(arrivals).toBe(3);
      expect(connections).toBe(2);
      expect(requests.map((entry) => JSON.parse(entry.body).type)).toEqual(['webhook.test', 'task.created']);
      expect(JSON.parse(requests[1].body).data.id).toBe(task.id);
      const log = await deliveries(company, hook.id);
      expect(log.filter((entry) => entry.eventType === 'task.created').map((entry) => [entry.ok, entry.statusCode, entry.attempt])).toEqual([[true, 204, 1]]);
    } finally {
      dropping.closeAllConnections();
      await new Promise((resolve) => dropping.close(resolve));
    }
  });

  it('sign with both secrets for a day after a rotation, so either verifies', async () => {
    const company = await createTestCompany();
    const hook = endpoint();
    const created = await addWebhook(company, hook.url, ['task.created']);
    const rotated = await invoke('POST', `/api/webhooks/${created.id}/rotate-secret`, ceo(company));
    expect(rotated.status).toBe(200);
    const secret: string = rotated.body.secret;
    expect(secret).toMatch(/^whsec_/);
    expect(secret).not.toBe(created.secret);
    const overlapHours = (new Date(rotated.body.previousSecretExpiresAt).getTime() - Date.now()) / 3_600_000;
    expect(overlapHours).toBeGreaterThan(23.9);
    expect(overlapHours).toBeLessThanOrEqual(24);
    expect((await invoke('GET', '/api/webhooks', ceo(company))).text).not.toContain(secret.slice(10));

    await createTask(company, await property(company));
    const [delivered] = at(hook.path).slice(1);
    const signatures = String(delivered.headers['webhook-signature']).split(' ');
    expect(signatures).toHaveLength(2);
    expect(signatures.every((signature) => signature.startsWith('v1,'))).toBe(true);
    expect(() => new Webhook(secret).verify(delivered.body, headersOf(delivered))).not.toThrow();
    expect(() => new Webhook(created.secret).verify(delivered.body, headersOf(delivered))).not.toThrow();

    // After the overlap only the new secret signs.
    const later = new Date(Date.now() + 24 * 3_600_000 + 60_000);
    const webhook = { secret, previousSecret: created.secret, previousSecretExpiresAt: rotated.body.previousSecretExpiresAt };
    expect(signingSecrets(webhook, new Date())).toEqual([secret, created.secret]);
    expect(signingSecrets(webhook, later)).toEqual([secret]);
    const actions = (await invoke('GET', '/api/integrations/activity', ceo(company))).body.map((entry: { action: string }) => entry.action);
    expect(actions).toContain('webhook.secret_rotated');
  });

  it('replay a logged delivery as a new attempt with the same webhook-id, settling a failed message', async () => {
    const company = await createTestCompany();
    const hook = endpoint();
    const created = await addWebhook(company, hook.url, ['task.created']);
    hook.set({ status: 503 });
    await createTask(company, await property(company));
    dropQueuedRetries();
    const failed = (await deliveries(company, created.id)).find((entry) => entry.trigger === 'event')!;
    expect(failed).toMatchObject({ ok: false, statusCode: 503 });

    hook.set({ status: 204 });
    const replayed = await invoke('POST', `/api/webhooks/${created.id}/deliveries/${failed.id}/replay`, ceo(company, { 'accept-language': 'en' }));
    expect(replayed.status).toBe(200);
    expect(replayed.body).toMatchObject({ webhookId: failed.webhookId, eventType: 'task.created', trigger: 'replay', attempt: 2, statusCode: 204, ok: true, nextRetryAt: null });
    const sent = at(hook.path).slice(1);
    expect(sent.map((entry) => entry.headers['webhook-id'])).toEqual([failed.webhookId, failed.webhookId]);
    expect(sent[1].body).toBe(sent[0].body);
    expect(() => new Webhook(created.secret).verify(sent[1].body, headersOf(sent[1]))).not.toThrow();
    expect((await deliveries(company, created.id)).filter((entry) => entry.trigger === 'replay')).toEqual([expect.objectContaining({ id: replayed.body.id, attempt: 2 })]);
    // The message is delivered: its scheduled retry, when the queue brings it, sends nothing.
    expect(await deliverJob({ companyId: company.companyId, webhookId: created.id, messageId: failed.webhookId, attempt: 2 })).toBe('skipped');
    expect(at(hook.path).slice(1)).toHaveLength(2);
    // The test delivery can be replayed too.
    const test = (await deliveries(company, created.id)).find((entry) => entry.trigger === 'test')!;
    expect((await invoke('POST', `/api/webhooks/${created.id}/deliveries/${test.id}/replay`, ceo(company))).body).toMatchObject({ eventType: 'webhook.test', ok: true });
  });

  it('disable an endpoint that failed for three days, and tell the CEO by e-mail', async () => {
    const company = await createTestCompany();
    const hook = endpoint();
    const created = await addWebhook(company, hook.url, ['task.created']);
    hook.set({ status: 500 });
    await createTask(company, await property(company));
    dropQueuedRetries();
    const listed = (await invoke('GET', '/api/webhooks', ceo(company))).body[0];
    expect(listed.failingSince).toEqual(expect.any(String));
    const messageId = String(at(hook.path)[1].headers['webhook-id']);

    const job = (attempt: number): WebhookJob => ({ companyId: company.companyId, webhookId: created.id, messageId, attempt });
    // Still failing a day later: retried, not disabled.
    expect(await deliverJob(job(2), new Date(Date.now() + 24 * 3_600_000))).toBe('retrying');
    expect((await invoke('GET', '/api/webhooks', ceo(company))).body[0]).toMatchObject({ enabled: true });
    // Three days after the first failure: disabled.
    expect(await deliverJob(job(3), new Date(new Date(listed.failingSince).getTime() + DISABLE_AFTER_FAILING_MS + 60_000))).toBe('retrying');
    const disabled = (await invoke('GET', '/api/webhooks', ceo(company))).body[0];
    expect(disabled).toMatchObject({ enabled: false, disabledReason: 'failing' });
    const mails = await emailsTo(company.ceo.user.email);
    expect(mails.some((mail) => mail.subject.includes(hook.url))).toBe(true);
    const actions = (await invoke('GET', '/api/integrations/activity', ceo(company))).body.map((entry: { action: string; actorUserId: string }) => `${entry.action} ${entry.actorUserId}`);
    expect(actions).toContain('webhook.disabled system');
    // Nothing more is sent to it, not even the retry already scheduled.
    const sentBefore = at(hook.path).length;
    expect(await deliverJob(job(4))).toBe('skipped');
    await createTask(company, await property(company));
    expect(at(hook.path)).toHaveLength(sentBefore);
  });
});

describe('the slow endpoints\' lane (a slow or dead endpoint never delays the others)', () => {
  /** Passes every message on to `real`, noting which queue each attempt of each endpoint went to. */
  class LaneLog implements JobQueue {
    readonly sent: Array<{ queue: QueueName; webhookId: string; attempt: number; delaySeconds: number }> = [];
    constructor(readonly real: JobQueue) {}
    async send(queue: QueueName, messages: readonly JobMessage[]): Promise<void> {
      for (const message of messages) {
        const job = message.body as WebhookJob;
        this.sent.push({ queue, webhookId: job.webhookId, attempt: job.attempt, delaySeconds: message.delaySeconds ?? 0 });
      }
      await this.real.send(queue, messages);
    }
    of(webhookId: string) {
      return this.sent.filter((entry) => entry.webhookId === webhookId).map(({ queue, attempt }) => [queue, attempt] as const);
    }
  }
  const laneOf = async (company: TestCompany, webhookId: string) => (await getWebhook(company.companyId, webhookId))?.lane ?? 'fast';
  const useQueue = (queue: JobQueue) => configureJobQueue(queue);
  afterEach(() => configureJobQueue(localJobQueue!));

  it('moves an endpoint to the slow lane after a slow attempt, and back after a fast success; each delivery made once', async () => {
    const company = await createTestCompany();
    const hook = endpoint();
    const created = await addWebhook(company, hook.url, ['task.created']);
    const propertyId = await property(company);
    const log = new LaneLog(localJobQueue!);
    useQueue(log);
    expect(await laneOf(company, created.id)).toBe('fast');

    // Not known slow yet: this first slow answer goes on the fast lane, and is delivered all the same.
    hook.set({ delayMs: SLOW_ATTEMPT_MS + 600 });
    await createTask(company, propertyId);
    expect(await laneOf(company, created.id)).toBe('slow');
    // Known slow: the next event goes to the slow lane (same worker code), delivered; a fast success brings it back.
    hook.set({});
    await createTask(company, propertyId);
    expect(await laneOf(company, created.id)).toBe('fast');
    await createTask(company, propertyId);
    expect(log.of(created.id)).toEqual([
      [WEBHOOK_QUEUE, 1],
      [WEBHOOK_SLOW_QUEUE, 1],
      [WEBHOOK_QUEUE, 1],
    ]);
    const attempts = (await deliveries(company, created.id)).filter((entry) => entry.trigger === 'event');
    expect(attempts).toHaveLength(3);
    expect(attempts.every((entry) => entry.ok && entry.attempt === 1)).toBe(true);
    expect(attempts[2].durationMs).toBeGreaterThan(SLOW_ATTEMPT_MS);
    const sent = at(hook.path).slice(1);
    expect(sent).toHaveLength(3);
    expect(new Set(sent.map((entry) => entry.headers['webhook-id'])).size).toBe(3);
  });

  it('moves an endpoint that fails with no answer to the slow lane, and its retries follow it there (the queued and the dispatched ones)', async () => {
    const company = await createTestCompany();
    const hook = endpoint();
    const healthy = endpoint();
    const dead = await addWebhook(company, hook.url, ['task.created']);
    const fine = await addWebhook(company, healthy.url, ['task.created']);
    const propertyId = await property(company);
    const log = new LaneLog(localJobQueue!);
    useQueue(log);
    hook.set({ drop: true });
    await createTask(company, propertyId);
    dropQueuedRetries();
    expect(await laneOf(company, dead.id)).toBe('slow');
    expect(await laneOf(company, fine.id)).toBe('fast');
    const [attempt1] = await deliveries(company, dead.id);
    expect(attempt1).toMatchObject({ attempt: 1, ok: false, statusCode: null });
    expect(attempt1.error).toContain('could not be reached');
    // Its first retry (30 s, a queue delay) went to the slow lane; so does the next.
    expect(log.of(dead.id)).toEqual([[WEBHOOK_QUEUE, 1], [WEBHOOK_SLOW_QUEUE, 2]]);
    const job = (attempt: number): WebhookJob => ({ companyId: company.companyId, webhookId: dead.id, messageId: attempt1.webhookId, attempt });
    expect(await deliverJob(job(2))).toBe('retrying');
    dropQueuedRetries();
    expect(log.of(dead.id).at(-1)).toEqual([WEBHOOK_SLOW_QUEUE, 3]);
    // Attempt 3's retry (30 min) waits on the retry index; the dispatcher sends it to the slow lane, whose worker makes it.
    expect(await deliverJob(job(3))).toBe('retrying');
    expect(log.of(dead.id)).toHaveLength(3);
    hook.set({});
    const due = new Date(Date.now() + (RETRY_SCHEDULE_SECONDS[2] + 60) * 1000).toISOString();
    expect((await dispatchRetries({ time: due })).dispatched).toBeGreaterThanOrEqual(1);
    await localJobQueue!.idle();
    expect(log.of(dead.id).at(-1)).toEqual([WEBHOOK_SLOW_QUEUE, 4]);
    expect((await deliveries(company, dead.id))[0]).toMatchObject({ attempt: 4, trigger: 'retry', ok: true });
    expect(await getMessage(company.companyId, attempt1.webhookId)).toMatchObject({ status: 'delivered' });
    // The fast success brought it back; the healthy endpoint never left the fast lane.
    expect(await laneOf(company, dead.id)).toBe('fast');
    expect(log.of(fine.id)).toEqual([[WEBHOOK_QUEUE, 1]]);
  });

  it('delivers every healthy endpoint\'s burst before a known-slow endpoint answers once, with few workers', async () => {
    const company = await createTestCompany();
    const slow = endpoint();
    const healthy = Array.from({ length: 9 }, () => endpoint());
    const slowHook = await addWebhook(company, slow.url, ['task.created']);
    for (const hook of healthy) await addWebhook(company, hook.url, ['task.created']);
    const propertyId = await property(company);
    // Known slow, as it is in production (a slow endpoint is slow for hours): one slow attempt first.
    slow.set({ delayMs: SLOW_ATTEMPT_MS + 600 });
    await createTask(company, propertyId);
    expect(await laneOf(company, slowHook.id)).toBe('slow');
    const before = new Map([slow, ...healthy].map((hook) => [hook.path, at(hook.path).length]));
    const burst = (hook: { path: string }) => at(hook.path).slice(before.get(hook.path));

    // The slow endpoint answers nothing until every healthy delivery of the burst has arrived (and
    // at least 2.6 s after its request, so it stays slow), or after 9 s at the most. Event order,
    // not timing: when its messages shared batches with the healthy ones (one queue), two workers
    // were both held by it and the other events' deliveries could not arrive before it answered.
    const events = 6;
    const answeredAt: number[] = [];
    const healthyArrived = () => healthy.every((hook) => burst(hook).length >= events);
    slow.set({
      answerWhen: async () => {
        const asked = Date.now();
        while (!healthyArrived() && Date.now() - asked < 9_000) await new Promise((resolve) => setTimeout(resolve, 20));
        await new Promise((resolve) => setTimeout(resolve, Math.max(0, asked + SLOW_ATTEMPT_MS + 600 - Date.now())));
        answeredAt.push(Date.now());
      },
    });
    const background = new LocalJobQueue({ mode: 'background', concurrency: 2 });
    const log = new LaneLog(background);
    useQueue(log);
    try {
      for (let i = 0; i < events; i++) await createTask(company, propertyId);
      await background.idle();
    } finally {
      background.stop();
    }
    expect(burst(slow)).toHaveLength(events);
    for (const hook of healthy) expect(burst(hook)).toHaveLength(events);
    const lastHealthy = Math.max(...healthy.flatMap((hook) => burst(hook).map((entry) => entry.at)));
    expect(answeredAt).toHaveLength(events);
    expect(lastHealthy).toBeLessThanOrEqual(Math.min(...answeredAt));
    // Every message went once, on its endpoint's lane, and each was delivered once.
    expect(log.sent.filter((entry) => entry.webhookId === slowHook.id)).toEqual(Array.from({ length: events }, () => expect.objectContaining({ queue: WEBHOOK_SLOW_QUEUE, attempt: 1 })));
    expect(log.sent.filter((entry) => entry.webhookId !== slowHook.id).every((entry) => entry.queue === WEBHOOK_QUEUE && entry.attempt === 1)).toBe(true);
    expect(log.sent).toHaveLength(events * 10);
    expect(await laneOf(company, slowHook.id)).toBe('slow');
    expect((await deliveries(company, slowHook.id)).filter((entry) => entry.trigger === 'event').every((entry) => entry.ok)).toBe(true);
  });
});

describe('private addresses in the AWS configuration', () => {
  const allowed = process.env.WEBHOOK_ALLOW_PRIVATE_HOSTS;
  afterEach(() => {
    process.env.WEBHOOK_ALLOW_PRIVATE_HOSTS = allowed;
  });

  it('are refused: loopback, private ranges, link-local (the metadata service), also behind a host name', async () => {
    process.env.WEBHOOK_ALLOW_PRIVATE_HOSTS = 'false';
    const company = await createTestCompany();
    const hook = endpoint();
    const port = new URL(base).port;
    for (const url of [hook.url, `http://localhost:${port}${hook.path}`, 'http://169.254.169.254/latest/meta-data/', 'http://10.0.0.8/hook', 'http://[::1]:9/hook', 'http://192.168.1.20/hook']) {
      const refused = await invoke('POST', '/api/webhooks', { ...ceo(company, { 'accept-language': 'en' }), body: { url, events: ['task.created'] } });
      expect(refused.status).toBe(422);
      expect(refused.body.message).toContain('this address is not allowed (private or local network)');
    }
    expect(at(hook.path)).toHaveLength(0);
  });

  it('are refused at delivery time too (an endpoint whose name moved to a private address)', async () => {
    const company = await createTestCompany();
    const hook = endpoint();
    const created = await addWebhook(company, hook.url, ['task.created']);
    process.env.WEBHOOK_ALLOW_PRIVATE_HOSTS = 'false';
    await createTask(company, await property(company));
    expect(at(hook.path)).toHaveLength(1);
    expect((await deliveries(company, created.id)).find((entry) => entry.trigger === 'event')).toMatchObject({ ok: false, statusCode: null, error: 'this address is not allowed (private or local network)' });
  });
});

describe('the local inspector (npm start\'s /dev/webhooks)', () => {
  it('receives deliveries at its URL, lists them, and tells whether a signature verifies for a given secret', async () => {
    const inspector = createServer((req, res) => {
      void handleDevWebhooksRequest(req, res).then((handled) => {
        if (!handled) {
          res.writeHead(404);
          res.end();
        }
      });
    });
    await new Promise<void>((resolve) => inspector.listen(0, '127.0.0.1', () => resolve()));
    const origin = `http://localhost:${(inspector.address() as AddressInfo).port}`;
    try {
      clearReceivedDeliveries();
      const company = await createTestCompany();
      const url = localWebhookInspectorUrl(origin, 'my-pms');
      expect(url).toBe(`http://127.0.0.1:${new URL(origin).port}/dev/webhooks/in/my-pms`);
      const created = await addWebhook(company, url, ['task.created']);
      await createTask(company, await property(company));
      expect(receivedDeliveries().map((delivery) => JSON.parse(delivery.body).type)).toEqual(['webhook.test', 'task.created']);
      expect(receivedDeliveries().every((delivery) => delivery.name === 'my-pms' && delivery.answered === 204)).toBe(true);

      const page = await fetch(`${origin}/dev/webhooks?secret=${encodeURIComponent(created.secret)}`);
      const html = await page.text();
      expect(page.status).toBe(200);
      expect(html.match(/signature verifies/g)).toHaveLength(2);
      expect(html).toContain('&quot;type&quot;: &quot;task.created&quot;');
      const wrong = await (await fetch(`${origin}/dev/webhooks?secret=${encodeURIComponent(`whsec_${Buffer.alloc(32, 1).toString('base64')}`)}`)).text();
      expect(wrong.match(/signature does not verify/g)).toHaveLength(2);
      const json = await (await fetch(`${origin}/api/dev/webhooks`)).json();
      expect(json).toHaveLength(2);

      // ?status=500 fails the deliveries (the test event is still accepted): the retries show in the log.
      const failing = await addWebhook(company, `${url}?status=500`, ['task.created']);
      await createTask(company, await property(company));
      expect((await deliveries(company, failing.id)).find((entry) => entry.trigger === 'event')).toMatchObject({ statusCode: 500, ok: false });
    } finally {
      inspector.closeAllConnections();
      await new Promise((resolve) => inspector.close(resolve));
    }
  });
});
