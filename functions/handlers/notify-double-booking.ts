import { eventHandler } from '#functions/events/event-handler';
import { notifyDoubleBooking } from '#functions/notifications/double-booking';
import { inboxDoubleBooking } from '#functions/notifications/inbox';

/** EventBridge rule target for reservation.double_booked (functions/event-handlers.ts): the office's bell, then their alerts. */
export const handler = eventHandler('reservation.double_booked', async (detail, { eventId }) => {
  await inboxDoubleBooking(detail, eventId);
  await notifyDoubleBooking(detail, eventId);
});
