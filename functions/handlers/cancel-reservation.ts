import { reservationCancelBody, type ReservationCancelBody } from '#shared/schemas';
import { cancelReservation, companyContext, reservationView } from '#functions/reservations/service';
import { apiHandler, json } from '#functions/lib/http';

/** POST /api/reservations/{id}/cancel: releases the nights and cancels the open turnover. */
export const handler = apiHandler<ReservationCancelBody>('cancel-reservation', { body: reservationCancelBody }, async ({ caller, params, body }) => {
  const ctx = await companyContext(caller.companyId);
  const { reservation } = await cancelReservation(ctx, params.id, body.reason, { actor: caller });
  return json(reservationView(reservation));
});
