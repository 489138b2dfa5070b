import { eventHandler } from '#functions/events/event-handler';
import { notifyMemberOfTask } from '#functions/notifications/assignee-notifications';
import { inboxTaskNotice } from '#functions/notifications/inbox';

/** task.unassigned (functions/event-handlers.ts): the previous assignee is told (bell, then their channels) the task is no longer theirs. */
export const handler = eventHandler('task.unassigned', async (detail) => {
  const { previousAssignedUserId, dueDate, ...task } = detail;
  await inboxTaskNotice('task_unassigned', detail, previousAssignedUserId);
  await notifyMemberOfTask({ ...task, kind: 'unassigned', recipientId: previousAssignedUserId, dueDate });
});
