import useSWR from 'swr';
import type { Reservation } from '#shared/schemas';
import { apiRequest, type ApiError } from '../../../lib/api-client';
import { flaggedKey } from './keys';

export interface FlaggedReservationsState {
  flagged: Reservation[];
  isLoading: boolean;
  error: ApiError | undefined;
}

/**
 * The property's stays flagged by a feed: gone from a healthy feed (`missing_from_feed`) or marked
 * cancelled by the channel (`cancelled_in_feed`), waiting for a manager to keep or cancel them. The
 * server keeps them listed until then, however long ago they checked in.
 */
export function useFlaggedReservations(propertyId: string): FlaggedReservationsState {
  const { data, error, isLoading } = useSWR<Reservation[], ApiError>(flaggedKey(propertyId), (url: string) => apiRequest<Reservation[]>('GET', url));
  return { flagged: Array.isArray(data) ? data : [], isLoading, error };
}
