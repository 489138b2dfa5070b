import { planUsageView } from '#functions/billing/usage';
import { apiHandler, json } from '#functions/lib/http';

/** GET /api/usage: properties, users and storage (bytes of photos and logos) against the plan's limits. */
export const handler = apiHandler('get-plan-usage', {}, async ({ caller }) => json(await planUsageView(caller)));
