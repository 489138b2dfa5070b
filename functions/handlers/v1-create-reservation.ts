import { publicReservationCreateBody, type ReservationBody } from '#shared/schemas';
import { apiJson, publicApiHandler } from '#functions/lib/public-api';
import { requirePublicProperty } from '#functions/public-api/properties';
import { publicReservation } from '#functions/public-api/reservations';
import { companyContext, createReservation, reservationView } from '#functions/reservations/service';

/**
 * POST /api/v1/reservations: a direct booking, exactly as the app's (create-reservation): its nights
 * claimed (409 when taken), its turnover when the company wants them, its events and notifications.
 */
export const handler = publicApiHandler<ReservationBody>('v1-create-reservation', { body: publicReservationCreateBody }, async ({ caller, body }) => {
  await requirePublicProperty(caller.companyId, body.propertyId);
  const ctx = await companyContext(caller.companyId);
  const { reservation } = await createReservation(ctx, body, { actor: caller });
  return apiJson(publicReservation(reservationView(reservation)), 201, { location: `/api/v1/reservations/${reservation.id}` });
});
