import useSWR from 'swr';
import type { ApiError } from '../../../lib/api-client';
import { DOUBLE_BOOKINGS_KEY } from './keys';
import type { DoubleBooking } from './types';

/**
 * GET /api/reservations/double-bookings (CEO and managers): the company's open double bookings, for
 * the feeds that took part in one (the dashboard reads the same key).
 */
export function useOpenDoubleBookings(enabled: boolean): DoubleBooking[] {
  const { data } = useSWR<DoubleBooking[], ApiError>(enabled ? DOUBLE_BOOKINGS_KEY : null, { revalidateIfStale: true });
  return Array.isArray(data) ? data : [];
}

/** How many open double bookings a feed's stays are part of. */
export function openDoubleBookingsOf(entries: readonly DoubleBooking[], feedId: string): number {
  return entries.filter((entry) => entry.reservation.feedId === feedId || entry.conflictsWith.some((other) => other.feedId === feedId)).length;
}
