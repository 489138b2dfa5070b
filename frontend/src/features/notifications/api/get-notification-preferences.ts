import useSWR from 'swr';
import type { NotificationPreferences } from '#shared/schemas';
import type { ApiError } from '../../../lib/api-client';

/** What GET answers: the stored preferences, or the defaults (id and dates null) before the first save. */
export type NotificationPreferencesView = Omit<NotificationPreferences, 'id' | 'createdAt' | 'updatedAt'> & {
  id: string | null;
  createdAt: string | null;
  updatedAt: string | null;
};

export const preferencesKey = (companyId: string) => `/api/notifications/preferences?companyId=${encodeURIComponent(companyId)}`;

/** GET /api/notifications/preferences?companyId={id} (CEO only: pass no company for anyone else). */
export function useNotificationPreferences(companyId: string | undefined) {
  const { data, error, isLoading } = useSWR<NotificationPreferencesView, ApiError>(companyId ? preferencesKey(companyId) : null);
  return { preferences: data, error, isLoading };
}
