import { eventHandler } from '#functions/events/event-handler';
import { notifyTaskCompleted } from '#functions/notifications/event-notifications';

/** EventBridge rule target for task.completed (functions/event-handlers.ts); the in-process bus calls it locally. */
export const handler = eventHandler('task.completed', async (detail, { eventId }) => {
  await notifyTaskCompleted(detail, eventId);
});
