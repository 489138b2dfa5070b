import { cancelScheduledDowngrade } from '#functions/billing/plan-change';
import { apiHandler, json } from '#functions/lib/http';

/** Keeps the current plan: drops the scheduled downgrade (nothing scheduled: answers the company as it is). */
export const handler = apiHandler('cancel-downgrade', {}, async ({ caller }) => {
  const company = await cancelScheduledDowngrade({ companyId: caller.companyId, by: { kind: 'ceo', userId: caller.userId, email: caller.email } });
  return json({ company });
});
