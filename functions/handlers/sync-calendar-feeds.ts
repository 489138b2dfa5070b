import { syncAllFeeds, type SyncRun } from '#functions/calendar-sync/sync';
import { logger } from '#functions/lib/logger';

/**
 * The calendar-sync job (functions/event-handlers.ts SCHEDULED_JOBS): EventBridge Scheduler in AWS
 * sends { time: <scheduled time> }; local/scheduler.ts calls it the same way under `npm start`.
 */
export const handler = async (event: { time?: string } = {}): Promise<SyncRun> => {
  const time = event.time ? new Date(event.time) : new Date();
  const now = Number.isNaN(time.getTime()) ? new Date() : time;
  const run = await syncAllFeeds({ now });
  logger.info('Calendar sync', { ...run, time: now.toISOString() });
  return run;
};
