import { companyContext, keepReservation, reservationView } from '#functions/reservations/service';
import { apiHandler, json } from '#functions/lib/http';

/** POST /api/reservations/{id}/keep: a manager confirms a booking that vanished from its feed. */
export const handler = apiHandler('keep-reservation', {}, async ({ caller, params }) => {
  const ctx = await companyContext(caller.companyId);
  const { reservation } = await keepReservation(ctx, params.id, { actor: caller });
  return json(reservationView(reservation));
});
