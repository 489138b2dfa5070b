import { eventHandler } from '#functions/events/event-handler';
import { notifyReservationCancelled } from '#functions/notifications/reservation-notifications';

/** EventBridge rule target for reservation.cancelled (functions/event-handlers.ts); the in-process bus calls it locally. */
export const handler = eventHandler('reservation.cancelled', async (detail, { eventId }) => {
  await notifyReservationCancelled(detail, eventId);
});
