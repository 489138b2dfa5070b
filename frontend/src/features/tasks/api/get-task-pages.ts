import useSWRInfinite, { unstable_serialize, type SWRInfiniteKeyLoader } from 'swr/infinite';
import type { TaskStatus, TaskType } from '#shared/enums';
import type { Task } from '#shared/schemas';
import { apiGetPage, type ApiError } from '../../../lib/api-client';
import { TASKS_KEY } from './get-tasks';
import { waitingForFirstAnswer } from '../../../lib/first-read-helpers';

/** Server-side filters of GET /api/tasks (each combination has its own index). */
export interface TaskFilters {
  status?: TaskStatus;
  type?: TaskType;
}

export interface TaskPage {
  items: Task[];
  /** The `x-next-cursor` response header: where the next page starts; null on the last page. */
  nextCursor: string | null;
  /** How many tasks match the filters, counted by the server (the first page's `x-total-count`). */
  total?: number;
}

export const TASK_PAGE_SIZE = 25;
/** While the title search (`?q=`) is active, pages are as large as the server allows. */
export const TASK_SEARCH_PAGE_SIZE = 100;

/**
 * Every page key of the paginated task lists starts with this (`limit` always comes first), which
 * tells them apart from the other task keys (the sidebar's `?status=pending&limit=100`, `/recent`).
 */
export const TASK_LIST_PAGE_PREFIX = `${TASKS_KEY}?limit=`;
/** How useSWRInfinite names the lists built on those pages in the SWR cache. */
export const TASK_LIST_CACHE_PREFIX = unstable_serialize(() => TASK_LIST_PAGE_PREFIX);

export function taskPageUrl(filters: TaskFilters, cursor: string | null, limit = TASK_PAGE_SIZE): string {
  const params = new URLSearchParams({ limit: String(limit) });
  if (filters.status) params.set('status', filters.status);
  if (filters.type) params.set('type', filters.type);
  if (cursor) params.set('cursor', cursor);
  return `${TASKS_KEY}?${params.toString()}`;
}

/** GET one page of tasks (the cursor of the next one travels in a header). */
export async function fetchTaskPage(url: string): Promise<TaskPage> {
  const page = await apiGetPage<Task>(url);
  return { items: page.items, nextCursor: page.nextCursor ?? null, ...(page.total !== undefined ? { total: page.total } : {}) };
}

/** The SWR key loader of the task list (also what its first reads name: TasksPage's `firstReads`). */
export function taskPagesKeyLoader(filters: TaskFilters, pageSize = TASK_PAGE_SIZE): SWRInfiniteKeyLoader {
  return (index, previous: TaskPage | null) => {
    if (index > 0 && !previous?.nextCursor) return null;
    return taskPageUrl(filters, previous?.nextCursor ?? null, pageSize);
  };
}

export interface TaskPagesState {
  /** The tasks of every page loaded so far, newest first. */
  tasks: Task[];
  /** More pages wait on the server. */
  hasMore: boolean;
  /** How many tasks match the filters on the server (not how many are loaded); undefined until known. */
  total: number | undefined;
  isLoading: boolean;
  isLoadingMore: boolean;
  error: ApiError | undefined;
  loadMore: () => void;
}

/**
 * The task list, one page of `pageSize` at a time ("Load more"), filtered by the server.
 * - `revalidateFirstPage: false`: loading page 3 does not fetch page 1 again.
 * - `revalidateIfStale: true`: when the list appears (screen opened, filter changed) SWR runs the
 *   list fetcher, which only requests the pages missing from the cache. A task write removes
 *   the cached pages (useRefreshTaskQueries), so a list left on another screen is reloaded then,
 *   without refetching on every visit.
 */
export function useTaskPages(filters: TaskFilters, pageSize = TASK_PAGE_SIZE): TaskPagesState {
  // `isValidating` is not read: SWR re-renders a hook for each state it reads, and the check that runs
  // when the list appears (revalidateIfStale) would draw the whole list twice more for nothing.
  const { data, error, size, setSize } = useSWRInfinite<TaskPage, ApiError>(
    taskPagesKeyLoader(filters, pageSize),
    fetchTaskPage,
    { revalidateFirstPage: false, revalidateIfStale: true },
  );
  const pages = data ?? [];
  const last = pages[pages.length - 1];
  return {
    tasks: pages.flatMap((page) => page.items),
    hasMore: Boolean(last?.nextCursor),
    total: pages[0]?.total,
    isLoading: waitingForFirstAnswer(TASKS_KEY, data, error),
    isLoadingMore: pages.length > 0 && size > pages.length && !error,
    error,
    loadMore: () => void setSize((current) => current + 1),
  };
}
