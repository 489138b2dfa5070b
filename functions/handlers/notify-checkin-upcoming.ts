import { eventHandler } from '#functions/events/event-handler';
import { notifyCheckinUpcoming } from '#functions/notifications/event-notifications';

/** EventBridge rule target for reservation.checkin_upcoming (functions/event-handlers.ts); the in-process bus calls it locally. */
export const handler = eventHandler('reservation.checkin_upcoming', async (detail, { eventId }) => {
  await notifyCheckinUpcoming(detail, eventId);
});
