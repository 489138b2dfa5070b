import { eventHandler } from '#functions/events/event-handler';
import { notifyCalendarFeedFailed } from '#functions/notifications/reservation-notifications';

/** EventBridge rule target for calendar.feed_failed (functions/event-handlers.ts); the in-process bus calls it locally. */
export const handler = eventHandler('calendar.feed_failed', async (detail, { eventId }) => {
  await notifyCalendarFeedFailed(detail, eventId);
});
