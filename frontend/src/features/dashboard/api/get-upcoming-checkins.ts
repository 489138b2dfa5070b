import useSWR from 'swr';
import type { Reservation } from '#shared/schemas';
import type { ApiError } from '../../../lib/api-client';
import { waitingForFirstAnswer } from '../../../lib/first-read-helpers';

export const UPCOMING_CHECKINS_KEY = '/api/reservations/upcoming';

/** GET /api/reservations/upcoming answers these fields only (SPEC point 3). */
export type UpcomingCheckin = Pick<Reservation, 'id' | 'propertyId' | 'guestName' | 'checkinDate'>;

export interface UpcomingCheckinsState {
  checkins: UpcomingCheckin[];
  isLoading: boolean;
  error: ApiError | undefined;
}

/** The next check-ins (five). Read again whenever the dashboard is shown. */
export function useUpcomingCheckins(): UpcomingCheckinsState {
  const { data, error } = useSWR<UpcomingCheckin[], ApiError>(UPCOMING_CHECKINS_KEY, { revalidateIfStale: true });
  return { checkins: Array.isArray(data) ? data : [], isLoading: waitingForFirstAnswer(UPCOMING_CHECKINS_KEY, data, error), error };
}
