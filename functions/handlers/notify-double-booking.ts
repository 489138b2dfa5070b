import { eventHandler } from '#functions/events/event-handler';
import { notifyDoubleBooking } from '#functions/notifications/double-booking';

/** EventBridge rule target for reservation.double_booked (functions/event-handlers.ts); the in-process bus calls it locally. */
export const handler = eventHandler('reservation.double_booked', async (detail, { eventId }) => {
  await notifyDoubleBooking(detail, eventId);
});
