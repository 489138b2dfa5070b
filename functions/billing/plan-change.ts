// Plan changes (issue 22). `changePlan` applies a plan at once: the company item's plan (its limits
// follow: shared/rules.ts propertyLimit/userLimit read the plan), the end of the trial, the billing
// state, and one billing-history entry, in one transaction. Downgrades wait for the end of the paid
// period (`scheduleDowngrade`) and are applied then by the subscription's renewal webhook or the
// scheduled job's worker (`applyDueDowngradeJob`), only when the company fits the smaller plan; otherwise the
// CEO is told what to remove (counts), both when asking and when the change would apply.
import { ulid } from 'ulid';
import {
  PLAN_RANK,
  fitsPlan,
  planExcess,
  type BillingActor,
  type BillingEvent,
  type BillingHistoryEntry,
  type BillingStatus,
  type PlanExcess,
  type PlanUsage,
} from '#shared/billing';
import { PLANS, type Plan } from '#shared/enums';
import type { BillingCycle } from '#shared/plans';
import type { Company } from '#shared/schemas';
import { getRawItem } from '#functions/data/db';
import { keys } from '#functions/data/keys';
import { requireCompany } from '#functions/data/repositories/companies';
import {
  BillingChangedMeanwhile,
  PaymentEventReplayed,
  claimPaymentEvent,
  listBillingHistoryEntries,
  listDueScheduledPlanChanges,
  writeBillingChange,
  type BillingFields,
} from '#functions/data/repositories/billing';
import { sendJobs } from '#functions/jobs/queue';
import { ConflictError } from '#functions/lib/errors';
import * as z from 'zod/mini';
import { jobInstant } from '#functions/jobs/worker';

export interface ChangedBy {
  kind: BillingActor;
  userId?: string | null;
  email?: string | null;
}

/** The billing state that comes with a change (the webhook knows it; other callers leave it out). */
export interface BillingStateChange {
  billingStatus?: BillingStatus;
  billingCycle?: BillingCycle | null;
  currentPeriodEnd?: string | null;
  graceEndsAt?: string | null;
  paymentCustomerId?: string | null;
  paymentSubscriptionId?: string | null;
}

export interface ChangePlanInput {
  companyId: string;
  plan: Plan;
  by: ChangedBy;
  at?: Date;
  reason?: string;
  billing?: BillingStateChange;
  /** The payment-provider event this change answers (claimed in the same transaction). */
  event?: { id: string; type: string };
}

export interface ChangePlanResult {
  company: Company;
  /** The entry written: `plan_changed`; a `subscription_updated` confirming the plan; none when nothing changed. */
  entry?: BillingHistoryEntry;
}

function historyEntry(company: Company, event: BillingEvent, toPlan: Plan, by: ChangedBy, at: Date, extra: Partial<BillingHistoryEntry> = {}): BillingHistoryEntry {
  return {
    id: ulid(at.getTime()),
    companyId: company.id,
    at: at.toISOString(),
    event,
    fromPlan: company.plan,
    toPlan,
    by: { kind: by.kind, userId: by.userId ?? null, email: by.email ?? null },
    ...extra,
  };
}

function billingFields(state: BillingStateChange | undefined): BillingFields {
  if (!state) return {};
  const fields: BillingFields = {};
  for (const [name, value] of Object.entries(state)) if (value !== undefined) (fields as Record<string, unknown>)[name] = value;
  return fields;
}

/** The fields of `state` whose value differs from the company's (null and absent are the same). */
function changedFields(company: Company, state: BillingStateChange | undefined): BillingFields {
  const fields = billingFields(state);
  const current = company as unknown as Record<string, unknown>;
  for (const [name, value] of Object.entries(fields)) if ((current[name] ?? null) === (value ?? null)) delete (fields as Record<string, unknown>)[name];
  return fields;
}

/**
 * The company is already on the plan a change asks for (the product applied it, and the payment
 * provider's event confirms it; or it was set meanwhile): no plan change is recorded, since a
 * `plan_changed` entry always changes the plan. The billing state that comes with it is written
 * with a `subscription_updated` entry saying what it confirmed, only when it changes something;
 * else the provider's event is only claimed (PaymentEventReplayed when it was claimed before).
 */
