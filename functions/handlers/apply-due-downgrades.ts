import { dispatchDueDowngrades } from '#functions/billing/plan-change';
import { logger } from '#functions/lib/logger';

/**
 * The hourly dispatcher (functions/event-handlers.ts SCHEDULED_JOBS) of the downgrades due by now
 * that no renewal webhook applied (no provider subscription, a late or missed event): each to the
 * due-downgrades queue (worker: apply-due-downgrade). EventBridge Scheduler sends
 * { time: <scheduled time> }; `POST /api/dev/jobs/apply-due-downgrades` locally.
 */
export const handler = async (event: { time?: string } = {}): Promise<{ queued: number }> => {
  const time = event.time ? new Date(event.time) : new Date();
  const now = Number.isNaN(time.getTime()) ? new Date() : time;
  const run = await dispatchDueDowngrades(now);
  logger.info('Due downgrades queued', { ...run, time: now.toISOString() });
  return run;
};
