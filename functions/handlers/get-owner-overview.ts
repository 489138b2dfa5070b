import { ownerOverview } from '#functions/owners/overview';
import { apiHandler, json } from '#functions/lib/http';

/** GET /api/owner/overview (owner): the company, their properties (readiness, next check-in, this month's occupancy), what waits for them. */
export const handler = apiHandler('get-owner-overview', {}, async ({ caller }) => json(await ownerOverview(caller)));
