import { logger } from '#functions/lib/logger';
import { sendTaskDigests, type DigestRun } from '#functions/notifications/task-digest';

/**
 * The hourly evening-digest job (functions/event-handlers.ts SCHEDULED_JOBS): EventBridge Scheduler
 * in AWS sends { time: <scheduled time> }; local/scheduler.ts and POST /api/dev/jobs/{name} call it the same way.
 */
export const handler = async (event: { time?: string } = {}): Promise<DigestRun> => {
  const time = event.time ? new Date(event.time) : new Date();
  const now = Number.isNaN(time.getTime()) ? new Date() : time;
  const run = await sendTaskDigests(now);
  logger.info('Task digests', { ...run, time: now.toISOString() });
  return run;
};
