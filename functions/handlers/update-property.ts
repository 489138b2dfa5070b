import { propertyUpdateBody, type PropertyUpdateBody } from '#shared/schemas';
import { updateProperty } from '#functions/data/repositories/properties';
import { assertInspector } from '#functions/data/repositories/readiness';
import { apiHandler, json } from '#functions/lib/http';
import { withCalendarExportUrls } from '#functions/reservations/calendar-export/urls';
import { propertiesForCaller } from '#functions/staff/property-access';

/**
 * PUT /api/properties/{id} (CEO and managers): name, address, the access fields, (issue 40) whether
 * cleanings here need an inspection and who inspects: each field only when sent (propertyUpdateBody).
 */
export const handler = apiHandler<PropertyUpdateBody>('update-property', { body: propertyUpdateBody }, async ({ caller, params, body }) => {
  await assertInspector(caller.companyId, body.inspectorId);
  return json((await withCalendarExportUrls(caller, await propertiesForCaller(caller, [await updateProperty(caller.companyId, params.id, body)])))[0]);
});
