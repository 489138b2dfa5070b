import { listPendingPlanRequests } from '#functions/plans/plan-requests';
import { apiHandler, json } from '#functions/lib/http';

/** The company's pending plan-change request (a list of 0 or 1), for the pricing screen. */
export const handler = apiHandler('list-plan-requests', {}, async ({ caller }) => json(await listPendingPlanRequests(caller.companyId)));
