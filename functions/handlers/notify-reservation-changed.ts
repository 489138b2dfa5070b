import { eventHandler } from '#functions/events/event-handler';
import { notifyReservationChanged } from '#functions/notifications/reservation-notifications';

/** EventBridge rule target for reservation.updated (functions/event-handlers.ts); the in-process bus calls it locally. */
export const handler = eventHandler('reservation.updated', async (detail, { eventId }) => {
  await notifyReservationChanged(detail, eventId);
});
