import { eventHandler } from '#functions/events/event-handler';
import { notifyBookingMissing } from '#functions/notifications/reservation-notifications';

/** EventBridge rule target for reservation.missing_from_feed (functions/event-handlers.ts); the in-process bus calls it locally. */
export const handler = eventHandler('reservation.missing_from_feed', async (detail, { eventId }) => {
  await notifyBookingMissing(detail, eventId);
});
