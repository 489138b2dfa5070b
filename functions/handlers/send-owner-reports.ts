import { logger } from '#functions/lib/logger';
import { sendOwnerReports, type OwnerReportRun } from '#functions/reports/owner/send';

/**
 * The monthly owner reports (functions/event-handlers.ts SCHEDULED_JOBS, hourly): on the 1st of a
 * month in each company's zone, every owner gets the previous month's PDF by e-mail, once.
 * EventBridge Scheduler sends { time: <scheduled time> }; `POST /api/dev/jobs/send-owner-reports` locally.
 */
export const handler = async (event: { time?: string } = {}): Promise<OwnerReportRun> => {
  const time = event.time ? new Date(event.time) : new Date();
  const now = Number.isNaN(time.getTime()) ? new Date() : time;
  const run = await sendOwnerReports(now);
  logger.info('Owner reports', { ...run, time: now.toISOString() });
  return run;
};
