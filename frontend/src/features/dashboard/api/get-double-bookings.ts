import useSWR from 'swr';
import type { Reservation } from '#shared/schemas';
import type { ApiError } from '../../../lib/api-client';
import { waitingForFirstAnswer } from '../../../lib/first-read-helpers';

/** The reservations feature refreshes this key after a reservation or a feed changed (reservations/api/keys.ts). */
export const DOUBLE_BOOKINGS_KEY = '/api/reservations/double-bookings';

type Stay = Pick<Reservation, 'id' | 'propertyId' | 'guestName' | 'integrationSource' | 'status'> & { checkinDay: string; checkoutDay: string };

/** GET /api/reservations/double-bookings (CEO and managers): each open double booking. */
export interface DoubleBooking {
  propertyId: string;
  /** The nights of the stay imported over taken ones. */
  checkinDay: string;
  checkoutDay: string;
  since: string;
  reservation: Stay;
  conflictsWith: Stay[];
}

export interface DoubleBookingsState {
  doubleBookings: DoubleBooking[];
  isLoading: boolean;
  error: ApiError | undefined;
}

/** Read again whenever the dashboard is shown, and every minute while it stays open (an emergency). */
export function useDoubleBookings(enabled: boolean): DoubleBookingsState {
  const { data, error } = useSWR<DoubleBooking[], ApiError>(enabled ? DOUBLE_BOOKINGS_KEY : null, { revalidateIfStale: true, refreshInterval: 60_000 });
  return { doubleBookings: Array.isArray(data) ? data : [], isLoading: waitingForFirstAnswer(enabled ? DOUBLE_BOOKINGS_KEY : null, data, error), error };
}
