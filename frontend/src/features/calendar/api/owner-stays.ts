// The owners' stay requests that wait for the office (issue 41 point 3), shown above the portfolio
// calendar. The read is the screen's own (a first read): the panel's code (its decline form and
// schemas) loads only when a request waits, which on most days none does.
import useSWR from 'swr';
import type { OwnerStayRequest } from '#shared/schemas';
import type { ApiError } from '../../../lib/api-client';

export const PENDING_OWNER_STAYS_KEY = '/api/owner-stay-requests?status=pending';

const NONE: OwnerStayRequest[] = [];

export function usePendingOwnerStays() {
  const { data, error, mutate } = useSWR<{ items: OwnerStayRequest[] }, ApiError>(PENDING_OWNER_STAYS_KEY, { revalidateIfStale: true });
  return { items: data?.items ?? NONE, error, mutate };
}
