import useSWR from 'swr';
import type { Reservation } from '#shared/schemas';
import { apiRequest, type ApiError } from '../../../lib/api-client';
import { upcomingPrefix } from './keys';

/** The longest stay (shared MAX_STAY_NIGHTS is 45) plus a day: a stay under way checked in at most this long ago. */
const LOOKBACK_DAYS = 46;
const DAY_MS = 86_400_000;

function fromInstant(now = new Date()): string {
  // Midnight UTC of the look-back day: one key per day, so the list is not fetched on every render.
  const day = new Date(now.getTime() - LOOKBACK_DAYS * DAY_MS).toISOString().slice(0, 10);
  return `${day}T00:00:00.000Z`;
}

export interface FlaggedReservationsState {
  flagged: Reservation[];
  isLoading: boolean;
  error: ApiError | undefined;
}

/**
 * The property's bookings that vanished from a healthy iCal feed (`syncStatus: missing_from_feed`)
 * or that the channel marks cancelled (`cancelled_in_feed`), and wait for a manager: the sync only flags stays that have not checked out yet, so the
 * property's stays checking in from the look-back day on (one page of 100) hold them all.
 */
export function useFlaggedReservations(propertyId: string): FlaggedReservationsState {
  const { data, error, isLoading } = useSWR<Reservation[], ApiError>(`${upcomingPrefix(propertyId)}${encodeURIComponent(fromInstant())}&limit=100`, (url: string) =>
    apiRequest<Reservation[]>('GET', url),
  );
  const flagged = (Array.isArray(data) ? data : []).filter(
    (reservation) => (reservation.syncStatus === 'missing_from_feed' || reservation.syncStatus === 'cancelled_in_feed') && reservation.status !== 'cancelled',
  );
  return { flagged, isLoading, error };
}
