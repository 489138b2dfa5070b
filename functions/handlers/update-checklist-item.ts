import { checklistItemBody, type ChecklistItemBody } from '#shared/schemas';
import { tickItem } from '#functions/checklists/service';
import { apiHandler, json } from '#functions/lib/http';

/** PUT /api/tasks/{id}/checklist/items/{itemId}: tick or untick (staff: on their own tasks). */
export const handler = apiHandler<ChecklistItemBody>('update-checklist-item', { body: checklistItemBody }, async ({ caller, params, body }) =>
  json(await tickItem(caller, params.id, params.itemId, body.isCompleted)),
);
