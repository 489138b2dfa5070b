import { eventHandler } from '#functions/events/event-handler';
import { inboxOwnerStayRequested } from '#functions/owners/notices';

/** owner_stay.requested (functions/event-handlers.ts, issue 41): the office's bell. */
export const handler = eventHandler('owner_stay.requested', async (detail, { eventId }) => {
  await inboxOwnerStayRequested(detail, eventId);
});
