// The catalogue and its samples agree: every event has a sample envelope in events/samples that its
// schema accepts, and the manifest only routes events the catalogue knows.
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { DOMAIN_EVENTS, DOMAIN_EVENT_TYPES, EVENT_SOURCE } from './catalogue';
import { EVENT_HANDLERS, SCHEDULED_JOBS } from '../functions/event-handlers';

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
    expect(new Set(EVENT_HANDLERS.map((entry) => entry.handler)).size).toBe(EVENT_HANDLERS.length);
    for (const job of SCHEDULED_JOBS) expect(readdirSync(path.resolve('functions', 'handlers'))).toContain(`${job.handler}.ts`);
    expect(sample('scheduled.checkin-reminders.json')).toEqual({ time: expect.any(String) });
  });
});
