// The task-digests worker (functions/event-handlers.ts QUEUE_WORKERS): one member's evening digest
// per message. A record that fails is reported alone (partial batch response) and delivered again.
import { queueWorker } from '#functions/jobs/worker';
import { logger } from '#functions/lib/logger';
import { sendMemberDigest } from '#functions/notifications/task-digest';
import { digestJob } from '#functions/notifications/task-digest-dispatch';

export const handler = queueWorker('task-digests', digestJob, async (job) => {
  const outcome = await sendMemberDigest(job);
  logger.info('Task digest', { companyId: job.companyId, userId: job.userId, outcome });
});
