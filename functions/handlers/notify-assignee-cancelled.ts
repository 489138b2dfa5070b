import { eventHandler } from '#functions/events/event-handler';
import { notifyMemberOfTask } from '#functions/notifications/assignee-notifications';
import { inboxTaskNotice } from '#functions/notifications/inbox';

/** task.cancelled (functions/event-handlers.ts): the assignee, if any, is told there is nothing to do (bell, then their channels). */
export const handler = eventHandler('task.cancelled', async (detail) => {
  const { assignedUserId, dueDate, ...task } = detail;
  if (!assignedUserId) return;
  await inboxTaskNotice('task_cancelled', detail, assignedUserId);
  await notifyMemberOfTask({ ...task, kind: 'cancelled', recipientId: assignedUserId, dueDate });
});
