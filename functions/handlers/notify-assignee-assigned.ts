import { eventHandler } from '#functions/events/event-handler';
import { notifyMemberOfTask } from '#functions/notifications/assignee-notifications';

/**
 * task.assigned (functions/event-handlers.ts): the new assignee is told "assigned"; on a
 * reassignment the previous one is told it is no longer theirs. (The CEO's alert is notify-task-assigned.)
 */
export const handler = eventHandler('task.assigned', async (detail) => {
  const { assignedUserId, previousAssignedUserId, dueDate, ...task } = detail;
  await notifyMemberOfTask({ ...task, kind: 'assigned', recipientId: assignedUserId, dueDate });
  if (previousAssignedUserId && previousAssignedUserId !== assignedUserId) {
    await notifyMemberOfTask({ ...task, kind: 'unassigned', recipientId: previousAssignedUserId, dueDate });
  }
});
