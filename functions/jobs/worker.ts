// The house wrapper of a queue worker (functions/event-handlers.ts QUEUE_WORKERS): SQS hands it a
// batch; each record is one job, run with Powertools Batch (processPartialResponse), so a record
// that throws is reported alone as a batch item failure (ReportBatchItemFailures): SQS delivers only
// it again, up to the queue's receive limit, then to the queue's dead-letter queue (alarmed). A
// message that is no job of this queue is logged and dropped (a retry could not fix it).
import { BatchProcessor, EventType, processPartialResponse } from '@aws-lambda-powertools/batch';
import { logger } from '#functions/lib/logger';
import { flushMetrics } from '#functions/lib/metrics';
import type { QueueBatchResult, QueueEvent, QueueName, QueueRecord } from './port';

export function queueWorker<J>(
  queue: QueueName,
  isJob: (value: unknown) => value is J,
  run: (job: J, record: QueueRecord) => Promise<unknown>,
) {
  return async (event: QueueEvent): Promise<QueueBatchResult> => {
    const processor = new BatchProcessor(EventType.SQS);
    const record = async (item: QueueRecord) => {
      let job: unknown;
      try {
        job = JSON.parse(item.body);
      } catch {
        job = undefined;
      }
      if (!isJob(job)) {
        logger.error(`Message on the ${queue} queue is no job of it; dropped`, { messageId: item.messageId });
        return;
      }
      await run(job, item);
    };
    try {
      return (await processPartialResponse(event as never, record, processor, { throwOnFullBatchFailure: false })) as QueueBatchResult;
    } finally {
      await flushMetrics();
    }
  };
}
