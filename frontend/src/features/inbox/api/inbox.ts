import useSWR from 'swr';
import type { InboxView } from '#shared/inbox';
import { apiRequest, type ApiError } from '../../../lib/api-client';

export const INBOX_KEY = '/api/me/inbox';
/** The bell looks again this often (and when the window regains focus). */
const REFRESH_MS = 60_000;

export interface InboxState {
  inbox: InboxView | undefined;
  isLoading: boolean;
  error: ApiError | undefined;
  /** Marks the given items read on the server and in the cached feed (the badge follows at once). */
  markRead: (ids: string[]) => Promise<void>;
}

/** GET /api/me/inbox: the signed-in member's own notifications, newest first, and the unread count. */
export function useInbox(): InboxState {
  const { data, error, isLoading, mutate } = useSWR<InboxView, ApiError>(INBOX_KEY, { refreshInterval: REFRESH_MS, revalidateOnFocus: true });
  const markRead = async (ids: string[]) => {
    if (!ids.length) return;
    const seen = new Set(ids);
    const readAt = new Date().toISOString();
    await mutate(
      async (current) => {
        const result = await apiRequest<{ marked: number; unread: number }>('POST', `${INBOX_KEY}/read`, { ids });
        return current && { ...current, unread: result.unread, items: current.items.map((item) => (seen.has(item.id) ? { ...item, readAt: item.readAt ?? readAt } : item)) };
      },
      {
        optimisticData: (current) =>
          current
            ? { ...current, unread: Math.max(0, current.unread - current.items.filter((item) => seen.has(item.id) && !item.readAt).length) }
            : (current as unknown as InboxView),
        rollbackOnError: true,
        revalidate: false,
      },
    );
  };
  return { inbox: data, isLoading, error, markRead };
}
