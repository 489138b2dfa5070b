import { calendarFeedBody, type CalendarFeedBody } from '#shared/schemas';
import { addFeed, feedView } from '#functions/reservations/calendar-sync/feeds';
import { apiHandler, json } from '#functions/lib/http';

/** POST /api/properties/{id}/feeds: connect a channel's iCal export (imported by the next sync). */
export const handler = apiHandler<CalendarFeedBody>('create-calendar-feed', { body: calendarFeedBody }, async ({ caller, params, body, language }) =>
  json(feedView(await addFeed(caller.companyId, params.id, body, caller.userId), language), 201),
);
