// The edges: SNS (SMS), SES (e-mail) and EventBridge (domain events) adapters at the SDK boundary
// with aws-sdk-client-mock (no stand-in records SNS Publish or EventBridge PutEvents), publishing
// with retries, the in-process bus, and the SMS outbox adapter.
import { mkdtemp, readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { EventBridgeClient, PutEventsCommand } from '@aws-sdk/client-eventbridge';
import { SESClient, SendEmailCommand } from '@aws-sdk/client-ses';
import { PublishCommand, SNSClient } from '@aws-sdk/client-sns';
import { mockClient } from 'aws-sdk-client-mock';
import { DOMAIN_EVENTS, domainEvent, type DomainEvent } from '../../events/catalogue';
import { SesMailer } from '../mail/mailer';
import { EVENT_HANDLERS } from '../event-handlers';
import { EventBridgePublisher } from '../events/eventbridge';
import { InlineEventBus, type EventHandlerFunction } from '../../local/event-bus';
import { OutboxSmsSender } from '../../local/outbox';
import { eventPublisherPort, publishEvents, PublishError, type EventPublisher } from '../events/publisher';
import { taskEvents } from '../events/task-events';
import { isPrivateAddress, checkSmtp } from './email-check';
import { smsPort, SnsSmsSender } from './sms';

const sns = mockClient(SNSClient);
const ses = mockClient(SESClient);
const eventBridge = mockClient(EventBridgeClient);

beforeEach(() => {
  sns.reset();
  ses.reset();
  eventBridge.reset();
});
afterAll(() => {
  sns.restore();
  ses.restore();
  eventBridge.restore();
});

const assigned = DOMAIN_EVENTS['task.assigned'].sample;
const assignedEvent = (title = assigned.title) => domainEvent('task.assigned', { ...assigned, title });
const noWait = async () => undefined;

describe('SNS SMS adapter', () => {
  it('publishes to the phone number as a transactional SMS', async () => {
    sns.on(PublishCommand).resolves({ MessageId: 'm-1' });
    await new SnsSmsSender(new SNSClient({ region: 'us-east-1' })).send({ to: '+5511999999999', message: 'RentalOps: olá' });
    expect(sns.commandCalls(PublishCommand).map((call) => call.args[0].input)).toEqual([
      {
        PhoneNumber: '+5511999999999',
        Message: 'RentalOps: olá',
        MessageAttributes: { 'AWS.SNS.SMS.SMSType': { DataType: 'String', StringValue: 'Transactional' } },
      },
    ]);
  });

  it('adds the sender id when one is configured', async () => {
    sns.on(PublishCommand).resolves({ MessageId: 'm-2' });
    await new SnsSmsSender(new SNSClient({ region: 'us-east-1' }), 'RentalOps').send({ to: '+15551234567', message: 'x' });
    expect(sns.commandCalls(PublishCommand)[0].args[0].input.MessageAttributes).toEqual({
      'AWS.SNS.SMS.SMSType': { DataType: 'String', StringValue: 'Transactional' },
      'AWS.SNS.SMS.SenderID': { DataType: 'String', StringValue: 'RentalOps' },
    });
  });

  it("passes SNS's refusal on to the caller, who records it as failed", async () => {
    sns.on(PublishCommand).rejects(Object.assign(new Error('Invalid parameter: PhoneNumber'), { name: 'InvalidParameterException' }));
    await expect(new SnsSmsSender(new SNSClient({ region: 'us-east-1' })).send({ to: '+1', message: 'x' })).rejects.toThrow('Invalid parameter: PhoneNumber');
  });

  it('is the adapter a Lambda function gets (nothing configured), the outbox the one npm start and the tests configure', async () => {
    let fresh: typeof import('./sms') | undefined;
    jest.isolateModules(() => {
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      fresh = require('./sms') as typeof import('./sms');
    });
    expect(fresh!.smsPort.configured).toBe(false);
    expect(await fresh!.smsPort.use()).toBeInstanceOf(fresh!.SnsSmsSender);
    expect(smsPort.configured).toBe(true); // tests/load-env.ts -> local/ports.ts
    expect(await smsPort.use()).toBeInstanceOf(OutboxSmsSender);
  });
});

describe('SES mailer', () => {
  it('keeps the subject on one line, whatever text went into it (a title stored before line breaks were refused)', async () => {
    ses.on(SendEmailCommand).resolves({ MessageId: 'e-2' });
    await new SesMailer(new SESClient({ region: 'us-east-1' }), 'no-reply@rentalops.test').send({
      to: 'ceo@demo.rentalops.test',
      subject: 'Tarefa atribuída: Limpeza\r\nBcc: victim@example.test\u2028X',
      text: 'Linha 1\nLinha 2',
    });
    const [call] = ses.commandCalls(SendEmailCommand).filter((c) => c.args[0].input.Message?.Subject?.Data?.startsWith('Tarefa atribuída: Limpeza'));
    expect(call.args[0].input.Message?.Subject?.Data).toBe('Tarefa atribuída: Limpeza Bcc: victim@example.test X');
    // The body keeps its lines.
    expect(call.args[0].input.Message?.Body?.Text?.Data).toBe('Linha 1\nLinha 2');
  });

  it('sends a UTF-8 text e-mail from the configured address', async () => {
    ses.on(SendEmailCommand).resolves({ MessageId: 'e-1' });
    await new SesMailer(new SESClient({ region: 'us-east-1' }), 'no-reply@rentalops.test').send({
      to: 'ceo@demo.rentalops.test',
      subject: 'Tarefa atribuída: Limpeza',
      text: 'A tarefa "Limpeza" foi atribuída.',
    });
    expect(ses.commandCalls(SendEmailCommand).map((call) => call.args[0].input)).toEqual([
      {
        Source: 'no-reply@rentalops.test',
        Destination: { ToAddresses: ['ceo@demo.rentalops.test'] },
        Message: {
          Subject: { Data: 'Tarefa atribuída: Limpeza', Charset: 'UTF-8' },
          Body: { Text: { Data: 'A tarefa "Limpeza" foi atribuída.', Charset: 'UTF-8' } },
        },
      },
    ]);
  });
});

describe('EventBridge publisher', () => {
  it('puts each event on the bus with source rentalops and its detail-type, 10 entries per call', async () => {
    eventBridge.on(PutEventsCommand).resolves({ FailedEntryCount: 0, Entries: [] });
    const events = Array.from({ length: 12 }, (_, i) => assignedEvent(`Task ${i}`));
    await new EventBridgePublisher(new EventBridgeClient({ region: 'us-east-1' }), 'rentalops-dev').publish(events);
    const calls = eventBridge.commandCalls(PutEventsCommand);
    expect(calls.map((call) => call.args[0].input.Entries?.length)).toEqual([10, 2]);
    expect(calls[0].args[0].input.Entries?.[0]).toEqual({
      EventBusName: 'rentalops-dev',
      Source: 'rentalops',
      DetailType: 'task.assigned',
      Detail: JSON.stringify({ ...assigned, title: 'Task 0' }),
      Time: new Date(assigned.occurredAt),
    });
  });

  it('hands back only the entries EventBridge failed', async () => {
    eventBridge.on(PutEventsCommand).resolves({
      FailedEntryCount: 1,
      Entries: [{ EventId: '1' }, { ErrorCode: 'InternalFailure', ErrorMessage: 'try again' }],
    });
    const events = [assignedEvent('A'), assignedEvent('B')];
    const error = await new EventBridgePublisher(new EventBridgeClient({ region: 'us-east-1' }), 'bus').publish(events).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PublishError);
    expect((error as PublishError).failed).toEqual([events[1]]);
  });
});

