import { eventHandler } from '#functions/events/event-handler';
import { inboxOwnerStayDecided } from '#functions/owners/notices';

/** owner_stay.decided (functions/event-handlers.ts, issue 41): the owner's bell. */
export const handler = eventHandler('owner_stay.decided', async (detail, { eventId }) => {
  await inboxOwnerStayDecided(detail, eventId);
});
