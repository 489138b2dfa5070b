import { eventHandler } from '#functions/events/event-handler';
import { notifyOwnerStayDecided } from '#functions/notifications/owner-stay-notifications';

/** owner_stay.decided (functions/event-handlers.ts, issue 41): the owner who asked (bell, then their channels). */
export const handler = eventHandler('owner_stay.decided', async (detail, { eventId }) => {
  await notifyOwnerStayDecided(detail, eventId);
});