describe('publishEvents', () => {
  it('retries only the failed events, then succeeds', async () => {
    eventBridge
      .on(PutEventsCommand)
      .resolvesOnce({ FailedEntryCount: 1, Entries: [{ EventId: '1' }, { ErrorCode: 'ThrottlingException' }] })
      .resolves({ FailedEntryCount: 0, Entries: [{ EventId: '2' }] });
    const publisher = new EventBridgePublisher(new EventBridgeClient({ region: 'us-east-1' }), 'bus');
    const ok = await publishEvents([assignedEvent('A'), assignedEvent('B')], { publisher, sleep: noWait });
    expect(ok).toBe(true);
    const calls = eventBridge.commandCalls(PutEventsCommand);
    expect(calls.map((call) => call.args[0].input.Entries?.map((entry) => JSON.parse(entry.Detail!).title))).toEqual([['A', 'B'], ['B']]);
  });

  it('gives up after 3 attempts with backoff, logs, and resolves false instead of throwing', async () => {
    eventBridge.on(PutEventsCommand).rejects(new Error('network down'));
    const delays: number[] = [];
    const publisher = new EventBridgePublisher(new EventBridgeClient({ region: 'us-east-1' }), 'bus');
    const ok = await publishEvents([assignedEvent()], { publisher, sleep: async (ms) => void delays.push(ms) });
    expect(ok).toBe(false);
    expect(eventBridge.commandCalls(PutEventsCommand)).toHaveLength(3);
    expect(delays).toHaveLength(2);
    expect(delays[0]).toBeGreaterThanOrEqual(50);
    expect(delays[0]).toBeLessThanOrEqual(100);
    expect(delays[1]).toBeGreaterThanOrEqual(100);
    expect(delays[1]).toBeLessThanOrEqual(200);
  });

  it('does not retry an error a retry cannot fix', async () => {
    let calls = 0;
    const publisher: EventPublisher = {
      publish: async () => {
        calls += 1;
        throw new PublishError('Missing environment variable EVENT_BUS_NAME', [], false);
      },
    };
    expect(await publishEvents([assignedEvent()], { publisher, sleep: noWait })).toBe(false);
    expect(calls).toBe(1);
  });

  it('publishes through EventBridge when nothing is configured (AWS), refusing to retry without a bus name', async () => {
    let fresh: typeof import('../events/publisher') | undefined;
    jest.isolateModules(() => {
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      fresh = require('../events/publisher') as typeof import('../events/publisher');
    });
    const saved = process.env.EVENT_BUS_NAME;
    try {
      delete process.env.EVENT_BUS_NAME;
      const error = await fresh!.eventPublisherPort.use().catch((e: unknown) => e);
      expect(error).toMatchObject({ name: 'PublishError', retryable: false, message: expect.stringContaining('EVENT_BUS_NAME') });
      process.env.EVENT_BUS_NAME = 'rentalops-test';
      eventBridge.on(PutEventsCommand).resolves({ FailedEntryCount: 0, Entries: [{ EventId: '1' }] });
      expect(await fresh!.publishEvents([assignedEvent('Via EventBridge')], { sleep: noWait })).toBe(true);
      expect(eventBridge.commandCalls(PutEventsCommand).map((call) => call.args[0].input.Entries?.[0]?.EventBusName)).toEqual(['rentalops-test']);
    } finally {
      if (saved === undefined) delete process.env.EVENT_BUS_NAME;
      else process.env.EVENT_BUS_NAME = saved;
    }
    // The tests' composition root configured the in-process bus on the module the handlers use.
    expect(eventPublisherPort.configured).toBe(true);
    expect(await eventPublisherPort.use()).toBeInstanceOf(InlineEventBus);
  });

  it('publishes nothing for no events', async () => {
    expect(await publishEvents([], { publisher: { publish: async () => Promise.reject(new Error('unexpected')) } })).toBe(true);
  });
});

