import { getReservations } from '#functions/data/repositories/reservations';
import { companyContext, openDoubleBookings, reservationView } from '#functions/reservations/service';
import { apiHandler, json } from '#functions/lib/http';

/** GET /api/reservations/double-bookings: each open double booking with the stays involved. */
export const handler = apiHandler('list-double-bookings', {}, async ({ caller }) => {
  const ctx = await companyContext(caller.companyId);
  const entries = await openDoubleBookings(ctx);
  const ids = [...new Set(entries.flatMap((entry) => [entry.reservationId, ...entry.conflictWith]))];
  const byId = new Map((await getReservations(caller.companyId, ids)).map((reservation) => [reservation.id, reservationView(reservation)]));
  return json(
    entries
      .map((entry) => ({
        propertyId: entry.propertyId,
        checkinDay: entry.checkinDay,
        checkoutDay: entry.checkoutDay,
        since: entry.since,
        reservation: byId.get(entry.reservationId) ?? null,
        conflictsWith: entry.conflictWith.map((id) => byId.get(id)).filter(Boolean),
      }))
      .filter((entry) => entry.reservation),
  );
});
