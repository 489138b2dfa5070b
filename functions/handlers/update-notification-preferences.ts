import { notificationPreferencesBody, type NotificationPreferencesBody } from '#shared/schemas';
import { savePreferences } from '#functions/data/repositories/notifications';
import { NotFoundError } from '#functions/lib/errors';
import { apiHandler, json } from '#functions/lib/http';
import { assertOwnCompany } from '#functions/notifications/access';

/** PUT /api/notifications/preferences: saves the fields sent (the phone number must be E.164). */
export const handler = apiHandler<NotificationPreferencesBody>(
  'update-notification-preferences',
  { body: notificationPreferencesBody },
  async ({ caller, body }) => {
    assertOwnCompany(caller, body.companyId);
    // Preferences are the caller's own: another user's id is answered like a missing one.
    if (body.userId !== undefined && body.userId !== caller.userId) throw new NotFoundError();
    const { companyId: _companyId, userId: _userId, ...changes } = body;
    return json(await savePreferences(caller.companyId, caller.userId, changes));
  },
);
