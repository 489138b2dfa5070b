import { flaggedReservationsQuery, type FlaggedReservationsQuery } from '#shared/schemas';
import { getProperty } from '#functions/data/repositories/properties';
import { listFlaggedReservations } from '#functions/data/repositories/reservations';
import { NotFoundError } from '#functions/lib/errors';
import { apiHandler, json } from '#functions/lib/http';
import { reservationView } from '#functions/reservations/service';

/** GET /api/reservations/flagged?propertyId=…: the property's stays its feeds flagged, waiting for a manager. */
export const handler = apiHandler<unknown, FlaggedReservationsQuery>('list-flagged-reservations', { query: flaggedReservationsQuery }, async ({ caller, query }) => {
  if (!(await getProperty(caller.companyId, query.propertyId))) throw new NotFoundError();
  const flagged = await listFlaggedReservations(caller.companyId, query.propertyId);
  return json(flagged.map(reservationView).sort((a, b) => a.checkinDay.localeCompare(b.checkinDay)));
});
