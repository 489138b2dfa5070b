import { dispatchDueFeeds, type DispatchRun } from '#functions/reservations/calendar-sync/jobs';
import { logger } from '#functions/lib/logger';

/**
 * The calendar-sync dispatcher (functions/event-handlers.ts SCHEDULED_JOBS): every due feed to the
 * job queue, one message each. EventBridge Scheduler in AWS sends { time: <scheduled time> };
 * local/scheduler.ts calls it the same way under `npm start`.
 */
export const handler = async (event: { time?: string } = {}): Promise<DispatchRun> => {
  const time = event.time ? new Date(event.time) : new Date();
  const now = Number.isNaN(time.getTime()) ? new Date() : time;
  const run = await dispatchDueFeeds(now);
  logger.info('Calendar sync dispatched', { ...run, time: now.toISOString() });
  return run;
};
