import type { Task, TaskBody } from '#shared/schemas';
import { apiRequest } from '../../../lib/api-client';
import { taskKey } from './get-task';

/**
 * PUT /api/tasks/{id} with the whole body. Staff may only change the status of a task assigned to
 * them: every other field must be sent exactly as stored, or the server answers 403.
 */
export function updateTask(id: string, body: TaskBody): Promise<Task> {
  return apiRequest<Task>('PUT', taskKey(id), body);
}
