import type { ChecklistPhotoBody } from '#shared/schemas';
import { apiRequest } from '../../../lib/api-client';
import type { TaskChecklist } from './get-task-checklist';
import { checklistItemUrl } from './update-checklist-item';

/**
 * PUT /api/tasks/{id}/checklist/items/{itemId}/photo {kind, photoURL, replaces?}: records a photo
 * uploaded to a URL from POST /api/objects/upload (the task's own prefix) as the item's before or
 * after proof; a second one of the same kind replaces the first. With `replaces` (the key of the
 * photo the screen shows in that slot, null for none), a slot someone else changed meanwhile is a
 * 409 whose `details.item` is the item as it is now. Answers the checklist.
 */
export function addChecklistItemPhoto(taskId: string, itemId: string, body: ChecklistPhotoBody): Promise<TaskChecklist> {
  return apiRequest<TaskChecklist>('PUT', `${checklistItemUrl(taskId, itemId)}/photo`, body);
}
