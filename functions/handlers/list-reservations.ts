import { reservationListQuery, type ReservationListQuery } from '#shared/schemas';
import { getProperty } from '#functions/data/repositories/properties';
import { listPropertyReservations } from '#functions/data/repositories/reservations';
import { NotFoundError } from '#functions/lib/errors';
import { apiHandler, page } from '#functions/lib/http';

/** GET /api/reservations?propertyId=…: a property's reservations, by check-in date. */
export const handler = apiHandler<unknown, ReservationListQuery>('list-reservations', { query: reservationListQuery }, async ({ caller, query }) => {
  if (!(await getProperty(caller.companyId, query.propertyId))) throw new NotFoundError();
  const result = await listPropertyReservations(caller.companyId, query.propertyId, query);
  return page(result.items, result.cursor);
});
