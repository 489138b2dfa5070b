import { logger } from '#functions/lib/logger';
import { dispatchTaskDigests, type DigestDispatch } from '#functions/notifications/task-digest-dispatch';

/**
 * The hourly evening-digest dispatcher (functions/event-handlers.ts SCHEDULED_JOBS): each member with
 * tasks tomorrow to the task-digests queue. EventBridge Scheduler in AWS sends { time: <scheduled
 * time> }; local/scheduler.ts and POST /api/dev/jobs/{name} call it the same way.
 */
export const handler = async (event: { time?: string } = {}): Promise<DigestDispatch> => {
  const time = event.time ? new Date(event.time) : new Date();
  const now = Number.isNaN(time.getTime()) ? new Date() : time;
  const run = await dispatchTaskDigests(now);
  logger.info('Task digests queued', { ...run, time: now.toISOString() });
  return run;
};
