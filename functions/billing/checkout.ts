// What "Activate now" / "Upgrade" does for a company (issue 22): a new subscription through the
// provider's checkout, or, when the company already pays a smaller plan, the same subscription moved
// to the bigger plan at once (prorated) — never a second subscription. A smaller plan goes through
// scheduleDowngrade; the current plan and enterprise (sold by contact) are refused.
import { PLAN_RANK, type CheckoutPlan } from '#shared/billing';
import type { Company } from '#shared/schemas';
import { ConflictError } from '#functions/lib/errors';

export type CheckoutDecision = { kind: 'checkout' } | { kind: 'upgrade'; subscriptionId: string };

export function checkoutDecision(company: Company, plan: CheckoutPlan): CheckoutDecision {
  const paying = company.billingStatus === 'active' || company.billingStatus === 'past_due';
  if (company.plan === plan && paying) throw new ConflictError('planRequest.notAvailable');
  if (paying && company.paymentSubscriptionId) {
    if (PLAN_RANK[plan] < PLAN_RANK[company.plan]) throw new ConflictError('planRequest.notAvailable');
    return { kind: 'upgrade', subscriptionId: company.paymentSubscriptionId };
  }
  return { kind: 'checkout' };
}

/** Where the provider sends the browser back: the caller's own site origin when it is one of ours, else APP_URL. */
export function returnUrls(origin: string | undefined, allowed: ReadonlySet<string>, appUrl: string): { success: string; cancel: string; portal: string } {
  const base = origin && allowed.has(origin) ? origin : appUrl.replace(/\/+$/, '');
  return {
    success: `${base}/pricing?checkout=success`,
    cancel: `${base}/pricing?checkout=cancelled`,
    portal: `${base}/pricing`,
  };
}
