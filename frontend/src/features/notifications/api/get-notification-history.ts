import useSWR, { mutate } from 'swr';
import type { NotificationHistory } from '#shared/schemas';
import type { ApiError } from '../../../lib/api-client';

/** SPEC point 9: the history shows 50 entries. */
export const HISTORY_LIMIT = 50;

export const historyKey = (companyId: string) =>
  `/api/notifications/history?companyId=${encodeURIComponent(companyId)}&limit=${HISTORY_LIMIT}`;

/** GET /api/notifications/history?companyId={id}&limit=50: newest first. */
export function useNotificationHistory(companyId: string | undefined) {
  const { data, error, isLoading } = useSWR<NotificationHistory[], ApiError>(companyId ? historyKey(companyId) : null);
  return { history: Array.isArray(data) ? data : [], error, isLoading };
}

export function refreshHistory(companyId: string): Promise<unknown> {
  return mutate(historyKey(companyId));
}
