import { logger } from '#functions/lib/logger';
import { dispatchOwnerReports, type OwnerReportDispatch } from '#functions/reports/owner/dispatch';

/**
 * The monthly owner reports' dispatcher (functions/event-handlers.ts SCHEDULED_JOBS, hourly): on the
 * 1st of a month in each company's zone, every owner whose report of the previous month has not gone
 * out yet, to the owner-reports queue (worker: send-owner-report). EventBridge Scheduler sends
 * { time: <scheduled time> }; `POST /api/dev/jobs/send-owner-reports` locally.
 */
export const handler = async (event: { time?: string } = {}): Promise<OwnerReportDispatch> => {
  const time = event.time ? new Date(event.time) : new Date();
  const now = Number.isNaN(time.getTime()) ? new Date() : time;
  const run = await dispatchOwnerReports(now);
  logger.info('Owner reports queued', { ...run, time: now.toISOString() });
  return run;
};
