// The webhook deliveries worker, one code for both lanes (functions/event-handlers.ts QUEUE_WORKERS:
// 'webhook-deliveries' and the slow endpoints' 'webhook-deliveries-slow'): one attempt of one
// message per record (signed POST, recorded, retried with backoff, on the endpoint's lane). A record
// that throws (the table unreachable) is reported alone and delivered again by its queue; an
// endpoint's failure is not an error here: it is recorded and its retry scheduled.
import { queueWorker } from '#functions/jobs/worker';
import { logger } from '#functions/lib/logger';
import { deliverJob } from './delivery';
import { webhookJob, type WebhookQueue } from './job';

export function webhookDeliveryWorker(queue: WebhookQueue) {
  return queueWorker(queue, webhookJob, async (job) => {
    const result = await deliverJob(job);
    logger.debug('Webhook attempt', { queue, companyId: job.companyId, webhookId: job.webhookId, messageId: job.messageId, attempt: job.attempt, result });
  });
}
