import useSWR, { mutate } from 'swr';
import type { CalendarFeedBody, CalendarFeedUpdateBody } from '#shared/schemas';
import { apiRequest, type ApiError } from '../../../lib/api-client';
import { feedsKey } from './keys';
import type { CalendarFeed, SyncResponse } from './types';

export interface FeedsState {
  feeds: CalendarFeed[];
  isLoading: boolean;
  error: ApiError | undefined;
}

/**
 * GET /api/properties/{id}/feeds (CEO and managers; `enabled` false waits, e.g. for staff). Read
 * again every `refreshInterval` ms while an import is followed (0: not).
 */
export function useCalendarFeeds(propertyId: string, enabled = true, refreshInterval = 0): FeedsState {
  const { data, error, isLoading } = useSWR<CalendarFeed[], ApiError>(enabled ? feedsKey(propertyId) : null, { refreshInterval });
  return { feeds: Array.isArray(data) ? data : [], isLoading, error };
}

/** POST /api/properties/{id}/feeds: imported by the next sync ("Sync now" or the scheduled job). */
export async function createFeed(propertyId: string, body: CalendarFeedBody): Promise<CalendarFeed> {
  const feed = await apiRequest<CalendarFeed>('POST', feedsKey(propertyId), body);
  await mutate(feedsKey(propertyId));
  return feed;
}

/** PUT /api/properties/{id}/feeds/{feedId} */
export async function updateFeed(propertyId: string, feedId: string, body: CalendarFeedUpdateBody): Promise<CalendarFeed> {
  const feed = await apiRequest<CalendarFeed>('PUT', `${feedsKey(propertyId)}/${encodeURIComponent(feedId)}`, body);
  await mutate(feedsKey(propertyId));
  return feed;
}

/** DELETE /api/properties/{id}/feeds/{feedId}: the reservations it imported stay. */
export async function deleteFeed(propertyId: string, feedId: string): Promise<void> {
  await apiRequest('DELETE', `${feedsKey(propertyId)}/${encodeURIComponent(feedId)}`);
  await mutate(feedsKey(propertyId));
}

/** POST /api/properties/{id}/feeds/sync: every feed of the property, now. The feeds come back updated. */
export async function syncFeeds(propertyId: string): Promise<SyncResponse> {
  const response = await apiRequest<SyncResponse>('POST', `${feedsKey(propertyId)}/sync`);
  await mutate(feedsKey(propertyId), response.feeds, { revalidate: false });
  return response;
}

/** POST /api/properties/{id}/feeds/{feedId}/confirm: a calendar held as "not a booking calendar" is the property's bookings after all. */
export async function confirmFeed(propertyId: string, feedId: string): Promise<CalendarFeed> {
  const feed = await apiRequest<CalendarFeed>('POST', `${feedsKey(propertyId)}/${encodeURIComponent(feedId)}/confirm`);
  await mutate(feedsKey(propertyId));
  return feed;
}
