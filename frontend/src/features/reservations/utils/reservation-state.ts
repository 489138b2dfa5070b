import type { Reservation } from '#shared/schemas';

/**
 * What a reservation is at a glance, the most urgent first: cancelled; a double booking; cancelled
 * in the channel or missing from its feed (both wait for a manager's keep / cancel); a Booking.com
 * stretch to check; a block; tentative; confirmed.
 */
export type ReservationState = 'confirmed' | 'cancelled' | 'missing' | 'cancelledInFeed' | 'doubleBooked' | 'tentative' | 'block' | 'toCheck';

export type ReservationStateFields = Pick<Reservation, 'status' | 'syncStatus' | 'kind' | 'tentative' | 'ambiguous' | 'turnoverDismissed' | 'conflictWith'>;

export function reservationState(reservation: ReservationStateFields): ReservationState {
  if (reservation.status === 'cancelled') return 'cancelled';
  if (reservation.conflictWith?.length) return 'doubleBooked';
  if (reservation.syncStatus === 'cancelled_in_feed') return 'cancelledInFeed';
  if (reservation.syncStatus === 'missing_from_feed') return 'missing';
  if (reservation.kind === 'block') return reservation.ambiguous && !reservation.turnoverDismissed ? 'toCheck' : 'block';
  if (reservation.tentative) return 'tentative';
  return 'confirmed';
}
