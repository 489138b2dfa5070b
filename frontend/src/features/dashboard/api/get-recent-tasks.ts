import useSWR from 'swr';
import type { Task } from '#shared/schemas';
import type { ApiError } from '../../../lib/api-client';
import { waitingForFirstAnswer } from '../../../lib/first-read-helpers';

/** Starts with /api/tasks, so task writes refresh it (features/tasks/api/refresh-task-queries.ts). */
export const RECENT_TASKS_KEY = '/api/tasks/recent';

export interface RecentTasksState {
  tasks: Task[];
  isLoading: boolean;
  error: ApiError | undefined;
}

/** GET /api/tasks/recent: the newest tasks (five). Read again whenever the dashboard is shown. */
export function useRecentTasks(): RecentTasksState {
  const { data, error } = useSWR<Task[], ApiError>(RECENT_TASKS_KEY, { revalidateIfStale: true });
  return { tasks: Array.isArray(data) ? data : [], isLoading: waitingForFirstAnswer(RECENT_TASKS_KEY, data, error), error };
}
