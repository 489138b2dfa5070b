import { apiRequest } from '../../../lib/api-client';
import { taskChecklistKey, type TaskChecklist } from './get-task-checklist';

/**
 * POST /api/tasks/{id}/checklist (CEO and managers) with an empty body: a copy of the property's
 * default checklist on an open task. 409 when the task has one already or is closed, 400 when the
 * property has no default checklist.
 */
export function attachTaskChecklist(taskId: string): Promise<TaskChecklist> {
  return apiRequest<TaskChecklist>('POST', taskChecklistKey(taskId), {});
}
