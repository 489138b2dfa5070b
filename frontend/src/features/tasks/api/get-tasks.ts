import useSWR from 'swr';
import type { ApiError } from '../../../lib/api-client';

/** The tasks collection; every task query key starts with it (see refresh-task-queries.ts). */
export const TASKS_KEY = '/api/tasks';

/** Dashboard metrics hold the pending-task counter (kept in the same write as every task change). */
export const PENDING_COUNT_KEY = '/api/dashboard/metrics';

/**
 * The sidebar badge: the exact number of pending tasks, read from the metrics counter (one small
 * request whatever the company's size). Task writes refresh the metrics key.
 */
export function usePendingTaskCount(): { pendingCount: number; isLoading: boolean; error: ApiError | undefined } {
  const { data, error, isLoading } = useSWR<{ pendingTasks?: unknown }, ApiError>(PENDING_COUNT_KEY);
  const count = data?.pendingTasks;
  return { pendingCount: typeof count === 'number' && count > 0 ? count : 0, isLoading, error };
}
