import { logger } from '#functions/lib/logger';
import { dispatchDueRetries, type RetryDispatchRun } from '#functions/webhooks/retry-dispatch';

/**
 * The webhook retry dispatcher (functions/event-handlers.ts SCHEDULED_JOBS): retries waiting longer
 * than a queue delay go to the webhook-deliveries queue when due. EventBridge Scheduler in AWS sends
 * { time: <scheduled time> }; local/scheduler.ts calls it the same way under `npm start`.
 */
export const handler = async (event: { time?: string } = {}): Promise<RetryDispatchRun> => {
  const time = event.time ? new Date(event.time) : new Date();
  const now = Number.isNaN(time.getTime()) ? new Date() : time;
  const run = await dispatchDueRetries(now);
  if (run.dispatched) logger.info('Webhook retries dispatched', { ...run, time: now.toISOString() });
  return run;
};
