import { getProperty } from '#functions/data/repositories/properties';
import { NotFoundError } from '#functions/lib/errors';
import { apiHandler, json } from '#functions/lib/http';
import { propertiesForCaller } from '#functions/staff/property-access';
import { withCalendarExportUrls } from '#functions/reservations/calendar-export/urls';

/** GET /api/properties/{id}: with its map link; access notes and door code only for who may see them. */
export const handler = apiHandler('get-property', {}, async ({ caller, params }) => {
  const property = await getProperty(caller.companyId, params.id);
  if (!property) throw new NotFoundError();
  const [view] = await withCalendarExportUrls(caller, await propertiesForCaller(caller, [property]));
  return json(view);
});