async function confirmPlan(company: Company, input: ChangePlanInput, at: Date): Promise<ChangePlanResult> {
  const fields = changedFields(company, input.billing);
  if (Object.keys(fields).length === 0) {
    if (input.event && !(await claimPaymentEvent(input.event.id, input.event.type, at))) throw new PaymentEventReplayed(input.event.id);
    return { company };
  }
  const entry = historyEntry(company, 'subscription_updated', company.plan, input.by, at, {
    billingStatus: (fields.billingStatus as BillingStatus | undefined) ?? company.billingStatus ?? null,
    billingCycle: (fields.billingCycle as BillingCycle | undefined) ?? company.billingCycle ?? null,
    reason: `${input.reason ?? 'plan'}: confirms ${company.plan}`,
  });
  await writeBillingChange({ companyId: company.id, expectPlan: company.plan, fields, entry, at: at.toISOString(), event: input.event });
  return { company: await requireCompany(company.id), entry };
}

/**
 * Applies `plan` at once, with a billing-history entry, in one transaction. Leaving the trial ends
 * it (trialEndsAt removed); a paid plan set without a billing state (admin, CEO, system) is active.
 * A pending downgrade is dropped (the new plan supersedes it). 409 when the plan changed meanwhile
 * (between this read and the write). A company already on `plan` records no plan change (confirmPlan).
 */
export async function changePlan(input: ChangePlanInput): Promise<ChangePlanResult> {
  const at = input.at ?? new Date();
  const company = await requireCompany(input.companyId);
  if (company.plan === input.plan) return confirmPlan(company, input, at);
  const fields: BillingFields = { ...billingFields(input.billing) };
  if (input.plan !== 'trial') {
    fields.trialEndsAt = null;
    fields.billingStatus ??= 'active';
    fields.graceEndsAt ??= fields.billingStatus === 'past_due' ? undefined : null;
  } else {
    fields.billingStatus ??= 'trial';
  }
  const dropsSchedule = !!company.scheduledPlan;
  if (dropsSchedule) {
    fields.scheduledPlan = null;
    fields.scheduledPlanAt = null;
  }
  const entry = historyEntry(company, 'plan_changed', input.plan, input.by, at, {
    billingStatus: (fields.billingStatus as BillingStatus | undefined) ?? company.billingStatus ?? null,
    billingCycle: (fields.billingCycle as BillingCycle | undefined) ?? company.billingCycle ?? null,
    reason: input.reason ?? null,
  });
  await writeBillingChange({
    companyId: company.id,
    expectPlan: company.plan,
    plan: input.plan,
    fields,
    entry,
    scheduled: dropsSchedule ? null : undefined,
    at: at.toISOString(),
    event: input.event,
  });
  return { company: await requireCompany(company.id), entry };
}

/**
 * A billing-state change without a plan change (past due, paid again, cancelled), with its history
 * entry, in one transaction.
 */
export async function changeBillingState(input: {
  companyId: string;
  event: BillingEvent;
  billing: BillingStateChange;
  by: ChangedBy;
  at?: Date;
  reason?: string;
  paymentEvent?: { id: string; type: string };
}): Promise<ChangePlanResult> {
  const at = input.at ?? new Date();
  const company = await requireCompany(input.companyId);
  const fields = billingFields(input.billing);
  const entry = historyEntry(company, input.event, company.plan, input.by, at, {
    billingStatus: input.billing.billingStatus ?? company.billingStatus ?? null,
    billingCycle: input.billing.billingCycle ?? company.billingCycle ?? null,
    effectiveAt: input.billing.graceEndsAt ?? (input.billing.billingStatus === 'cancelled' ? input.billing.currentPeriodEnd : null) ?? null,
    reason: input.reason ?? null,
  });
  await writeBillingChange({ companyId: company.id, expectPlan: company.plan, fields, entry, at: at.toISOString(), event: input.paymentEvent });
  return { company: await requireCompany(company.id), entry };
}

