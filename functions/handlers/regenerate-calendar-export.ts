import { calendarFeedRegenerateBody, type CalendarFeedRegenerateBody, type CalendarFeedUrl } from '#shared/schemas/calendar-export';
import { regenerateExportToken } from '#functions/data/repositories/calendar-exports';
import { apiHandler, json } from '#functions/lib/http';
import { calendarFeedUrl } from '#functions/reservations/calendar-export/urls';

/**
 * POST /api/properties/{id}/calendar-export/regenerate (CEO and managers): a new export URL for the
 * property; the old one is a 404 from now on. Another company's property is a 404.
 */
export const handler = apiHandler<CalendarFeedRegenerateBody>('regenerate-calendar-export', { body: calendarFeedRegenerateBody }, async ({ caller, params }) => {
  const token = await regenerateExportToken({ subject: 'PROPERTY', companyId: caller.companyId, subjectId: params.id });
  const body: CalendarFeedUrl = { url: calendarFeedUrl(token) };
  return json(body);
});
