// The webhook-deliveries worker (functions/event-handlers.ts QUEUE_WORKERS), the fast lane: one
// attempt of one message per record (functions/webhooks/worker.ts, the same code as the slow
// endpoints' lane, deliver-webhook-slow).
import { WEBHOOK_QUEUE } from '#functions/webhooks/job';
import { webhookDeliveryWorker } from '#functions/webhooks/worker';

export const handler = webhookDeliveryWorker(WEBHOOK_QUEUE);
