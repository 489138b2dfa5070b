import { inboxReadBody, type InboxReadBody } from '#shared/schemas';
import { markInboxRead, unreadCount } from '#functions/data/repositories/inbox';
import { apiHandler, json } from '#functions/lib/http';

/**
 * POST /api/me/inbox/read { ids }: the caller's items they have seen are marked read. The keys are
 * built from the caller's own id, so another member's (or company's) ids change nothing.
 */
export const handler = apiHandler<InboxReadBody>('mark-inbox-read', { body: inboxReadBody }, async ({ caller, body }) => {
  const marked = await markInboxRead(caller.companyId, caller.userId, body.ids);
  return json({ marked, unread: await unreadCount(caller.companyId, caller.userId) });
});
