// Billing state of a company (issue 22), shared by the server and the screens. The company item
// carries `billingStatus` and, by state, the instants that bound its access:
//   trial     -> trialEndsAt          (A1's trial rules)
//   active    -> currentPeriodEnd     (renewed by the payment provider's webhook)
//   past_due  -> graceEndsAt          (PAYMENT_GRACE_DAYS after the first failed payment)
//   cancelled -> currentPeriodEnd     (paid until then, read-only after)
// `billingAccessEnded` says when the company is read-only for a billing reason (the trial's own end
// is A1's rule; this covers the paid states).
import type { Plan } from './enums';
import { PLAN_DEFINITIONS, UNLIMITED, type BillingCycle } from './plans';

export const BILLING_STATUSES = ['trial', 'active', 'past_due', 'cancelled'] as const;
export type BillingStatus = (typeof BILLING_STATUSES)[number];

/** Days a company keeps its plan after a failed payment before it becomes read-only. */
export const PAYMENT_GRACE_DAYS = 7;

/** Paid plans ordered by size (enterprise is sold by contact, never by checkout). */
export const PLAN_RANK: Record<Plan, number> = { trial: 0, basic: 1, professional: 2, enterprise: 3 };
export const CHECKOUT_PLANS = ['basic', 'professional'] as const satisfies readonly Plan[];
export type CheckoutPlan = (typeof CHECKOUT_PLANS)[number];

export function isCheckoutPlan(plan: string): plan is CheckoutPlan {
  return (CHECKOUT_PLANS as readonly string[]).includes(plan);
}

export interface CompanyBillingState {
  plan: Plan;
  billingStatus?: BillingStatus | null;
  graceEndsAt?: string | null;
  currentPeriodEnd?: string | null;
}

/** True when a paid subscription's access has ended: past due beyond the grace, or cancelled past the period end. */
export function billingAccessEnded(company: CompanyBillingState, now: Date = new Date()): boolean {
  const passed = (iso?: string | null) => !!iso && new Date(iso).getTime() <= now.getTime();
  if (company.billingStatus === 'past_due') return passed(company.graceEndsAt);
  if (company.billingStatus === 'cancelled') return passed(company.currentPeriodEnd) || !company.currentPeriodEnd;
  return false;
}

/** Bytes of a plan's storage allowance ('500MB', '10GB'); -1 when unlimited. */
export function storageLimitBytes(plan: Plan): number {
  const text = PLAN_DEFINITIONS[plan].storage;
  const match = /^(\d+(?:\.\d+)?)\s*(KB|MB|GB|TB)$/i.exec(text);
  if (!match) return UNLIMITED;
  const unit = { KB: 1, MB: 2, GB: 3, TB: 4 }[match[2].toUpperCase() as 'KB' | 'MB' | 'GB' | 'TB'];
  return Math.round(Number(match[1]) * 1024 ** unit);
}

export interface PlanUsage {
  properties: number;
  users: number;
  storageBytes: number;
}

/** What must go before a company fits `plan`: how many over each limit (all zero = it fits). */
export interface PlanExcess {
  properties: number;
  users: number;
  storageBytes: number;
}

export function planExcess(plan: Plan, usage: PlanUsage): PlanExcess {
  const over = (count: number, limit: number) => (limit === UNLIMITED ? 0 : Math.max(0, count - limit));
  const def = PLAN_DEFINITIONS[plan];
  return {
    properties: over(usage.properties, def.maxProperties),
    users: over(usage.users, def.maxUsers),
    storageBytes: over(usage.storageBytes, storageLimitBytes(plan)),
  };
}

export const fitsPlan = (excess: PlanExcess) => excess.properties === 0 && excess.users === 0 && excess.storageBytes === 0;

/** Who made a plan change: the CEO (pricing screen), the platform's admin, the payment provider, a job. */
export const BILLING_ACTORS = ['ceo', 'admin', 'stripe', 'system'] as const;
export type BillingActor = (typeof BILLING_ACTORS)[number];

/** What a billing-history entry records. */
export const BILLING_EVENTS = [
  'plan_changed', // the plan itself changed (upgrade, activation, applied downgrade, admin)
  'downgrade_scheduled',
  'downgrade_cancelled',
  'downgrade_refused', // at the period end the company did not fit the smaller plan
  'payment_failed',
  'payment_succeeded',
  'subscription_cancelled',
  'subscription_updated', // the period, cycle or provider ids changed (renewal, first details)
] as const;
export type BillingEvent = (typeof BILLING_EVENTS)[number];

export interface BillingHistoryEntry {
  id: string;
  companyId: string;
  at: string;
  event: BillingEvent;
  fromPlan: Plan;
  toPlan: Plan;
  billingStatus?: BillingStatus | null;
  billingCycle?: BillingCycle | null;
  /** When a scheduled change takes effect (downgrades), or the grace/period end of a status change. */
  effectiveAt?: string | null;
  by: { kind: BillingActor; userId?: string | null; email?: string | null };
  reason?: string | null;
  excess?: PlanExcess | null;
}
