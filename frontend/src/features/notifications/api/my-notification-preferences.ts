import useSWR, { mutate } from 'swr';
import type { NotificationLanguage } from '#shared/enums';
import type { MemberNotificationPreferencesBody } from '#shared/schemas';
import { apiRequest } from '../../../lib/api-client';

/** How a member is told of their own work (GET/PUT /api/me/notification-preferences; every role). */
export interface MyNotificationPreferences {
  email: boolean;
  sms: boolean;
  phone: string | null;
  language: NotificationLanguage;
  digest: boolean;
  /** Local hour (company zone) from which the evening digest of tomorrow's tasks is sent. */
  digestHour: number;
}

export const MY_PREFERENCES_KEY = '/api/me/notification-preferences';

export function useMyNotificationPreferences() {
  return useSWR<MyNotificationPreferences>(MY_PREFERENCES_KEY);
}

/** Saves the fields given; rejects with ApiError (400 with `errors.phone` when SMS has no number). */
export async function saveMyNotificationPreferences(body: MemberNotificationPreferencesBody): Promise<MyNotificationPreferences> {
  const saved = await apiRequest<MyNotificationPreferences>('PUT', MY_PREFERENCES_KEY, body);
  await mutate(MY_PREFERENCES_KEY, saved, { revalidate: false });
  return saved;
}
