import type { CalendarFeedUrl } from '#shared/schemas/calendar-export';
import { currentExportToken } from '#functions/data/repositories/calendar-exports';
import { apiHandler, json } from '#functions/lib/http';
import { calendarFeedUrl } from '#functions/reservations/calendar-export/urls';

/** GET /api/me/calendar-feed (every role): the URL of the caller's own task feed, or null before they make one. */
export const handler = apiHandler('get-my-calendar-feed', {}, async ({ caller }) => {
  const token = await currentExportToken(caller.companyId, 'MEMBER', caller.userId);
  const body: CalendarFeedUrl = { url: token ? calendarFeedUrl(token) : null };
  return json(body);
});
