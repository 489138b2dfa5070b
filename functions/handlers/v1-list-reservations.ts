import { publicReservationListQuery, type PublicReservationListQuery } from '#shared/schemas';
import { listPage, publicApiHandler } from '#functions/lib/public-api';
import { requirePublicProperty } from '#functions/public-api/properties';
import { listPublicReservations, publicReservation } from '#functions/public-api/reservations';
import { reservationView } from '#functions/reservations/service';

/** GET /api/v1/reservations: a page; by property (by check-in) or the company's (newest first); from/to by check-in day. */
export const handler = publicApiHandler<unknown, PublicReservationListQuery>('v1-list-reservations', { query: publicReservationListQuery }, async ({ caller, query }) => {
  if (query.propertyId) await requirePublicProperty(caller.companyId, query.propertyId);
  const page = await listPublicReservations(caller.companyId, query);
  return listPage(page.items.map((reservation) => publicReservation(reservationView(reservation))), page.cursor);
});
