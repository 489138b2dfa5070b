import { mutate } from 'swr';
import type { NotificationLanguage } from '#shared/enums';
import type { NotificationPreferences } from '#shared/schemas';
import { apiRequest } from '../../../lib/api-client';
import { preferencesKey, type NotificationPreferencesView } from './get-notification-preferences';

export type PreferenceSwitch =
  | 'emailEnabled'
  | 'smsEnabled'
  | 'taskAssigned'
  | 'taskCompleted'
  | 'propertyIssues'
  | 'reservationReminders'
  | 'reservationChanges'
  | 'calendarSync'
  | 'teamChanges';

/** SPEC point 7: the changed field(s), companyId, userId for switches, and always the phone number and language. */
export interface PreferencesUpdate extends Partial<Record<PreferenceSwitch, boolean>> {
  companyId: string;
  userId?: string;
  phoneNumber: string | null;
  language: NotificationLanguage;
}

/**
 * PUT /api/notifications/preferences. The cached preferences change at once (the switch moves as
 * it is clicked) and take the server's answer after; a failure puts back what the server has.
 * Rejects with ApiError (400 with `errors.phoneNumber` for a number without the country code).
 */
export async function updateNotificationPreferences(update: PreferencesUpdate): Promise<NotificationPreferences> {
  const key = preferencesKey(update.companyId);
  // Switches and language show their new value at once; the phone number only once it is saved
  // (the server normalises it, or refuses it and the field keeps what was typed).
  const { companyId: _companyId, userId: _userId, phoneNumber: _phoneNumber, ...changes } = update;
  void mutate<NotificationPreferencesView>(key, (current) => (current ? { ...current, ...changes } : current), { revalidate: false });
  try {
    const saved = await apiRequest<NotificationPreferences>('PUT', '/api/notifications/preferences', update);
    await mutate(key, saved, { revalidate: false });
    return saved;
  } catch (error) {
    void mutate(key);
    throw error;
  }
}
