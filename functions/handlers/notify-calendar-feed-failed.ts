import { eventHandler } from '#functions/events/event-handler';
import { inboxCalendarFailed } from '#functions/notifications/inbox';
import { notifyCalendarFeedFailed } from '#functions/notifications/reservation-notifications';

/** EventBridge rule target for calendar.feed_failed (functions/event-handlers.ts): the office's bell, then the CEO's alert. */
export const handler = eventHandler('calendar.feed_failed', async (detail, { eventId }) => {
  await inboxCalendarFailed(detail, eventId);
  await notifyCalendarFeedFailed(detail, eventId);
});
