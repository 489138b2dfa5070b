// Plan changes chosen on the pricing screen. No payment provider is integrated yet: a choice is
// recorded as a pending request that takes effect on the next billing cycle (shared/rules.ts,
// nextBillingCycleStart) once the team has confirmed it with the customer. A company has at most one
// pending request; a new choice replaces it, and the CEO can cancel it.
import { ulid } from 'ulid';
import { nextBillingCycleStart, planButton } from '#shared/rules';
import type { PlanRequest, PlanRequestBody } from '#shared/schemas';
import { requireCompany } from '#functions/data/repositories/companies';
import {
  SIGNUP_REQUEST_ID,
  cancelPlanRequest,
  cancelSignupRequest,
  pendingPlanRequestOf,
  signupRequestOf,
  recordPlanRequest,
} from '#functions/data/repositories/plan-requests';
import { ConflictError, NotFoundError } from '#functions/lib/errors';
import type { Caller } from '#functions/lib/http';


/** GET /api/plan-requests: the pending request of the caller's company, as a list of 0 or 1. */
export async function listPendingPlanRequests(companyId: string, now = new Date()): Promise<PlanRequest[]> {
  const company = await requireCompany(companyId);
  const pending = await pendingPlanRequestOf(company, now);
  return pending ? [pending] : [];
}

/**
 * POST /api/plan-requests. Refuses what the pricing screen disables (the current plan, the trial
 * while it is active, the trial for a company that has left it). Choosing again what is already pending answers the pending request.
 */
export async function requestPlanChange(
  caller: Caller,
  body: PlanRequestBody,
  now = new Date(),
): Promise<{ request: PlanRequest; created: boolean }> {
  const company = await requireCompany(caller.companyId);
  const button = planButton(body.plan, company, now);
  if (button.disabled) throw new ConflictError(button.label === 'startTrial' ? 'planRequest.trialUsed' : 'planRequest.notAvailable');
  const pending = await pendingPlanRequestOf(company, now);
  if (pending && pending.plan === body.plan && pending.billing === body.billing) return { request: pending, created: false };
  const request: PlanRequest = {
    id: ulid(now.getTime()),
    companyId: company.id,
    plan: body.plan,
    billing: body.billing,
    status: 'pending',
    source: 'pricing',
    fromPlan: company.plan,
    effectiveAt: nextBillingCycleStart(company, now).toISOString(),
    requestedAt: now.toISOString(),
    requestedBy: caller.userId,
  };
  await recordPlanRequest({ request, replaces: pending, company });
  return { request, created: true };
}

/** DELETE /api/plan-requests/{id}: only the company's pending request; anything else is 404. */
export async function cancelPlanChange(caller: Caller, requestId: string, now = new Date()): Promise<void> {
  if (requestId === SIGNUP_REQUEST_ID) {
    const company = await requireCompany(caller.companyId);
    const signup = signupRequestOf(company, now);
    if (!signup) throw new NotFoundError();
    await cancelSignupRequest(signup, caller.userId, now);
    return;
  }
  await cancelPlanRequest(caller.companyId, requestId, caller.userId, now);
}
