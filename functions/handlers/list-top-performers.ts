import { topPerformers } from '#functions/dashboard/figures';
import { apiHandler, json } from '#functions/lib/http';

/** The five members with most on-time completions in the last 30 days, each with their on-time rate (score). */
export const handler = apiHandler('list-top-performers', {}, async ({ caller }) => json(await topPerformers(caller.companyId, 5)));
