import { listFeeds } from '#functions/data/repositories/calendar-feeds';
import { feedView, requireOwnProperty } from '#functions/reservations/calendar-sync/feeds';
import { apiHandler, json } from '#functions/lib/http';

/** GET /api/properties/{id}/feeds (CEO and managers). */
export const handler = apiHandler('list-calendar-feeds', {}, async ({ caller, params, language }) => {
  await requireOwnProperty(caller.companyId, params.id);
  return json((await listFeeds(caller.companyId, params.id)).map((feed) => feedView(feed, language)));
});
