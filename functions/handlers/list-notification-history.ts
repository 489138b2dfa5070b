import { notificationHistoryQuery, type NotificationHistoryQuery } from '#shared/schemas';
import { listHistory } from '#functions/data/repositories/notifications';
import { apiHandler, json } from '#functions/lib/http';
import { assertOwnCompany } from '#functions/notifications/access';

/** GET /api/notifications/history?companyId&limit=50: the company's sends, newest first (at most 50). */
export const handler = apiHandler<unknown, NotificationHistoryQuery>(
  'list-notification-history',
  { query: notificationHistoryQuery },
  async ({ caller, query }) => {
    assertOwnCompany(caller, query.companyId);
    return json(await listHistory(caller.companyId, query.limit));
  },
);
