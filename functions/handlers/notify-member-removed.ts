import { eventHandler } from '#functions/events/event-handler';
import { notifyMemberRemoved } from '#functions/notifications/team-notifications';

/** EventBridge rule target for member.removed (functions/event-handlers.ts); the in-process bus calls it locally. */
export const handler = eventHandler('member.removed', async (detail, { eventId }) => {
  await notifyMemberRemoved(detail, eventId);
});
