import useSWR from 'swr';
import type { Task } from '#shared/schemas';
import type { ApiError } from '../../../lib/api-client';
import { waitingForFirstAnswer } from '../../../lib/first-read-helpers';
import { RECENT_TASKS_KEY } from './keys';

export { RECENT_TASKS_KEY };

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
