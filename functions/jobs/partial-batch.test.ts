// Background work on queues (issue 20 point 6) and the outbox relay of AWS (point 5): one bad record
// never fails or repeats a whole batch. Queue workers and the stream relay report only the failing
// records (partial batch response); the in-process queue delivers only those again.
import type { DynamoDBStreamEvent } from 'aws-lambda';
import { marshall } from '@aws-sdk/util-dynamodb';
import { DOMAIN_EVENTS, domainEvent, type DomainEvent } from '../../events/catalogue';
import { InlineEventBus } from '../../local/event-bus';
import { LocalJobQueue } from '../../local/job-queue';
import { eventIdOf, outboxEntry } from '../data/outbox';
import { configureEventPublisher, PublishError } from '../events/publisher';
import { handler as relay } from '../handlers/relay-outbox';
import { handler as remindCheckin } from '../handlers/remind-checkin';
import * as z from 'zod/mini';
import { queueWorker } from './worker';
import type { QueueEvent } from './port';

const record = (messageId: string, body: unknown) => ({ messageId, body: typeof body === 'string' ? body : JSON.stringify(body), attributes: { ApproximateReceiveCount: '1' } });

describe('a queue worker', () => {
  it('reports only the record that failed; the others are done', async () => {
    const done: string[] = [];
    const worker = queueWorker('task-digests', z.object({ n: z.number() }), async (job) => {
      if (job.n === 2) throw new Error('one bad job');
      done.push(String(job.n));
    });
    const event: QueueEvent = { Records: [record('m1', { n: 1 }), record('m2', { n: 2 }), record('m3', { n: 3 }), record('m4', 'not json')] };
    const result = await worker(event);
    expect(result.batchItemFailures).toEqual([{ itemIdentifier: 'm2' }]);
    expect(done.sort()).toEqual(['1', '3']);
  });

  it('check-in reminders: a bad message is reported alone, a good one in the same batch is published once', async () => {
    const good = {
      companyId: 'C-partial-batch',
      reservationId: `R-${Date.now()}`,
      propertyId: 'P1',
      guestName: 'Emma Johnson',
      checkinDate: '2031-05-11T19:00:00.000Z',
      checkoutDate: '2031-05-15T15:00:00.000Z',
      checkinDay: '2031-05-11',
      timezone: 'America/New_York',
      at: '2031-05-10T12:00:00.000Z',
    };
    const bad = { ...good, reservationId: `R-bad-${Date.now()}`, checkinDate: 'not a date' };
    const first = await remindCheckin({ Records: [record('good', good), record('bad', bad)] });
    expect(first.batchItemFailures).toEqual([{ itemIdentifier: 'bad' }]);
    // The good one redelivered (or in another batch) is not published twice: its marker and event were one write.
    const again = await remindCheckin({ Records: [record('good-again', good)] });
    expect(again.batchItemFailures).toEqual([]);
  });

  it('in the in-process queue, only the failed record is delivered again, then goes to the dead-letter list', async () => {
    const seen: string[] = [];
    const queue = new LocalJobQueue({
      mode: 'inline',
      retryDelayMs: () => 0,
      load: async () =>
        queueWorker('task-digests', z.object({ id: z.string() }), async (job) => {
          seen.push(job.id);
          if (job.id === 'poison') throw new Error('never works');
        }),
    });
    await queue.send('task-digests', [{ body: { id: 'a' } }, { body: { id: 'poison' } }, { body: { id: 'b' } }]);
    expect(seen.filter((id) => id === 'a')).toHaveLength(1);
    expect(seen.filter((id) => id === 'b')).toHaveLength(1);
    expect(seen.filter((id) => id === 'poison')).toHaveLength(5);
    expect(queue.deadLetters.map((letter) => JSON.parse(letter.body))).toEqual([{ id: 'poison' }]);
    queue.stop();
  });
});

describe('the outbox relay (the table stream in AWS)', () => {
  const streamRecord = (sequence: string, item: Record<string, unknown>, eventName: 'INSERT' | 'REMOVE' = 'INSERT') => ({
    eventID: sequence,
    eventName,
    eventSource: 'aws:dynamodb',
    dynamodb: { SequenceNumber: sequence, Keys: marshall({ pk: item.pk, sk: item.sk }), NewImage: marshall(item, { removeUndefinedValues: true }) as never },
  });
  const sample = (title: string) => domainEvent('task.completed', { ...DOMAIN_EVENTS['task.completed'].sample, title });
  afterEach(() => configureEventPublisher(new InlineEventBus()));

  it('puts each entry on the bus with its events ids, and reports only the entry that could not be published', async () => {
    const published: DomainEvent[] = [];
    configureEventPublisher({
      async publish(events) {
        if (events.some((event) => (event.detail as { title?: string }).title === 'poison')) throw new PublishError('refused', events, false);
        published.push(...events);
      },
    });
    const ok = outboxEntry([sample('first'), sample('second')])!;
    const poison = outboxEntry([sample('poison')])!;
    const later = outboxEntry([sample('third')])!;
    const event = {
      Records: [
        streamRecord('100', ok as unknown as Record<string, unknown>),
        streamRecord('200', poison as unknown as Record<string, unknown>),
        streamRecord('300', later as unknown as Record<string, unknown>),
        // Not the relay's: ignored (the mapping's filter keeps these out in AWS anyway).
        streamRecord('400', { pk: 'COMPANY#x', sk: 'TASK#1', entity: 'task' }),
      ],
    } as unknown as DynamoDBStreamEvent;
    const result = await relay(event);
    expect(result.batchItemFailures).toEqual([{ itemIdentifier: '200' }]);
    expect(published.map((e) => (e.detail as { title: string }).title)).toEqual(['first', 'second', 'third']);
    expect(published.map((e) => eventIdOf(e.detail))).toEqual([...ok.events, ...later.events].map((e) => e.id));
  });
});
