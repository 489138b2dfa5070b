import useSWR from 'swr';
import type { Task } from '#shared/schemas';
import type { ApiError } from '../../../lib/api-client';
import { TASKS_KEY } from './get-tasks';
import { waitingForFirstAnswer } from '../../../lib/first-read-helpers';

export function taskKey(id: string): string {
  return `${TASKS_KEY}/${encodeURIComponent(id)}`;
}

export interface TaskState {
  task: Task | undefined;
  isLoading: boolean;
  error: ApiError | undefined;
  /** The server answered 404: no such task in the caller's company. */
  notFound: boolean;
}

/**
 * GET /api/tasks/{id}. `revalidateIfStale`: a task opened again after it was edited elsewhere
 * (the dashboard, the list) is read again; the cached copy shows meanwhile.
 */
export function useTask(id: string | undefined): TaskState {
  const { data, error } = useSWR<Task, ApiError>(id ? taskKey(id) : null, { revalidateIfStale: true });
  return { task: data, isLoading: waitingForFirstAnswer(id, data, error), error, notFound: error?.status === 404 };
}
