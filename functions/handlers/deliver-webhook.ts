// The webhook-deliveries worker (functions/event-handlers.ts QUEUE_WORKERS): one attempt of one
// message per record (signed POST, recorded, retried with backoff). A record that throws (the table
// unreachable) is reported alone and delivered again by the queue; an endpoint's failure is not an
// error here: it is recorded and its retry scheduled.
import { queueWorker } from '#functions/jobs/worker';
import { logger } from '#functions/lib/logger';
import { deliverJob } from '#functions/webhooks/delivery';
import { webhookJob } from '#functions/webhooks/job';

export const handler = queueWorker('webhook-deliveries', webhookJob, async (job) => {
  const result = await deliverJob(job);
  logger.debug('Webhook attempt', { companyId: job.companyId, webhookId: job.webhookId, messageId: job.messageId, attempt: job.attempt, result });
});
