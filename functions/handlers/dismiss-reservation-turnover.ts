import { companyContext, dismissTurnover, reservationView } from '#functions/reservations/service';
import { apiHandler, json } from '#functions/lib/http';

/** POST /api/reservations/{id}/dismiss-turnover: the block's cleaning is not needed (kept across syncs). */
export const handler = apiHandler('dismiss-reservation-turnover', {}, async ({ caller, params }) => {
  const ctx = await companyContext(caller.companyId);
  const { reservation } = await dismissTurnover(ctx, params.id, { actor: caller });
  return json(reservationView(reservation));
});
