// The check-in-reminders worker (functions/event-handlers.ts QUEUE_WORKERS): one reminder per
// message, its marker and reservation.checkin_upcoming event written together (the events outbox).
// A record that fails is reported alone (partial batch response) and delivered again by SQS.
import { queueWorker } from '#functions/jobs/worker';
import { logger } from '#functions/lib/logger';
import { checkinReminderJob, remindCheckin } from '#functions/notifications/checkin-reminders';

export const handler = queueWorker('checkin-reminders', checkinReminderJob, async (job) => {
  const published = await remindCheckin(job);
  logger.info(published ? 'Check-in reminder published' : 'Check-in reminder already published', { companyId: job.companyId, reservationId: job.reservationId });
});
