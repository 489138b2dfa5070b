import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { unstable_serialize } from 'swr/infinite';
// Task lists, recent tasks, the sidebar badge, a task's own page and the metrics are the tasks
// feature's keys: its own refresh knows them (a turnover is a task like any other).
import { useRefreshTaskQueries } from '../../tasks/api/refresh-task-queries';
import { DOUBLE_BOOKINGS_KEY, RESERVATIONS_BY_ID_PREFIX, UPCOMING_CHECKINS_KEY, calendarPrefix, flaggedKey, propertyReservationsPath, propertyTasksPath, upcomingPrefix } from './keys';

/**
 * After a reservation was created, moved or cancelled, or a feed synced: the property's calendar,
 * its reservation and task lists, the flagged bookings, the upcoming check-ins, the open double
 * bookings and every task query (the automatic turnover appears, moves or is cancelled without a
 * reload).
 *
 * The property's lists are cursor lists (useSWRInfinite): a mutate of the list only fetches the
 * pages missing from the cache, so their cached pages are dropped first and every loaded page is
 * read again (the list keeps showing meanwhile).
 */
export function useRefreshPropertyViews(): (propertyId: string) => Promise<void> {
  const { cache, mutate } = useSWRConfig();
  const refreshTasks = useRefreshTaskQueries();
  return useCallback(
    async (propertyId: string) => {
      const lists = [propertyReservationsPath(propertyId), propertyTasksPath(propertyId)];
      const pagePrefixes = lists.map((path) => `${path}&limit=`);
      const listKeys: string[] = [];
      for (const key of Array.from(cache.keys())) {
        if (pagePrefixes.some((prefix) => key.startsWith(prefix))) cache.delete(key);
        else if (pagePrefixes.some((prefix) => key.startsWith(unstable_serialize(() => prefix)))) listKeys.push(key);
      }
      await Promise.all([
        ...listKeys.map((key) => mutate(key)),
        mutate((key) => typeof key === 'string' && (key.startsWith(calendarPrefix(propertyId)) || key.startsWith(upcomingPrefix(propertyId)) || key === flaggedKey(propertyId) || key === UPCOMING_CHECKINS_KEY || key === DOUBLE_BOOKINGS_KEY || key.startsWith(RESERVATIONS_BY_ID_PREFIX))),
        refreshTasks(),
      ]);
    },
    [cache, mutate, refreshTasks],
  );
}
