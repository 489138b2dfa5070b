import { publicReservationCancelBody, type ReservationCancelBody } from '#shared/schemas';
import { apiJson, publicApiHandler } from '#functions/lib/public-api';
import { publicReservation } from '#functions/public-api/reservations';
import { cancelReservation, companyContext, reservationView } from '#functions/reservations/service';

/** POST /api/v1/reservations/{id}/cancel: releases its nights and cancels its open turnover; cancelling twice answers it as it is. */
export const handler = publicApiHandler<ReservationCancelBody>('v1-cancel-reservation', { body: publicReservationCancelBody }, async ({ caller, params, body }) => {
  const ctx = await companyContext(caller.companyId);
  const { reservation } = await cancelReservation(ctx, params.id, body.reason, { actor: caller });
  return apiJson(publicReservation(reservationView(reservation)));
});
