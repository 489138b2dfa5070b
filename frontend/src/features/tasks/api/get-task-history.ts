import { useCallback } from 'react';
import useSWRInfinite from 'swr/infinite';
import type { TaskHistoryEntry } from '#shared/task-history';
import { apiGetPage, type ApiError } from '../../../lib/api-client';
import { taskKey } from './get-task';

export const HISTORY_PAGE_SIZE = 20;

interface HistoryPage {
  items: TaskHistoryEntry[];
  nextCursor: string | null;
}

/** Under the task's own key, so every task refresh (keys starting with /api/tasks) reads it again. */
export function taskHistoryUrl(taskId: string, cursor: string | null): string {
  const params = new URLSearchParams({ limit: String(HISTORY_PAGE_SIZE) });
  if (cursor) params.set('cursor', cursor);
  return `${taskKey(taskId)}/history?${params.toString()}`;
}

export interface TaskHistoryState {
  entries: TaskHistoryEntry[];
  hasMore: boolean;
  isLoading: boolean;
  isLoadingMore: boolean;
  error: ApiError | undefined;
  loadMore: () => void;
  /** Reads the loaded pages again (after the task changed). */
  reload: () => void;
}

/** GET /api/tasks/{id}/history, newest first, one page at a time ("Show older"). */
export function useTaskHistory(taskId: string | undefined): TaskHistoryState {
  const { data, error, isLoading, isValidating, size, setSize, mutate } = useSWRInfinite<HistoryPage, ApiError>(
    (index, previous: HistoryPage | null) => {
      if (!taskId) return null;
      if (index === 0) return taskHistoryUrl(taskId, null);
      return previous?.nextCursor ? taskHistoryUrl(taskId, previous.nextCursor) : null;
    },
    async (url: string) => {
      const page = await apiGetPage<TaskHistoryEntry>(url);
      return { items: page.items, nextCursor: page.nextCursor ?? null };
    },
    { revalidateFirstPage: true, revalidateIfStale: true },
  );
  const reload = useCallback(() => void mutate(), [mutate]);
  const pages = data ?? [];
  const last = pages[pages.length - 1];
  return {
    entries: pages.flatMap((page) => page.items),
    hasMore: Boolean(last?.nextCursor),
    isLoading,
    isLoadingMore: isValidating && size > pages.length,
    error,
    loadMore: () => void setSize(size + 1),
    reload,
  };
}
