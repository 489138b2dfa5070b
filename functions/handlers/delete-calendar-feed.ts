import { deleteFeed } from '#functions/data/repositories/calendar-feeds';
import { requireOwnProperty } from '#functions/reservations/calendar-sync/feeds';
import { apiHandler } from '#functions/lib/http';

/** DELETE /api/properties/{id}/feeds/{feedId}: disconnects the feed; reservations it imported stay. */
export const handler = apiHandler('delete-calendar-feed', {}, async ({ caller, params }) => {
  await requireOwnProperty(caller.companyId, params.id);
  await deleteFeed(caller.companyId, params.id, params.feedId);
  return { statusCode: 204, headers: { 'cache-control': 'no-store' } };
});
