import { eventHandler } from '#functions/events/event-handler';
import { notifyInspectionFailed } from '#functions/notifications/inspection-notifications';

/** task.inspection_failed (functions/event-handlers.ts, issue 40): the cleaner is told their cleaning failed its inspection (bell, then their channels). */
export const handler = eventHandler('task.inspection_failed', async (detail, { eventId }) => {
  await notifyInspectionFailed(detail, eventId);
});
