import { isManagerRole } from '#shared/enums';
import { getGuestLink } from '#functions/data/repositories/guest-links';
import { isBlock, requireReservation } from '#functions/data/repositories/reservations';
import { reservationView } from '#functions/reservations/service';
import { guestPageUrl } from '#functions/reservations/guest-link/urls';
import { apiHandler, json } from '#functions/lib/http';

/**
 * GET /api/reservations/{id}: the reservation; for the CEO and managers a guest stay also carries
 * `guestLink`, its private "we have left" URL (null until the office first opens it: docs/guest-link.md).
 */
export const handler = apiHandler('get-reservation', {}, async ({ caller, params }) => {
  const reservation = await requireReservation(caller.companyId, params.id);
  const view = reservationView(reservation);
  if (!isManagerRole(caller.role) || isBlock(reservation)) return json(view);
  const link = await getGuestLink(caller.companyId, reservation.id);
  return json({ ...view, guestLink: link ? guestPageUrl(link.token) : null });
});
