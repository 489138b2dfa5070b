// The office's side of a stay's guest link: only a guest stay of the caller's company has one.
import { getProperty } from '#functions/data/repositories/properties';
import { isBlock, isCancelled, requireReservation } from '#functions/data/repositories/reservations';
import { ConflictError } from '#functions/lib/errors';

/** The caller's company's guest stay (404 when not theirs; 409 for a block or a cancelled stay) and its property's name. */
export async function officeStay(companyId: string, reservationId: string): Promise<{ propertyName: string }> {
  const reservation = await requireReservation(companyId, reservationId);
  if (isBlock(reservation) || isCancelled(reservation)) throw new ConflictError('guestLink.notAStay');
  const property = await getProperty(companyId, reservation.propertyId);
  return { propertyName: property?.name ?? '' };
}
