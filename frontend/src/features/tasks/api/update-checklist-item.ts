import { apiRequest } from '../../../lib/api-client';
import { taskChecklistKey, type TaskChecklist } from './get-task-checklist';

export function checklistItemUrl(taskId: string, itemId: string): string {
  return `${taskChecklistKey(taskId)}/items/${encodeURIComponent(itemId)}`;
}

/**
 * PUT /api/tasks/{id}/checklist/items/{itemId} {isCompleted}: ticks or unticks one item (staff: on
 * the tasks assigned to them; 409 once the task is completed or cancelled). Answers the checklist.
 */
export function updateChecklistItem(taskId: string, itemId: string, isCompleted: boolean): Promise<TaskChecklist> {
  return apiRequest<TaskChecklist>('PUT', checklistItemUrl(taskId, itemId), { isCompleted });
}
