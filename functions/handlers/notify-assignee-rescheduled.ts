import { eventHandler } from '#functions/events/event-handler';
import { notifyMemberOfTask } from '#functions/notifications/assignee-notifications';
import { inboxTaskNotice } from '#functions/notifications/inbox';

/** task.rescheduled (functions/event-handlers.ts): the assignee, if any, is told the new time (bell, then their channels). */
export const handler = eventHandler('task.rescheduled', async (detail) => {
  const { assignedUserId, previousDueDate, dueDate, ...task } = detail;
  if (!assignedUserId) return;
  await inboxTaskNotice('task_rescheduled', detail, assignedUserId, previousDueDate);
  await notifyMemberOfTask({ ...task, kind: 'rescheduled', recipientId: assignedUserId, dueDate, previousDueDate });
});
