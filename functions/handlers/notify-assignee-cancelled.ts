import { eventHandler } from '#functions/events/event-handler';
import { notifyMemberOfTask } from '#functions/notifications/assignee-notifications';

/** task.cancelled (functions/event-handlers.ts): the assignee, if any, is told there is nothing to do. */
export const handler = eventHandler('task.cancelled', async (detail) => {
  const { assignedUserId, dueDate, ...task } = detail;
  if (!assignedUserId) return;
  await notifyMemberOfTask({ ...task, kind: 'cancelled', recipientId: assignedUserId, dueDate });
});
