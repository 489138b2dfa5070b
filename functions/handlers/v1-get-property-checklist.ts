import { checklistTemplateSchema } from '#shared/schemas';
import { getTemplate } from '#functions/data/repositories/checklists';
import { apiJson, publicApiHandler } from '#functions/lib/public-api';
import { requirePublicProperty } from '#functions/public-api/properties';

/** GET /api/v1/properties/{id}/checklist: the property's default checklist, copied onto its cleanings (no items when it has none). */
export const handler = publicApiHandler('v1-get-property-checklist', {}, async ({ caller, params }) => {
  await requirePublicProperty(caller.companyId, params.id);
  return apiJson(checklistTemplateSchema.parse(await getTemplate(caller.companyId, params.id)));
});
