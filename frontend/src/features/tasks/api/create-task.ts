import type { Task, TaskBody } from '#shared/schemas';
import { apiRequest } from '../../../lib/api-client';
import { TASKS_KEY } from './get-tasks';

/** POST /api/tasks (ceo and operational_manager; staff get 403). Refresh with useRefreshTaskQueries. */
export function createTask(body: TaskBody): Promise<Task> {
  return apiRequest<Task>('POST', TASKS_KEY, body);
}
