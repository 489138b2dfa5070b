// The catalogue and its samples agree: every event has a sample envelope in events/samples that its
// schema accepts, and the manifest only routes events the catalogue knows.
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { DOMAIN_EVENTS, DOMAIN_EVENT_TYPES, EVENT_SOURCE, WEBHOOK_EVENTS, WEBHOOK_SOURCE_EVENTS, sampleWebhookPayload, toWebhookPayloads, type DomainEventType } from './catalogue';
import { WEBHOOK_EVENT_TYPES } from '#shared/schemas/webhooks';
import { EVENT_HANDLERS, SCHEDULED_JOBS, WEBHOOK_FAN_OUT_SOURCES } from '../functions/event-handlers';

const SAMPLES = path.resolve('events', 'samples');
const sample = (name: string) => JSON.parse(readFileSync(path.join(SAMPLES, name), 'utf8'));

describe('the domain-event catalogue', () => {
  it.each(DOMAIN_EVENT_TYPES)('%s has a sample envelope whose detail its schema accepts', (type) => {
    const envelope = sample(`${type}.json`);
    expect(envelope).toMatchObject({ version: '0', source: EVENT_SOURCE, 'detail-type': type, resources: [] });
    expect(envelope.detail).toEqual(DOMAIN_EVENTS[type].sample);
    expect(DOMAIN_EVENTS[type].schema.parse(envelope.detail)).toEqual(envelope.detail);
  });

  it('has no sample without an event', () => {
    const files = readdirSync(SAMPLES).filter((file) => !file.startsWith('scheduled.'));
    expect(files.sort()).toEqual(DOMAIN_EVENT_TYPES.map((type) => `${type}.json`).sort());
  });

  it('rejects a detail without its company', () => {
    const { companyId: _companyId, ...rest } = DOMAIN_EVENTS['task.assigned'].sample;
    expect(DOMAIN_EVENTS['task.assigned'].schema.safeParse(rest).success).toBe(false);
  });

  it('routes only catalogued events to handler modules that exist, one rule per handler', () => {
    for (const entry of EVENT_HANDLERS) {
      expect(DOMAIN_EVENT_TYPES).toContain(entry.detailType);
      expect(readdirSync(path.resolve('functions', 'handlers'))).toContain(`${entry.handler}.ts`);
    }
    // One rule per (handler, detail-type): a module may consume several types (the webhook fan-out).
    expect(new Set(EVENT_HANDLERS.map((entry) => `${entry.handler} ${entry.detailType}`)).size).toBe(EVENT_HANDLERS.length);
    for (const job of SCHEDULED_JOBS) expect(readdirSync(path.resolve('functions', 'handlers'))).toContain(`${job.handler}.ts`);
    expect(sample('scheduled.checkin-reminders.json')).toEqual({ time: expect.any(String) });
  });
});

describe('the public webhook events', () => {
  it('names every event the API lets an endpoint subscribe to, each with a version and a sample its schema accepts', () => {
    expect(Object.keys(WEBHOOK_EVENTS).sort()).toEqual([...WEBHOOK_EVENT_TYPES].sort());
    for (const name of WEBHOOK_EVENT_TYPES) {
      const definition = WEBHOOK_EVENTS[name];
      expect(definition.version).toBeGreaterThanOrEqual(1);
      expect(definition.schema.safeParse(definition.sample).success).toBe(true);
      expect(sampleWebhookPayload(name)).toMatchObject({ type: name, timestamp: expect.any(String), data: definition.sample });
    }
  });

  it('builds each payload from its source event, as {type, timestamp, data} the schema accepts, with nothing else of the detail', () => {
    for (const name of WEBHOOK_EVENT_TYPES) {
      const source = WEBHOOK_EVENTS[name].source;
      const detail = { ...DOMAIN_EVENTS[source].sample, eventId: 'outbox-id-not-public' };
      const payloads = toWebhookPayloads({ type: source, detail });
      const payload = payloads.find((candidate) => candidate.type === name)!;
      expect(Object.keys(payload).sort()).toEqual(['data', 'timestamp', 'type']);
      expect(payload.timestamp).toBe(new Date(detail.occurredAt).toISOString());
      const parsed = WEBHOOK_EVENTS[name].schema.safeParse(payload.data);
      expect(parsed.success).toBe(true);
      expect(JSON.stringify(payload)).not.toContain('outbox-id-not-public');
      expect(payload.data).toMatchObject({ companyId: detail.companyId });
    }
  });

  it('has no payload for events of no public interest', () => {
    const internal = DOMAIN_EVENT_TYPES.filter((type) => !WEBHOOK_SOURCE_EVENTS.includes(type));
    expect(internal).toContain('member.invited');
    for (const type of internal) expect(toWebhookPayloads({ type, detail: DOMAIN_EVENTS[type].sample })).toEqual([]);
    expect(toWebhookPayloads({ type: 'no.such_event', detail: {} })).toEqual([]);
  });

  it('routes every source event to the webhook fan-out, and only those', () => {
    expect([...WEBHOOK_FAN_OUT_SOURCES].sort()).toEqual([...WEBHOOK_SOURCE_EVENTS].sort());
    const routed = EVENT_HANDLERS.filter((entry) => entry.handler === 'fan-out-webhooks').map((entry) => entry.detailType as DomainEventType);
    expect(routed.sort()).toEqual([...WEBHOOK_SOURCE_EVENTS].sort());
  });
});
