// The member's own task feed for their phone's calendar (issue 39 point 5): its URL (null before
// they make one), and a new one that replaces it (the old one stops working at once).
import useSWR, { mutate } from 'swr';
import type { CalendarFeedUrl } from '#shared/schemas/calendar-export';
import { apiRequest } from '../../../lib/api-client';

export const MY_CALENDAR_FEED_KEY = '/api/me/calendar-feed';

export function useMyCalendarFeed() {
  return useSWR<CalendarFeedUrl>(MY_CALENDAR_FEED_KEY);
}

export async function regenerateMyCalendarFeed(): Promise<CalendarFeedUrl> {
  const feed = await apiRequest<CalendarFeedUrl>('POST', `${MY_CALENDAR_FEED_KEY}/regenerate`, {});
  await mutate(MY_CALENDAR_FEED_KEY, feed, { revalidate: false });
  return feed;
}
