// The owner-reports worker (functions/event-handlers.ts QUEUE_WORKERS): one owner's monthly report
// per message (PDF built, mailed through SES), claimed once (a redelivered message sends nothing
// twice). A record that fails is reported alone (partial batch response) and delivered again by SQS.
import { queueWorker } from '#functions/jobs/worker';
import { logger } from '#functions/lib/logger';
import { ownerReportJob } from '#functions/reports/owner/dispatch';
import { sendOwnerReport } from '#functions/reports/owner/send';

export const handler = queueWorker('owner-reports', ownerReportJob, async (job, record) => {
  const outcome = await sendOwnerReport(job, { firstDelivery: Number(record.attributes?.ApproximateReceiveCount ?? '1') <= 1 });
  logger.info('Owner report', { companyId: job.companyId, month: job.month, outcome });
});
