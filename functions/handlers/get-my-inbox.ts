import { inboxQuery, type InboxQuery } from '#shared/schemas';
import type { InboxView } from '#shared/inbox';
import { listInbox, unreadCount } from '#functions/data/repositories/inbox';
import { apiHandler, json } from '#functions/lib/http';

/** GET /api/me/inbox: the caller's own in-app notifications, newest first, and how many are unread. */
export const handler = apiHandler<unknown, InboxQuery>('get-my-inbox', { query: inboxQuery }, async ({ caller, query }) => {
  const [page, unread] = await Promise.all([
    listInbox(caller.companyId, caller.userId, { limit: query.limit, cursor: query.cursor }),
    unreadCount(caller.companyId, caller.userId),
  ]);
  const view: InboxView = { items: page.items, unread, nextCursor: page.cursor ?? null };
  return json(view);
});
