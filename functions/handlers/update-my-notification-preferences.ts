import { memberNotificationPreferencesBody, type MemberNotificationPreferencesBody } from '#shared/schemas';
import { getCompany } from '#functions/data/repositories/companies';
import { getMemberPreferences, saveMemberPreferences } from '#functions/data/repositories/member-preferences';
import { BadRequestError } from '#functions/lib/errors';
import { apiHandler, json } from '#functions/lib/http';

/**
 * PUT /api/me/notification-preferences (every role): saves the caller's own fields sent. SMS on
 * needs a phone number (the one sent, or the stored one): otherwise 400 on `phone`, nothing saved.
 */
export const handler = apiHandler<MemberNotificationPreferencesBody>(
  'update-my-notification-preferences',
  { body: memberNotificationPreferencesBody },
  async ({ caller, body }) => {
    const { member, stored } = await getMemberPreferences(caller.companyId, caller.userId, await getCompany(caller.companyId));
    const phone = body.phone !== undefined ? body.phone : member.phone;
    const sms = body.sms ?? member.sms;
    if (sms && !phone) throw new BadRequestError('error.badRequest', { phone: 'myNotifications.smsNeedsPhone' });
    const saved = await saveMemberPreferences(caller.companyId, caller.userId, member, body, stored.id === null);
    return json(saved);
  },
);
