import { eventHandler } from '#functions/events/event-handler';
import { notifyApprovalRequested } from '#functions/notifications/approval-notifications';

/** task.approval_requested (functions/event-handlers.ts, issue 41 point 4): the property's owners are told (bell, then their channels). */
export const handler = eventHandler('task.approval_requested', async (detail, { eventId }) => {
  await notifyApprovalRequested(detail, eventId);
});
