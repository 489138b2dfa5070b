import { eventHandler } from '#functions/events/event-handler';
import { notifyMemberJoined } from '#functions/notifications/team-notifications';

/** EventBridge rule target for member.joined (functions/event-handlers.ts); the in-process bus calls it locally. */
export const handler = eventHandler('member.joined', async (detail, { eventId }) => {
  await notifyMemberJoined(detail, eventId);
});
