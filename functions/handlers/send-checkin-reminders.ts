import { logger } from '#functions/lib/logger';
import { sendCheckinReminders } from '#functions/notifications/checkin-reminders';

/**
 * The hourly check-in reminder job (functions/event-handlers.ts SCHEDULED_JOBS): EventBridge
 * Scheduler in AWS sends { time: <scheduled time> }; local/scheduler.ts calls it the same way.
 */
export const handler = async (event: { time?: string } = {}): Promise<{ published: number; alreadySent: number; failed: number }> => {
  const time = event.time ? new Date(event.time) : new Date();
  const now = Number.isNaN(time.getTime()) ? new Date() : time;
  const run = await sendCheckinReminders(now);
  logger.info('Check-in reminders', { ...run, time: now.toISOString() });
  return run;
};
