import { eventHandler } from '#functions/events/event-handler';
import { notifyTaskCompleted } from '#functions/notifications/event-notifications';
import { inboxTaskCompleted } from '#functions/notifications/inbox';

/** EventBridge rule target for task.completed (functions/event-handlers.ts): the office's bell, then the CEO's alert. */
export const handler = eventHandler('task.completed', async (detail, { eventId }) => {
  await inboxTaskCompleted(detail, eventId);
  await notifyTaskCompleted(detail, eventId);
});
