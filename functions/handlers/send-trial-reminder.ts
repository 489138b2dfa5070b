// The trial-reminders worker (functions/event-handlers.ts QUEUE_WORKERS): one company's trial
// reminder per message, claimed once (a redelivered message sends nothing twice). A record that
// fails is reported alone (partial batch response) and delivered again by SQS.
import { remindTrialCompany } from '#functions/billing/trial';
import { trialReminderJob } from '#functions/billing/trial-dispatch';
import { queueWorker } from '#functions/jobs/worker';
import { logger } from '#functions/lib/logger';

export const handler = queueWorker('trial-reminders', trialReminderJob, async (job) => {
  const outcome = await remindTrialCompany(job);
  logger.info('Trial reminder', { companyId: job.companyId, reminder: job.reminder, outcome });
});
