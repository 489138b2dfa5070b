import { propertyWithAccess } from '#shared/property-access';
import { setPropertyOwner } from '#functions/data/repositories/properties';
import { apiHandler, json } from '#functions/lib/http';
import { withCalendarExportUrls } from '#functions/reservations/calendar-export/urls';

/** DELETE /api/properties/{id}/owner (CEO and managers): no owner, no monthly report. */
export const handler = apiHandler('remove-property-owner', {}, async ({ caller, params }) =>
  json((await withCalendarExportUrls(caller, [propertyWithAccess(await setPropertyOwner(caller.companyId, params.id, null), true)]))[0]),
);
