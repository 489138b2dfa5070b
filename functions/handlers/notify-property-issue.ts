import { eventHandler } from '#functions/events/event-handler';
import { notifyPropertyIssue } from '#functions/notifications/event-notifications';
import { inboxProblemReported } from '#functions/notifications/inbox';

/** EventBridge rule target for property.issue_reported (functions/event-handlers.ts): the office's bell, then the CEO's alert. */
export const handler = eventHandler('property.issue_reported', async (detail, { eventId }) => {
  await inboxProblemReported(detail, eventId);
  await notifyPropertyIssue(detail, eventId);
});
