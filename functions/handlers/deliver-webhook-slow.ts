// The webhook-deliveries-slow worker (functions/event-handlers.ts QUEUE_WORKERS): the lane of the
// endpoints whose last attempt was slow or got no answer (functions/webhooks/lanes.ts), with a
// concurrency of its own; the same code as the fast lane's deliver-webhook (functions/webhooks/worker.ts).
import { WEBHOOK_SLOW_QUEUE } from '#functions/webhooks/job';
import { webhookDeliveryWorker } from '#functions/webhooks/worker';

export const handler = webhookDeliveryWorker(WEBHOOK_SLOW_QUEUE);
