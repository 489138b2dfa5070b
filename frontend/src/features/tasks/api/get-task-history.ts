import { useCallback } from 'react';
import useSWRInfinite, { type SWRInfiniteKeyLoader } from 'swr/infinite';
import type { TaskHistoryEntry } from '#shared/task-history';
import { apiGetPage, type ApiError } from '../../../lib/api-client';
import { taskKey } from './get-task';
import { waitingForFirstAnswer } from '../../../lib/first-read-helpers';

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

/** The SWR key loader of a task's history (also what the task screen's first reads name). */
export function taskHistoryKeyLoader(taskId: string | undefined): SWRInfiniteKeyLoader {
  return (index, previous: HistoryPage | null) => {
    if (!taskId) return null;
    if (index === 0) return taskHistoryUrl(taskId, null);
    return previous?.nextCursor ? taskHistoryUrl(taskId, previous.nextCursor) : null;
  };
}

export async function fetchHistoryPage(url: string): Promise<HistoryPage> {
  const page = await apiGetPage<TaskHistoryEntry>(url);
  return { items: page.items, nextCursor: page.nextCursor ?? null };
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
  // `isValidating` is not read: SWR re-renders a hook for each state it reads, and the first page's
  // check when the history appears would draw it twice more for nothing.
  const { data, error, size, setSize, mutate } = useSWRInfinite<HistoryPage, ApiError>(
    taskHistoryKeyLoader(taskId),
    fetchHistoryPage,
    { revalidateFirstPage: true, revalidateIfStale: true },
  );
  const reload = useCallback(() => void mutate(), [mutate]);
  const pages = data ?? [];
  const last = pages[pages.length - 1];
  return {
    entries: pages.flatMap((page) => page.items),
    hasMore: Boolean(last?.nextCursor),
    isLoading: waitingForFirstAnswer(taskId, data, error),
    isLoadingMore: pages.length > 0 && size > pages.length && !error,
    error,
    loadMore: () => void setSize(size + 1),
    reload,
  };
}