/** GET /api/billing/history: every entry of the company's billing history, newest first. */
export async function listBillingHistory(companyId: string): Promise<BillingHistoryEntry[]> {
  return listBillingHistoryEntries(companyId);
}

/** Properties, users and stored bytes of the company (its counters: one GetItem). */
export async function planUsage(companyId: string): Promise<PlanUsage> {
  const stats = (await getRawItem(keys.companyStats(companyId))) ?? {};
  return {
    properties: Number(stats.propertyCount ?? 0),
    users: Number(stats.userCount ?? 0),
    storageBytes: Number(stats.storageBytes ?? 0),
  };
}

/** The company does not fit the smaller plan: 409 with the counts to remove (`excess`). */
export class PlanTooSmallError extends ConflictError {
  readonly code = 'plan-too-small';
  readonly details: { excess: PlanExcess };
  constructor(plan: Plan, readonly excess: PlanExcess) {
    super('billing.downgradeDoesNotFit', {
      plan,
      properties: excess.properties,
      users: excess.users,
      storageMb: Math.ceil(excess.storageBytes / (1024 * 1024)),
    });
    this.details = { excess };
  }
}

export const isDowngrade = (from: Plan, to: Plan) => PLAN_RANK[to] < PLAN_RANK[from];

/**
 * The CEO asks for a smaller paid plan: refused with the counts when the company does not fit it;
 * else scheduled for the end of the paid period (currentPeriodEnd; now when there is none, e.g. an
 * admin-set plan without a subscription, then applied at once).
 */
export async function scheduleDowngrade(input: { companyId: string; plan: Plan; by: ChangedBy; at?: Date }): Promise<{ company: Company; entry: BillingHistoryEntry; applied: boolean }> {
  const at = input.at ?? new Date();
  const company = await requireCompany(input.companyId);
  if (input.plan === 'trial' || input.plan === 'enterprise' || !isDowngrade(company.plan, input.plan)) {
    throw new ConflictError('planRequest.notAvailable');
  }
  const excess = planExcess(input.plan, await planUsage(company.id));
  if (!fitsPlan(excess)) throw new PlanTooSmallError(input.plan, excess);
  const periodEnd = company.currentPeriodEnd ? new Date(company.currentPeriodEnd) : undefined;
  if (!periodEnd || periodEnd.getTime() <= at.getTime()) {
    const { entry, company: changed } = await changePlan({ companyId: company.id, plan: input.plan, by: input.by, at, reason: 'downgrade' });
    if (!entry) throw new BillingChangedMeanwhile(); // it was set meanwhile: nothing of this request applied
    return { company: changed, entry, applied: true };
  }
  const dueAt = periodEnd.toISOString();
  const entry = historyEntry(company, 'downgrade_scheduled', input.plan, input.by, at, { effectiveAt: dueAt, billingStatus: company.billingStatus ?? null });
  await writeBillingChange({
    companyId: company.id,
    expectPlan: company.plan,
    fields: { scheduledPlan: input.plan, scheduledPlanAt: dueAt },
    entry,
    scheduled: { plan: input.plan, dueAt },
    at: at.toISOString(),
  });
  return { company: await requireCompany(company.id), entry, applied: false };
}

/** The CEO keeps the current plan: the scheduled downgrade is dropped (404-free: nothing pending is a no-op). */
export async function cancelScheduledDowngrade(input: { companyId: string; by: ChangedBy; at?: Date }): Promise<Company> {
  const at = input.at ?? new Date();
  const company = await requireCompany(input.companyId);
  if (!company.scheduledPlan) return company;
  const entry = historyEntry(company, 'downgrade_cancelled', company.scheduledPlan, input.by, at);
  await writeBillingChange({
    companyId: company.id,
    expectPlan: company.plan,
    fields: { scheduledPlan: null, scheduledPlanAt: null },
    entry,
    scheduled: null,
    at: at.toISOString(),
  });
  return requireCompany(company.id);
}

