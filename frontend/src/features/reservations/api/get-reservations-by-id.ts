import useSWR from 'swr';
import { apiRequest, type ApiError } from '../../../lib/api-client';
import { reservationsByIdKey } from './keys';
import type { ReservationView } from './types';

/**
 * GET /api/reservations/{id} for each id (any signed-in member reads its company's): the other stay
 * of a double booking when it does not show in the month (a long stay checked in earlier). The ones
 * that cannot be read (gone, another company's) are left out.
 */
export function useReservationsById(ids: readonly string[]): { byId: Map<string, ReservationView>; error: ApiError | undefined } {
  const { data, error } = useSWR<ReservationView[], ApiError>(reservationsByIdKey(ids), async (key: string) => {
    const wanted = key.slice(key.indexOf(':') + 1).split(',');
    const answers = await Promise.allSettled(wanted.map((id) => apiRequest<ReservationView>('GET', `/api/reservations/${encodeURIComponent(id)}`)));
    return answers.flatMap((answer) => (answer.status === 'fulfilled' ? [answer.value] : []));
  });
  return { byId: new Map((data ?? []).map((reservation) => [reservation.id, reservation])), error };
}
