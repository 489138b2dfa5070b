import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { TASK_LIST_CACHE_PREFIX, TASK_LIST_PAGE_PREFIX } from './get-task-pages';
import { TASKS_KEY } from './get-tasks';

/** The dashboard's metrics count tasks, so a task write refreshes them too (SPEC point 7). */
const DASHBOARD_METRICS_KEY = '/api/dashboard/metrics';

/**
 * After a task is created or updated: refresh the task lists, the recent tasks, the sidebar's
 * pending badge, the task's own page and the dashboard metrics (SPEC point 7).
 * - The cached pages of the paginated lists are dropped, so every list reloads all its loaded
 *   pages: the one on screen now, the others when they appear again (they revalidate then).
 * - The other task keys and the metrics are revalidated where they are on screen.
 */
export function useRefreshTaskQueries(): () => Promise<void> {
  const { cache, mutate } = useSWRConfig();
  return useCallback(async () => {
    const lists: string[] = [];
    for (const key of Array.from(cache.keys())) {
      if (key.startsWith(TASK_LIST_PAGE_PREFIX)) cache.delete(key);
      else if (key.startsWith(TASK_LIST_CACHE_PREFIX)) lists.push(key);
    }
    await Promise.all([
      mutate((key) => typeof key === 'string' && (key.startsWith(TASKS_KEY) || key === DASHBOARD_METRICS_KEY)),
      ...lists.map((key) => mutate(key)),
    ]);
  }, [cache, mutate]);
}
