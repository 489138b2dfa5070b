import { listOwnerApprovals } from '#functions/approvals/list';
import { apiHandler, json } from '#functions/lib/http';

/** GET /api/owner/approvals (owners, issue 41 point 4): the repairs of their properties waiting for their approval, oldest first. */
export const handler = apiHandler('list-owner-approvals', {}, async ({ caller }) => json({ items: await listOwnerApprovals(caller) }));
