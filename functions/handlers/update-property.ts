import { propertyWithAccess } from '#shared/property-access';
import { propertyBody, type PropertyBody } from '#shared/schemas';
import { updateProperty } from '#functions/data/repositories/properties';
import { assertInspector } from '#functions/data/repositories/readiness';
import { apiHandler, json } from '#functions/lib/http';
import { withCalendarExportUrls } from '#functions/reservations/calendar-export/urls';

/**
 * PUT /api/properties/{id} (CEO and managers): name, address, and the access fields when sent; and
 * (issue 40) whether cleanings here need an inspection and who inspects, when sent.
 */
export const handler = apiHandler<PropertyBody>('update-property', { body: propertyBody }, async ({ caller, params, body }) => {
  await assertInspector(caller.companyId, body.inspectorId);
  return json((await withCalendarExportUrls(caller, [propertyWithAccess(await updateProperty(caller.companyId, params.id, body), true)]))[0]);
});
