import { logger } from '#functions/lib/logger';
import { dispatchCheckinReminders, type ReminderRun } from '#functions/notifications/checkin-reminders';

/**
 * The hourly check-in reminder dispatcher (functions/event-handlers.ts SCHEDULED_JOBS): each
 * reservation checking in tomorrow to the check-in-reminders queue. EventBridge Scheduler in AWS
 * sends { time: <scheduled time> }; local/scheduler.ts and POST /api/dev/jobs/{name} call it the same way.
 */
export const handler = async (event: { time?: string } = {}): Promise<ReminderRun> => {
  const time = event.time ? new Date(event.time) : new Date();
  const now = Number.isNaN(time.getTime()) ? new Date() : time;
  const run = await dispatchCheckinReminders(now);
  logger.info('Check-in reminders queued', { ...run, time: now.toISOString() });
  return run;
};
