import { eventHandler } from '#functions/events/event-handler';
import { notifyMemberOfTask } from '#functions/notifications/assignee-notifications';

/** task.unassigned (functions/event-handlers.ts): the previous assignee is told the task is no longer theirs. */
export const handler = eventHandler('task.unassigned', async (detail) => {
  const { previousAssignedUserId, dueDate, ...task } = detail;
  await notifyMemberOfTask({ ...task, kind: 'unassigned', recipientId: previousAssignedUserId, dueDate });
});
