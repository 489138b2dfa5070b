// Every member's own notification preferences, for the notices about their work and the evening
// digest: the same item as the CEO's alert preferences (keys.notificationPreferences: one phone
// number and one language per person), read and written through the member's fields. Before the
// first save: e-mail on, SMS off, the company's language, the digest on at 18:00 (company zone).
import type { NotificationLanguage } from '#shared/enums';
import type { Company } from '#shared/schemas';
import { companyNotificationLanguage, getPreferences, savePreferences, type NotificationPreferencesView, type PreferenceChanges } from './notifications';

export { companyNotificationLanguage };

export const DEFAULT_DIGEST_HOUR = 18;

export interface MemberNotificationPreferences {
  email: boolean;
  sms: boolean;
  /** E.164, or null. */
  phone: string | null;
  language: NotificationLanguage;
  digest: boolean;
  /** Local hour (company zone) from which the evening digest of tomorrow's tasks is sent. */
  digestHour: number;
}


type StoredView = NotificationPreferencesView & { digestEnabled?: boolean; digestHour?: number };

/** The member's view of a stored preferences item (or of none: the defaults). */
export function memberView(stored: StoredView, company: Pick<Company, 'preferredLanguage'> | undefined): MemberNotificationPreferences {
  const saved = stored.id !== null;
  return {
    email: saved ? stored.emailEnabled !== false : true,
    sms: saved ? stored.smsEnabled === true : false,
    phone: stored.phoneNumber ?? null,
    language: saved ? stored.language : companyNotificationLanguage(company),
    digest: stored.digestEnabled ?? true,
    digestHour: stored.digestHour ?? DEFAULT_DIGEST_HOUR,
  };
}

export async function getMemberPreferences(
  companyId: string,
  userId: string,
  company: Pick<Company, 'preferredLanguage'> | undefined,
): Promise<{ member: MemberNotificationPreferences; stored: NotificationPreferencesView }> {
  const stored = await getPreferences(companyId, userId);
  return { member: memberView(stored, company), stored };
}

/**
 * Saves the member's fields sent; the first save writes the member's defaults for the others (not
 * the CEO screen's: SMS stays off and the language is the company's until chosen).
 */
export async function saveMemberPreferences(
  companyId: string,
  userId: string,
  current: MemberNotificationPreferences,
  changes: Partial<MemberNotificationPreferences>,
  firstSave: boolean,
): Promise<MemberNotificationPreferences> {
  const pick = <K extends keyof MemberNotificationPreferences>(field: K) => (changes[field] !== undefined ? changes[field] : firstSave ? current[field] : undefined);
  const update: PreferenceChanges = {
    emailEnabled: pick('email'),
    smsEnabled: pick('sms'),
    phoneNumber: pick('phone'),
    language: pick('language'),
    digestEnabled: pick('digest'),
    digestHour: pick('digestHour'),
  };
  const saved = await savePreferences(companyId, userId, update);
  return memberView({ ...saved, id: saved.id } as StoredView, undefined);
}
