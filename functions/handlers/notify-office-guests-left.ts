import { eventHandler } from '#functions/events/event-handler';
import { notifyOfficeGuestsLeft } from '#functions/notifications/guests-left-notice';

/**
 * reservation.guests_left (functions/event-handlers.ts): when the stay has no open turnover, the
 * office (CEO and the managers who see the property) is told the home is free, on their bell and by
 * their own channels. With one, task.guests_left tells its assignee instead (notify-assignee-guests-left).
 */
export const handler = eventHandler('reservation.guests_left', async (detail, { eventId }) => {
  if (detail.turnoverTaskId) return;
  await notifyOfficeGuestsLeft(detail, eventId);
});
