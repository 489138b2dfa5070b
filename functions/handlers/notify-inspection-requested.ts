import { eventHandler } from '#functions/events/event-handler';
import { notifyInspectionRequested } from '#functions/notifications/inspection-notifications';

/** task.inspection_requested (functions/event-handlers.ts, issue 40): an inspection without an inspector is the office's (bell, then their channels). */
export const handler = eventHandler('task.inspection_requested', async (detail, { eventId }) => {
  await notifyInspectionRequested(detail, eventId);
});
