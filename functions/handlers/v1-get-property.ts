import { apiJson, publicApiHandler } from '#functions/lib/public-api';
import { publicProperty, requirePublicProperty } from '#functions/public-api/properties';
import { propertiesForCaller } from '#functions/staff/property-access';
import { withCalendarExportUrls } from '#functions/reservations/calendar-export/urls';

/** GET /api/v1/properties/{id} */
export const handler = publicApiHandler('v1-get-property', {}, async ({ caller, params }) => {
  const property = await requirePublicProperty(caller.companyId, params.id);
  const [view] = await withCalendarExportUrls(caller, await propertiesForCaller(caller, [property]));
  return apiJson(publicProperty(view));
});
