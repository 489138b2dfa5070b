// The house wrapper of a queue worker (functions/event-handlers.ts QUEUE_WORKERS): SQS hands it a
// batch; each record is one job, run with Powertools Batch (processPartialResponse), so a record
// that throws is reported alone as a batch item failure (ReportBatchItemFailures): SQS delivers only
// it again, up to the queue's receive limit, then to the queue's dead-letter queue (alarmed). A
// message that is no job of this queue is logged and dropped (a retry could not fix it).
import { BatchProcessor, EventType, processPartialResponse } from '@aws-lambda-powertools/batch';
import { logger } from '#functions/lib/logger';
import { flushMetrics } from '#functions/lib/metrics';
import { withCompanyOf } from '#functions/lib/tenant';
import * as z from 'zod/mini';
import type { QueueBatchResult, QueueEvent, QueueName, QueueRecord } from './port';

/** An ISO instant in a job message (the dispatcher's run, a trial's end). */
export const jobInstant = z.string().check(z.refine((value) => !Number.isNaN(Date.parse(value))));

/** The company a job message names (`companyId`), if it names one. */
function companyOfJob(job: unknown): string | undefined {
  const companyId = (job as { companyId?: unknown } | null)?.companyId;
  return typeof companyId === 'string' && companyId ? companyId : undefined;
}

/** A queue's worker: each record's body is parsed with the queue's job schema, then run. */
export function queueWorker<J>(
  queue: QueueName,
  schema: z.ZodMiniType<J>,
  run: (job: J, record: QueueRecord) => Promise<unknown>,
) {
  return async (event: QueueEvent): Promise<QueueBatchResult> => {
    const processor = new BatchProcessor(EventType.SQS);
    const record = async (item: QueueRecord) => {
      let body: unknown;
      try {
        body = JSON.parse(item.body);
      } catch {
        body = undefined;
      }
      const job = schema.safeParse(body);
      if (!job.success) {
        logger.error(`Message on the ${queue} queue is no job of it; dropped`, { messageId: item.messageId });
        return;
      }
      // Run for the company the job belongs to when it names one, else for none (a cross-company sweep).
      await withCompanyOf(companyOfJob(job.data), () => run(job.data, item));
    };
    try {
      return (await processPartialResponse(event as never, record, processor, { throwOnFullBatchFailure: false })) as QueueBatchResult;
    } finally {
      await flushMetrics();
    }
  };
}
