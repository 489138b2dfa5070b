import { eventHandler } from '#functions/events/event-handler';
import { notifyMemberOfTask } from '#functions/notifications/assignee-notifications';

/** task.rescheduled (functions/event-handlers.ts): the assignee, if any, is told the new time. */
export const handler = eventHandler('task.rescheduled', async (detail) => {
  const { assignedUserId, previousDueDate, dueDate, ...task } = detail;
  if (!assignedUserId) return;
  await notifyMemberOfTask({ ...task, kind: 'rescheduled', recipientId: assignedUserId, dueDate, previousDueDate });
});
