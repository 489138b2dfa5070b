import { confirmFeed, feedView } from '#functions/reservations/calendar-sync/feeds';
import { apiHandler, json } from '#functions/lib/http';

/**
 * POST /api/properties/{id}/feeds/{feedId}/confirm (CEO and managers): "this is my bookings
 * calendar" for a feed held as not looking like one. It is due at once: the next dispatcher run, or
 * "Sync now" (which the page calls right after), imports it.
 */
export const handler = apiHandler('confirm-calendar-feed', {}, async ({ caller, params, language }) =>
  json(feedView(await confirmFeed(caller.companyId, params.id, params.feedId), language)),
);
