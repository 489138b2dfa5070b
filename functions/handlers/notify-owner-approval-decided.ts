import { eventHandler } from '#functions/events/event-handler';
import { notifyApprovalDecided } from '#functions/notifications/approval-notifications';

/** task.approval_decided (functions/event-handlers.ts, issue 41 point 4): the office who see the property are told (bell, then their channels). */
export const handler = eventHandler('task.approval_decided', async (detail, { eventId }) => {
  await notifyApprovalDecided(detail, eventId);
});
