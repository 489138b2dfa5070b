import { calendarFeedUpdateBody, type CalendarFeedUpdateBody } from '#shared/schemas';
import { editFeed, feedView } from '#functions/reservations/calendar-sync/feeds';
import { apiHandler, json } from '#functions/lib/http';

/** PUT /api/properties/{id}/feeds/{feedId}: url, name, source, enabled. */
export const handler = apiHandler<CalendarFeedUpdateBody>('update-calendar-feed', { body: calendarFeedUpdateBody }, async ({ caller, params, body, language }) =>
  json(feedView(await editFeed(caller.companyId, params.id, params.feedId, body), language)),
);
