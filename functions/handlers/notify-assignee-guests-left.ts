import { eventHandler } from '#functions/events/event-handler';
import { notifyGuestsLeft } from '#functions/notifications/guests-left-notice';

/**
 * task.guests_left (functions/event-handlers.ts): the turnover's assignee (or, unassigned, the
 * office) is told at once that the guests left and the cleaning can start: on their bell, and by
 * their own channels.
 */
export const handler = eventHandler('task.guests_left', async (detail, { eventId }) => {
  await notifyGuestsLeft(detail, eventId);
});
