import { attachChecklistBody, type AttachChecklistBody } from '#shared/schemas';
import { attachToTask } from '#functions/checklists/service';
import { apiHandler, json } from '#functions/lib/http';

/** POST /api/tasks/{id}/checklist (CEO and managers): the property's default checklist, or the items given. */
export const handler = apiHandler<AttachChecklistBody>('attach-task-checklist', { body: attachChecklistBody }, async ({ caller, params, body }) =>
  json(await attachToTask(caller, params.id, body), 201),
);
