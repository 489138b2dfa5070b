import { getTemplate } from '#functions/data/repositories/checklists';
import { requireOwnProperty } from '#functions/reservations/calendar-sync/feeds';
import { apiHandler, json } from '#functions/lib/http';

/** GET /api/properties/{id}/checklist-template: the property's default checklist ({ items: [] } when none). */
export const handler = apiHandler('get-checklist-template', {}, async ({ caller, params }) => {
  await requireOwnProperty(caller.companyId, params.id);
  return json(await getTemplate(caller.companyId, params.id));
});
