import { eventHandler } from '#functions/events/event-handler';
import { notifyMemberRoleChanged } from '#functions/notifications/team-notifications';

/** EventBridge rule target for member.role_changed (functions/event-handlers.ts); the in-process bus calls it locally. */
export const handler = eventHandler('member.role_changed', async (detail, { eventId }) => {
  await notifyMemberRoleChanged(detail, eventId);
});
