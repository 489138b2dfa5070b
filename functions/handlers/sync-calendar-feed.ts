// The calendar-sync worker (functions/event-handlers.ts QUEUE_WORKERS): SQS hands it a few feed
// jobs; each is imported within the invocation's time budget (jobs.ts). A job that throws (the
// table throttled, a bug) is reported as a partial batch failure, so SQS delivers only it again,
// up to the queue's receive limit, then to the dead-letter queue (alarmed in AWS).
import { BatchProcessor, EventType, processPartialResponse } from '@aws-lambda-powertools/batch';
import { isFeedJob, runFeedJob, WORKER_BUDGET_MS } from '#functions/reservations/calendar-sync/jobs';
import type { QueueBatchResult, QueueEvent, QueueRecord } from '#functions/jobs/port';
import { logger } from '#functions/lib/logger';
import { flushMetrics } from '#functions/lib/metrics';

export const handler = async (event: QueueEvent): Promise<QueueBatchResult> => {
  const processor = new BatchProcessor(EventType.SQS);
  const deadline = Date.now() + WORKER_BUDGET_MS;
  const contexts = new Map();
  const record = async ({ body, messageId }: QueueRecord) => {
    const job: unknown = JSON.parse(body);
    // A message that is no job is dropped (logged), not retried into the dead-letter queue.
    if (!isFeedJob(job)) {
      logger.error('Calendar-sync message is not a feed job; dropped', { messageId });
      return;
    }
    const outcome = await runFeedJob(job, { deadline, contexts });
    logger.info('Calendar feed job', { feedId: job.feedId, outcome: outcome.outcome });
  };
  // One feed after the other: they share the invocation's time budget (a feed started late stops
  // early and continues in a message of its own); throughput comes from concurrent invocations.
  try {
    return (await processPartialResponse(event as never, record, processor, { throwOnFullBatchFailure: false, processInParallel: false })) as QueueBatchResult;
  } finally {
    // CalendarSyncsFailed (functions/lib/metrics.ts).
    await flushMetrics();
  }
};
