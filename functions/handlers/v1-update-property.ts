import { publicPropertyPatchBody, type PropertyUpdateBody } from '#shared/schemas';
import { updateProperty } from '#functions/data/repositories/properties';
import { assertInspector } from '#functions/data/repositories/readiness';
import { apiJson, publicApiHandler } from '#functions/lib/public-api';
import { publicProperty } from '#functions/public-api/properties';
import { withCalendarExportUrls } from '#functions/reservations/calendar-export/urls';
import { propertiesForCaller } from '#functions/staff/property-access';

/** PATCH /api/v1/properties/{id}: only the fields sent change, as the app's PUT (update-property). */
export const handler = publicApiHandler<PropertyUpdateBody>('v1-update-property', { body: publicPropertyPatchBody }, async ({ caller, params, body }) => {
  await assertInspector(caller.companyId, body.inspectorId);
  const [view] = await withCalendarExportUrls(caller, await propertiesForCaller(caller, [await updateProperty(caller.companyId, params.id, body)]));
  return apiJson(publicProperty(view));
});