/**
 * Applies the company's scheduled downgrade when it is due: the new plan when the company fits it,
 * else a `downgrade_refused` entry with the counts to remove (the company keeps its plan and the
 * schedule is dropped; the CEO sees the entry on the pricing screen). Undefined when nothing is due.
 */
export async function applyDueDowngrade(companyId: string, now: Date, by: ChangedBy, event?: { id: string; type: string }, billing?: BillingStateChange): Promise<BillingHistoryEntry | undefined> {
  const company = await requireCompany(companyId);
  if (!company.scheduledPlan || !company.scheduledPlanAt || new Date(company.scheduledPlanAt).getTime() > now.getTime()) return undefined;
  const excess = planExcess(company.scheduledPlan, await planUsage(company.id));
  if (fitsPlan(excess)) {
    return (await changePlan({ companyId, plan: company.scheduledPlan, by, at: now, reason: 'scheduled downgrade', event, billing })).entry;
  }
  const entry = historyEntry(company, 'downgrade_refused', company.scheduledPlan, by, now, { excess, billingStatus: company.billingStatus ?? null });
  await writeBillingChange({
    companyId,
    expectPlan: company.plan,
    fields: { ...billingFields(billing), scheduledPlan: null, scheduledPlanAt: null },
    entry,
    scheduled: null,
    at: now.toISOString(),
    event,
  });
  return entry;
}

/** One message of the due-downgrades queue: one company's scheduled downgrade, due by `at`. */
export const dueDowngradeJob = z.object({
  companyId: z.string(),
  /** The plan scheduled (as the index listed it). */
  plan: z.enum(PLANS),
  dueAt: z.string(),
  /** The dispatcher's run: the change is applied when it is due by then. */
  at: jobInstant,
});
export type DueDowngradeJob = z.infer<typeof dueDowngradeJob>;

/**
 * The hourly dispatcher (SCHEDULED_JOBS 'apply-due-downgrades'): every downgrade due by `now` that no
 * renewal webhook applied (the scheduled-changes index) to the due-downgrades queue, one message per
 * company; the worker (functions/handlers/apply-due-downgrade.ts -> applyDueDowngradeJob) applies it.
 */
export async function dispatchDueDowngrades(now: Date): Promise<{ queued: number }> {
  const jobs: DueDowngradeJob[] = (await listDueScheduledPlanChanges(now)).map((due) => ({ companyId: due.companyId, plan: due.plan, dueAt: due.dueAt, at: now.toISOString() }));
  await sendJobs('due-downgrades', jobs.map((job) => ({ body: job as unknown as Record<string, unknown> })));
  return { queued: jobs.length };
}

export interface DueDowngradeOutcome {
  outcome: 'applied' | 'refused' | 'nothingDue';
  /** The provider subscription whose price is to follow the smaller plan from its next period. */
  followSubscription?: { subscriptionId: string; plan: Plan; cycle: BillingCycle };
}

/**
 * The worker's part: the company's downgrade when still due by the job's run (applyDueDowngrade:
 * applied, or refused with the counts); nothing when it was applied, withdrawn or rescheduled
 * meanwhile, so a redelivered message changes nothing twice. `redelivered`: a delivery after one
 * that may have applied the plan and then failed to move the subscription's price; the price is
 * then to follow again (the gateway's change is a no-op when the price is already the plan's).
 */
export async function applyDueDowngradeJob(job: DueDowngradeJob, redelivered = false): Promise<DueDowngradeOutcome> {
  const entry = await applyDueDowngrade(job.companyId, new Date(job.at), { kind: 'system' });
  if (entry?.event === 'downgrade_refused') return { outcome: 'refused' };
  if (!entry && !redelivered) return { outcome: 'nothingDue' };
  const company = await requireCompany(job.companyId);
  const follows = company.paymentSubscriptionId && (entry ? entry.event === 'plan_changed' : company.plan === job.plan && !company.scheduledPlan);
  return {
    outcome: entry ? 'applied' : 'nothingDue',
    followSubscription: follows ? { subscriptionId: company.paymentSubscriptionId!, plan: company.plan, cycle: company.billingCycle ?? 'monthly' } : undefined,
  };
}
