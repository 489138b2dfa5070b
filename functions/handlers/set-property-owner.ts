import { propertyWithAccess } from '#shared/property-access';
import { propertyOwnerBody, type PropertyOwnerBody } from '#shared/schemas';
import { setPropertyOwner } from '#functions/data/repositories/properties';
import { apiHandler, json } from '#functions/lib/http';
import { withCalendarExportUrls } from '#functions/reservations/calendar-export/urls';

/** PUT /api/properties/{id}/owner (CEO and managers): the owner who gets the monthly report. */
export const handler = apiHandler<PropertyOwnerBody>('set-property-owner', { body: propertyOwnerBody }, async ({ caller, params, body }) =>
  json((await withCalendarExportUrls(caller, [propertyWithAccess(await setPropertyOwner(caller.companyId, params.id, body), true)]))[0]),
);
