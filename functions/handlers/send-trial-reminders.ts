import { logger } from '#functions/lib/logger';
import { dispatchTrialReminders, type TrialReminderDispatch } from '#functions/billing/trial-dispatch';

/**
 * The hourly trial reminder dispatcher (functions/event-handlers.ts SCHEDULED_JOBS): each trial
 * company whose reminder (3 days and 1 day before the end, and at the end) is due and not yet sent,
 * to the trial-reminders queue (worker: send-trial-reminder). EventBridge Scheduler sends
 * { time: <scheduled time> }; `POST /api/dev/jobs/send-trial-reminders` locally.
 */
export const handler = async (event: { time?: string } = {}): Promise<TrialReminderDispatch> => {
  const time = event.time ? new Date(event.time) : new Date();
  const now = Number.isNaN(time.getTime()) ? new Date() : time;
  const run = await dispatchTrialReminders(now);
  logger.info('Trial reminders queued', { ...run, time: now.toISOString() });
  return run;
};
