import { eventHandler } from '#functions/events/event-handler';
import { notifyPropertyNotReady } from '#functions/notifications/inspection-notifications';

/** property.not_ready (functions/event-handlers.ts, issue 40): a property not ready before its check-in, to the office (bell, then their channels). */
export const handler = eventHandler('property.not_ready', async (detail, { eventId }) => {
  await notifyPropertyNotReady(detail, eventId);
});
