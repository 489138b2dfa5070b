import { eventHandler } from '#functions/events/event-handler';
import { inboxBookingMissing } from '#functions/notifications/inbox';
import { notifyBookingMissing } from '#functions/notifications/reservation-notifications';

/** EventBridge rule target for reservation.missing_from_feed (functions/event-handlers.ts): the office's bell, then the CEO's alert. */
export const handler = eventHandler('reservation.missing_from_feed', async (detail, { eventId }) => {
  await inboxBookingMissing(detail, eventId);
  await notifyBookingMissing(detail, eventId);
});
