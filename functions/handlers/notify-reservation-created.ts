import { eventHandler } from '#functions/events/event-handler';
import { notifyReservationCreated } from '#functions/notifications/reservation-notifications';

/** EventBridge rule target for reservation.created (functions/event-handlers.ts); the in-process bus calls it locally. */
export const handler = eventHandler('reservation.created', async (detail, { eventId }) => {
  await notifyReservationCreated(detail, eventId);
});
