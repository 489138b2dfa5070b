import { listFeeds } from '#functions/data/repositories/calendar-feeds';
import { feedView, outcomeView, requireOwnProperty } from '#functions/calendar-sync/feeds';
import { syncPropertyFeeds } from '#functions/calendar-sync/sync';
import { apiHandler, json } from '#functions/lib/http';

/** POST /api/properties/{id}/feeds/sync ("sync now", CEO and managers): every feed of the property, now. */
export const handler = apiHandler('sync-property-feeds', {}, async ({ caller, params, language }) => {
  await requireOwnProperty(caller.companyId, params.id);
  const results = await syncPropertyFeeds(caller.companyId, params.id);
  const feeds = await listFeeds(caller.companyId, params.id);
  return json({ results: results.map((result) => outcomeView(result, language)), feeds: feeds.map((feed) => feedView(feed, language)) });
});
