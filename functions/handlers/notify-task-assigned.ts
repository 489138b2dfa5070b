import { eventHandler } from '#functions/events/event-handler';
import { notifyTaskAssigned } from '#functions/notifications/event-notifications';

/** EventBridge rule target for task.assigned (functions/event-handlers.ts); the in-process bus calls it locally. */
export const handler = eventHandler('task.assigned', async (detail, { eventId }) => {
  await notifyTaskAssigned(detail, eventId);
});
