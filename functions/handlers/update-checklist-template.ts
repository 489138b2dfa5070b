import { checklistTemplateBody, type ChecklistTemplateBody } from '#shared/schemas';
import { saveTemplate } from '#functions/data/repositories/checklists';
import { apiHandler, json } from '#functions/lib/http';

/** PUT /api/properties/{id}/checklist-template (CEO and managers): the whole list, in order. */
export const handler = apiHandler<ChecklistTemplateBody>('update-checklist-template', { body: checklistTemplateBody }, async ({ caller, params, body }) =>
  json(await saveTemplate(caller.companyId, params.id, body.items, caller.userId)),
);
