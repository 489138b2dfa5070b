import { listBillingHistory } from '#functions/billing/plan-change';
import { apiHandler, json } from '#functions/lib/http';

/** The company's billing history, newest first (plan changes, scheduled downgrades, payment states). */
export const handler = apiHandler('get-billing-history', {}, async ({ caller }) => {
  return json({ history: await listBillingHistory(caller.companyId) });
});
