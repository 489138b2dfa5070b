import { dashboardReadiness } from '#functions/dashboard/readiness';
import { apiHandler, json } from '#functions/lib/http';

/** GET /api/dashboard/readiness (issue 40 point 3): today's check-ins and the homes not ready for them. */
export const handler = apiHandler('get-dashboard-readiness', {}, async ({ caller }) => json(await dashboardReadiness(caller.companyId)));
