import { notificationCompanyQuery, type NotificationCompanyQuery } from '#shared/schemas';
import { getPreferences } from '#functions/data/repositories/notifications';
import { apiHandler, json } from '#functions/lib/http';
import { assertOwnCompany } from '#functions/notifications/access';

/** GET /api/notifications/preferences?companyId: the caller's preferences (the defaults until the first save). */
export const handler = apiHandler<unknown, NotificationCompanyQuery>(
  'get-notification-preferences',
  { query: notificationCompanyQuery },
  async ({ caller, query }) => {
    assertOwnCompany(caller, query.companyId);
    return json(await getPreferences(caller.companyId, caller.userId));
  },
);
