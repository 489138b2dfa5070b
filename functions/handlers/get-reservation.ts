import { isManagerRole } from '#shared/enums';
import { ensureGuestLink } from '#functions/data/repositories/guest-links';
import { isBlock, isCancelled, requireReservation } from '#functions/data/repositories/reservations';
import { reservationView } from '#functions/reservations/service';
import { guestPageUrl } from '#functions/reservations/guest-link/urls';
import { apiHandler, json } from '#functions/lib/http';

/**
 * GET /api/reservations/{id}: the reservation. For the CEO and managers a guest stay also carries
 * `guestLink`, its private "we have left" URL, made on the first read that needs it (as
 * GET /api/reservations/{id}/guest-link does), so every stay has one, imported or typed, new or old;
 * a block or a cancelled stay has none (null). Staff never see it (docs/guest-link.md).
 */
export const handler = apiHandler('get-reservation', {}, async ({ caller, params }) => {
  const reservation = await requireReservation(caller.companyId, params.id);
  const view = reservationView(reservation);
  if (!isManagerRole(caller.role) || isBlock(reservation)) return json(view);
  if (isCancelled(reservation)) return json({ ...view, guestLink: null });
  const link = await ensureGuestLink(caller.companyId, reservation.id);
  return json({ ...view, guestLink: guestPageUrl(link.token) });
});
