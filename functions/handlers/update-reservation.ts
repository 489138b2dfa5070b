import { reservationUpdateBody, type ReservationUpdateBody } from '#shared/schemas';
import { requireReservation } from '#functions/data/repositories/reservations';
import { changeReservation, companyContext, reservationView } from '#functions/reservations/service';
import { apiHandler, json } from '#functions/lib/http';

/**
 * PUT /api/reservations/{id}: guest, dates, source. Moving the stay moves its turnover, or schedules
 * a new one when the turnover was already done before the new check-out. The answer is the
 * reservation and `turnoverOutcome` (service.ts TurnoverOutcome), so the screen says what happened
 * to the cleaning rather than guess.
 */
export const handler = apiHandler<ReservationUpdateBody>('update-reservation', { body: reservationUpdateBody }, async ({ caller, params, body }) => {
  const current = await requireReservation(caller.companyId, params.id);
  const ctx = await companyContext(caller.companyId);
  const { reservation, turnoverOutcome } = await changeReservation(ctx, current, body, { actor: caller });
  return json({ ...reservationView(reservation), turnoverOutcome });
});