describe('the in-process bus', () => {
  it('calls the handler modules of the manifest with the EventBridge envelope, and awaits them', async () => {
    const calls: Array<{ handler: string; event: Parameters<EventHandlerFunction>[0] }> = [];
    const bus = new InlineEventBus(async (handler) => async (event) => {
      await new Promise((resolve) => setTimeout(resolve, 10));
      calls.push({ handler, event });
    });
    const event = assignedEvent();
    await bus.publish([event, domainEvent('task.created', DOMAIN_EVENTS['task.created'].sample)]);
    // Each event's handlers in the manifest's order, event after event (task.created: the webhook fan-out).
    const handlersOf = (type: string) => EVENT_HANDLERS.filter((entry) => entry.detailType === type).map((entry) => entry.handler);
    expect(calls.map((call) => call.handler)).toEqual([...handlersOf('task.assigned'), ...handlersOf('task.created')]);
    expect(calls.map((call) => call.handler)).toContain('notify-task-assigned');
    expect(calls[0].event).toMatchObject({
      version: '0',
      id: expect.any(String),
      'detail-type': 'task.assigned',
      source: 'rentalops',
      time: '2026-03-14T10:00:00Z',
      resources: [],
      detail: event.detail,
    });
  });

  it('logs a failing handler and carries on', async () => {
    const bus = new InlineEventBus(async () => async () => {
      throw new Error('SES down');
    });
    await expect(bus.publish([assignedEvent()])).resolves.toBeUndefined();
  });

  it('has a handler module for every manifest entry, each taking its event type', async () => {
    for (const entry of EVENT_HANDLERS) {
      const module = (await import(`../handlers/${entry.handler}`)) as { handler: EventHandlerFunction };
      expect(typeof module.handler).toBe('function');
      // A handler drops an event of another type without doing anything.
      const other = entry.detailType === 'task.completed' ? 'task.assigned' : 'task.completed';
      await expect(module.handler({ ...(await import(`../../events/samples/${other}.json`)) } as never)).resolves.toBeUndefined();
    }
  });
});

