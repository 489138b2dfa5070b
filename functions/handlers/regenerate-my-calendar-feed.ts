import { calendarFeedRegenerateBody, type CalendarFeedRegenerateBody, type CalendarFeedUrl } from '#shared/schemas/calendar-export';
import { regenerateExportToken } from '#functions/data/repositories/calendar-exports';
import { apiHandler, json } from '#functions/lib/http';
import { calendarFeedUrl } from '#functions/reservations/calendar-export/urls';

/**
 * POST /api/me/calendar-feed/regenerate (every role): makes the caller's task feed URL, or replaces
 * it (the old one is a 404 from now on: a lost phone, a shared link).
 */
export const handler = apiHandler<CalendarFeedRegenerateBody>('regenerate-my-calendar-feed', { body: calendarFeedRegenerateBody }, async ({ caller }) => {
  const token = await regenerateExportToken({ subject: 'MEMBER', companyId: caller.companyId, subjectId: caller.userId });
  const body: CalendarFeedUrl = { url: calendarFeedUrl(token) };
  return json(body);
});
