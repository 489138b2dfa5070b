import { eventHandler } from '#functions/events/event-handler';
import { notifyMemberOfTask } from '#functions/notifications/assignee-notifications';
import { inboxTaskNotice } from '#functions/notifications/inbox';

/**
 * task.assigned (functions/event-handlers.ts): the new assignee is told "assigned"; on a
 * reassignment the previous one is told it is no longer theirs: on their bell first, then by their
 * own channels. (The CEO's alert is notify-task-assigned.)
 */
export const handler = eventHandler('task.assigned', async (detail) => {
  const { assignedUserId, previousAssignedUserId, dueDate, ...task } = detail;
  const reassigned = previousAssignedUserId && previousAssignedUserId !== assignedUserId ? previousAssignedUserId : null;
  await inboxTaskNotice('task_assigned', detail, assignedUserId);
  if (reassigned) await inboxTaskNotice('task_unassigned', detail, reassigned);
  await notifyMemberOfTask({ ...task, kind: 'assigned', recipientId: assignedUserId, dueDate });
  if (reassigned) await notifyMemberOfTask({ ...task, kind: 'unassigned', recipientId: reassigned, dueDate });
});
