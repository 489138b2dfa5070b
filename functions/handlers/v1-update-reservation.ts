import { publicReservationPatchBody, type ReservationUpdateBody } from '#shared/schemas';
import { requireReservation } from '#functions/data/repositories/reservations';
import { apiJson, publicApiHandler } from '#functions/lib/public-api';
import { publicReservation } from '#functions/public-api/reservations';
import { changeReservation, companyContext, reservationView } from '#functions/reservations/service';

/** PATCH /api/v1/reservations/{id}: guest, dates, source, as the app's update-reservation (its turnover follows; nights taken: 409). */
export const handler = publicApiHandler<ReservationUpdateBody>('v1-update-reservation', { body: publicReservationPatchBody }, async ({ caller, params, body }) => {
  const current = await requireReservation(caller.companyId, params.id);
  const ctx = await companyContext(caller.companyId);
  const { reservation } = await changeReservation(ctx, current, body, { actor: caller });
  return apiJson(publicReservation(reservationView(reservation)));
});
