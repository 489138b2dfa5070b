import { myOwnerStayRequests } from '#functions/owners/stay-requests';
import { apiHandler, json } from '#functions/lib/http';

/** GET /api/owner/stay-requests (owner): their own requests, newest first. */
export const handler = apiHandler('list-my-owner-stay-requests', {}, async ({ caller }) => json({ items: await myOwnerStayRequests(caller) }));
