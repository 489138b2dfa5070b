import { eventHandler } from '#functions/events/event-handler';
import { notifyOfficeGuestsLeft } from '#functions/notifications/guests-left-notice';

/**
 * reservation.guests_left (functions/event-handlers.ts): the guests left a stay that has no open
 * turnover; the office (CEO and the managers who see the property) is told the home is free, on
 * their bell and by their own channels.
 */
export const handler = eventHandler('reservation.guests_left', async (detail, { eventId }) => {
  await notifyOfficeGuestsLeft(detail, eventId);
});
