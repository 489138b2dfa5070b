import { eventHandler } from '#functions/events/event-handler';
import { notifyOwnerStayRequested } from '#functions/notifications/owner-stay-notifications';

/** owner_stay.requested (functions/event-handlers.ts, issue 41): the office who see the property (bell, then their channels). */
export const handler = eventHandler('owner_stay.requested', async (detail, { eventId }) => {
  await notifyOwnerStayRequested(detail, eventId);
});
