import { logger } from '#functions/lib/logger';
import { sendTrialReminders, type TrialReminderRun } from '#functions/billing/trial';

/**
 * The hourly trial reminder job (functions/event-handlers.ts SCHEDULED_JOBS): e-mails each trial
 * company's CEO 3 days and 1 day before the trial ends and at its end, each once. EventBridge
 * Scheduler sends { time: <scheduled time> }; `POST /api/dev/jobs/send-trial-reminders` locally.
 */
export const handler = async (event: { time?: string } = {}): Promise<TrialReminderRun> => {
  const time = event.time ? new Date(event.time) : new Date();
  const now = Number.isNaN(time.getTime()) ? new Date() : time;
  const run = await sendTrialReminders(now);
  logger.info('Trial reminders', { ...run, time: now.toISOString() });
  return run;
};
