import { eventHandler } from '#functions/events/event-handler';
import { notifyPropertyIssue } from '#functions/notifications/event-notifications';

/** EventBridge rule target for property.issue_reported (functions/event-handlers.ts); the in-process bus calls it locally. */
export const handler = eventHandler('property.issue_reported', async (detail, { eventId }) => {
  await notifyPropertyIssue(detail, eventId);
});
