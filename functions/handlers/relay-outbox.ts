// The events outbox's relay in AWS (functions/event-handlers.ts OUTBOX_RELAY): the table's stream
// (NEW_IMAGE), filtered by the event source mapping to new outbox items (INSERT, pk OUTBOX#…), hands
// them here; each entry's events go on the bus with publishEvents() (PutEvents, failed entries
// retried with backoff). An entry whose events could not all be published is a batch item failure
// (ReportBatchItemFailures): the stream delivers it again (bisecting a failing batch), up to the
// mapping's retry limit, then its record goes to the relay's dead-letter queue (alarmed). Events
// carry their outbox id (`eventId`), so a second PutEvents of an entry is skipped by the consumers.
import { BatchProcessor, EventType, processPartialResponse } from '@aws-lambda-powertools/batch';
import type { DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import { countDelivered, isOutboxEntry, withEventIds } from '#functions/data/outbox';
import { publishEvents } from '#functions/events/publisher';
import type { QueueBatchResult } from '#functions/jobs/port';
import { logger } from '#functions/lib/logger';
import { flushMetrics } from '#functions/lib/metrics';

export async function relayRecord(record: DynamoDBRecord): Promise<void> {
  const image = record.dynamodb?.NewImage;
  if (record.eventName !== 'INSERT' || !image) return;
  const item = unmarshall(image as never) as Record<string, unknown>;
  // The mapping's filter lets only outbox items through; anything else is not ours to relay.
  if (!isOutboxEntry(item)) return;
  const events = withEventIds(item);
  if (!(await publishEvents(events))) throw new Error(`Outbox entry ${item.sk}: ${events.length} event(s) not published`);
  countDelivered(item.events);
  logger.debug('Outbox entry relayed', { entry: item.sk, events: item.events.map((event) => ({ type: event.type, eventId: event.id })) });
}

export const handler = async (event: DynamoDBStreamEvent): Promise<QueueBatchResult> => {
  const processor = new BatchProcessor(EventType.DynamoDBStreams);
  try {
    // In order: a failure is reported from its record on, as the stream retries.
    return (await processPartialResponse(event as never, relayRecord, processor, { throwOnFullBatchFailure: false, processInParallel: false })) as QueueBatchResult;
  } finally {
    await flushMetrics();
  }
};
