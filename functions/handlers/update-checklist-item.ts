import { checklistItemBody, type ChecklistItemBody } from '#shared/schemas';
import { tickItem } from '#functions/checklists/service';
import { apiHandler, json } from '#functions/lib/http';
import { occurredAtOf } from '#functions/lib/occurred-at';

/** PUT /api/tasks/{id}/checklist/items/{itemId}: tick or untick (staff: on their own tasks). */
export const handler = apiHandler<ChecklistItemBody>('update-checklist-item', { body: checklistItemBody }, async ({ event, caller, params, body }) =>
  // A tick a phone made offline keeps the time it was done (Action-Age, bounded by the server's clock).
  json(await tickItem(caller, params.id, params.itemId, body.isCompleted, occurredAtOf(event))),
);
