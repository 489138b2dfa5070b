// A stay's private guest link (issue 40 point 4), CEO and managers: GET makes it on first use;
// rotating replaces it (the old link stops at once). The answer carries the sentence to paste into
// the channel's message in pt, en and es.
import useSWR, { mutate } from 'swr';
import type { GuestLinkView } from '#shared/schemas/guest-link';
import { apiRequest, type ApiError } from '../../../lib/api-client';

export const guestLinkKey = (reservationId: string) => `/api/reservations/${encodeURIComponent(reservationId)}/guest-link`;

/** The stay's link, read only when `enabled` (opening the section makes it, once). */
export function useGuestLink(reservationId: string, enabled: boolean) {
  const { data, error, isLoading } = useSWR<GuestLinkView, ApiError>(enabled ? guestLinkKey(reservationId) : null, (url: string) => apiRequest<GuestLinkView>('GET', url));
  return { link: data, error, loading: isLoading };
}

/** POST …/guest-link/rotate; the section's cache takes the new link. */
export async function rotateGuestLink(reservationId: string): Promise<GuestLinkView> {
  const link = await apiRequest<GuestLinkView>('POST', `${guestLinkKey(reservationId)}/rotate`, {});
  await mutate(guestLinkKey(reservationId), link, { revalidate: false });
  return link;
}
