import { logger } from '#functions/lib/logger';
import { checkReadiness, type ReadinessRun } from '#functions/properties/readiness-alerts';

/**
 * The readiness job (functions/event-handlers.ts SCHEDULED_JOBS, every 15 minutes; issue 40 point 3):
 * stores readiness again where a guest arrived or left, and alerts the office once per check-in of a
 * property not ready in time. EventBridge Scheduler sends { time }; local/scheduler.ts calls it the same way.
 */
export const handler = async (event: { time?: string } = {}): Promise<ReadinessRun> => {
  const time = event.time ? new Date(event.time) : new Date();
  const now = Number.isNaN(time.getTime()) ? new Date() : time;
  const run = await checkReadiness(now);
  logger.info('Readiness checked', { ...run, time: now.toISOString() });
  return run;
};