describe('task events', () => {
  const task = {
    id: 'T1',
    type: 'maintenance' as const,
    title: 'Leak',
    description: 'Sink',
    propertyId: 'P1',
    reservationId: null,
    assignedUserId: null as string | null,
    status: 'pending' as const,
    dueDate: null,
    completedAt: null as string | null,
    createdAt: '2030-01-01T00:00:00.000Z',
    updatedAt: '2030-01-01T00:00:00.000Z',
  };
  const ctx = { companyId: 'C1', actorUserId: 'U1', now: new Date('2030-01-01T00:00:00.000Z') };
  const types = (events: DomainEvent[]) => events.map((event) => event.type);

  it('announces a creation, its issue and its assignee', () => {
    expect(types(taskEvents(undefined, { ...task, assignedUserId: 'U2' }, { ...ctx, issue: true }))).toEqual([
      'task.created',
      'property.issue_reported',
      'task.assigned',
    ]);
    expect(types(taskEvents(undefined, task, ctx))).toEqual(['task.created']);
  });

  it('announces a new assignee, an unassignment and a completion, and nothing else', () => {
    const before = { ...task, assignedUserId: 'U2' };
    expect(types(taskEvents(before, { ...before, assignedUserId: 'U3' }, ctx))).toEqual(['task.assigned']);
    expect(types(taskEvents(before, { ...before, assignedUserId: null }, ctx))).toEqual(['task.unassigned']);
    expect(types(taskEvents(before, { ...before, title: 'x' }, ctx))).toEqual([]);
    const done = taskEvents(before, { ...before, status: 'completed', completedAt: '2030-01-02T00:00:00.000Z' }, ctx);
    expect(done).toEqual([
      {
        type: 'task.completed',
        detail: expect.objectContaining({ completedAt: '2030-01-02T00:00:00.000Z', completedByUserId: 'U2', companyId: 'C1', actorUserId: 'U1' }),
      },
    ]);
    const completed = { ...before, status: 'completed' as const, completedAt: '2030-01-02T00:00:00.000Z' };
    expect(types(taskEvents(completed, { ...completed, title: 'y' }, ctx))).toEqual([]);
  });

  it('produces details the catalogue accepts', () => {
    for (const event of taskEvents(undefined, { ...task, assignedUserId: 'U2', status: 'completed', completedAt: '2030-01-01T00:00:00.000Z' }, { ...ctx, issue: true })) {
      expect(DOMAIN_EVENTS[event.type].schema.safeParse(event.detail).success).toBe(true);
    }
  });
});

describe('SMS outbox adapter', () => {
  it('appends one {at,to,message} line per SMS', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'rentalops-sms-'));
    const file = path.join(dir, 'nested', 'sms.jsonl');
    const sender = new OutboxSmsSender(() => file);
    await sender.send({ to: '+5511999999999', message: 'um' });
    await sender.send({ to: '+15551234567', message: 'two' });
    const lines = (await readFile(file, 'utf8')).trim().split('\n').map((line) => JSON.parse(line));
    expect(lines).toEqual([
      { at: expect.any(String), to: '+5511999999999', message: 'um' },
      { at: expect.any(String), to: '+15551234567', message: 'two' },
    ]);
  });

  it('refuses a number that is not E.164, as SNS does', async () => {
    await expect(new OutboxSmsSender(() => path.join(os.tmpdir(), 'never.jsonl')).send({ to: '11999', message: 'x' })).rejects.toThrow(/not valid/);
  });
});

describe('SMTP host guard', () => {
  it.each(['127.0.0.1', '10.1.2.3', '172.20.0.1', '192.168.1.10', '169.254.169.254', '100.64.0.1', '0.0.0.0', '::1', 'fd00::1', 'fe80::1', '::ffff:127.0.0.1'])(
    'treats %s as private',
    (ip) => expect(isPrivateAddress(ip)).toBe(true),
  );
  it.each(['8.8.8.8', '52.94.236.248', '2600:1f18::1'])('treats %s as public', (ip) => expect(isPrivateAddress(ip)).toBe(false));

  it('refuses a private SMTP host unless allowed, before connecting', async () => {
    const result = await checkSmtp({ host: '127.0.0.1', port: 25 }, 'en', { allowPrivateHosts: false });
    expect(result).toEqual({ success: false, message: 'This SMTP server address is not allowed (private or local network)' });
  });
});
