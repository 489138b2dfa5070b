import { checklistPhotoBody, type ChecklistPhotoBody } from '#shared/schemas';
import { recordItemPhoto } from '#functions/checklists/service';
import { apiHandler, json } from '#functions/lib/http';

/** PUT /api/tasks/{id}/checklist/items/{itemId}/photo: a before/after photo uploaded through POST /api/objects/upload. */
export const handler = apiHandler<ChecklistPhotoBody>('add-checklist-item-photo', { body: checklistPhotoBody }, async ({ caller, params, body }) =>
  json(await recordItemPhoto(caller, params.id, params.itemId, body)),
);
