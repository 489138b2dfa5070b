import { downgradeBody, type DowngradeBody } from '#shared/schemas';
import { scheduleDowngrade } from '#functions/billing/plan-change';
import { apiHandler, json } from '#functions/lib/http';

/**
 * A smaller plan (CEO): 409 with the counts to remove when the company does not fit it; else
 * scheduled for the end of the paid period (`applied: false`, the company's `scheduledPlanAt`), or
 * applied at once when there is no paid period to wait for.
 */
export const handler = apiHandler<DowngradeBody>('schedule-downgrade', { body: downgradeBody }, async ({ caller, body }) => {
  const { company, entry, applied } = await scheduleDowngrade({ companyId: caller.companyId, plan: body.plan, by: { kind: 'ceo', userId: caller.userId, email: caller.email } });
  return json({ company, entry, applied });
});
