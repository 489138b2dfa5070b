import { reservationBody, type ReservationBody } from '#shared/schemas';
import { getProperty } from '#functions/data/repositories/properties';
import { companyContext, createReservation, reservationView } from '#functions/reservations/service';
import { NotFoundError } from '#functions/lib/errors';
import { apiHandler, json } from '#functions/lib/http';

/** POST /api/reservations: a stay at one of the company's properties, with its turnover (when on). */
export const handler = apiHandler<ReservationBody>('create-reservation', { body: reservationBody }, async ({ caller, body }) => {
  if (!(await getProperty(caller.companyId, body.propertyId))) throw new NotFoundError();
  const ctx = await companyContext(caller.companyId);
  const { reservation } = await createReservation(ctx, body, { actor: caller });
  return json(reservationView(reservation), 201);
});
