// Billing storage (issue 22): the company item's plan and billing state, the billing history (one
// item per entry in the company's partition), the one scheduled downgrade of a company, the claim
// of each payment-provider webhook event and the customer -> company lookup. Every change of the
// company's plan or billing state is written with its history entry in one transaction.
import type { BillingHistoryEntry } from '#shared/billing';
import type { Plan } from '#shared/enums';
import { ConflictError } from '#functions/lib/errors';
import { tableName } from '../client';
import { getItem, queryAll, queryPage, transactWrite, type TransactItem } from '../db';
import { keys } from '../keys';

/** Fields of the company item this module writes (besides plan and updatedAt). */
export interface BillingFields {
  billingStatus?: string | null;
  billingCycle?: string | null;
  currentPeriodEnd?: string | null;
  graceEndsAt?: string | null;
  trialEndsAt?: string | null;
  scheduledPlan?: Plan | null;
  scheduledPlanAt?: string | null;
  paymentCustomerId?: string | null;
  paymentSubscriptionId?: string | null;
}

export interface BillingChange {
  companyId: string;
  /** The plan the company must still be on (the change was decided on it); else ConflictError. */
  expectPlan: Plan;
  plan?: Plan;
  /** Set (a value) or removed (null). */
  fields?: BillingFields;
  entry?: BillingHistoryEntry;
  /** The scheduled downgrade: written (with its due instant), deleted (null), or left alone. */
  scheduled?: { plan: Plan; dueAt: string } | null;
  at: string;
  /** A payment-provider event this change answers: claimed in the same transaction (once only). */
  event?: { id: string; type: string };
}

/** The payment-provider event was handled before: nothing was written. */
export class PaymentEventReplayed extends Error {
  constructor(readonly eventId: string) {
    super(`payment event ${eventId} was handled already`);
    this.name = 'PaymentEventReplayed';
  }
}

/** The company's plan changed between the read a change was decided on and its write: nothing was written (409). */
export class BillingChangedMeanwhile extends ConflictError {
  constructor() {
    super('billing.changedMeanwhile');
  }
}

/**
 * A `plan_changed` entry that does not change the plan (fromPlan === toPlan), or does not describe
 * the change written with it (from the plan the write expects, to the plan it sets): refused before
 * anything is written. The history never shows a plan change to the plan the company was on (issue
 * 44: the provider's echo of an upgrade the product applied is a confirmation, not a second change).
 */
export class PlanChangeEntryRefused extends Error {
  constructor(readonly entry: Pick<BillingHistoryEntry, 'fromPlan' | 'toPlan'>, detail: string) {
    super(`plan change entry ${entry.fromPlan} -> ${entry.toPlan} refused: ${detail}`);
    this.name = 'PlanChangeEntryRefused';
  }
}

function checkPlanChangeEntry(change: BillingChange): void {
  const entry = change.entry;
  if (entry?.event !== 'plan_changed') return;
  if (entry.fromPlan === entry.toPlan) throw new PlanChangeEntryRefused(entry, 'the plan does not change');
  if (entry.fromPlan !== change.expectPlan || entry.toPlan !== change.plan) throw new PlanChangeEntryRefused(entry, `the write moves ${change.expectPlan} -> ${change.plan ?? change.expectPlan}`);
}

export function billingHistoryItem(entry: BillingHistoryEntry): Record<string, unknown> {
  return { ...keys.billingHistory(entry.companyId, entry.id), entity: 'billingHistory', ...entry };
}

/** Writes a plan/billing change and its history entry, all or nothing (a plan change entry always changes the plan). */
export async function writeBillingChange(change: BillingChange): Promise<void> {
  checkPlanChangeEntry(change);
  const table = tableName();
  const names: Record<string, string> = { '#plan': 'plan', '#updatedAt': 'updatedAt' };
  const values: Record<string, unknown> = { ':expect': change.expectPlan, ':at': change.at };
  const sets = ['#updatedAt = :at'];
  const removes: string[] = [];
  if (change.plan) {
    values[':plan'] = change.plan;
    sets.push('#plan = :plan');
  }
  Object.entries(change.fields ?? {}).forEach(([name, value], i) => {
    if (value === undefined) return;
    names[`#b${i}`] = name;
    if (value === null) removes.push(`#b${i}`);
    else {
      values[`:b${i}`] = value;
      sets.push(`#b${i} = :b${i}`);
    }
  });
  const items: TransactItem[] = [
    {
      Update: {
        TableName: table,
        Key: keys.company(change.companyId),
        UpdateExpression: `SET ${sets.join(', ')}${removes.length ? ` REMOVE ${removes.join(', ')}` : ''}`,
        ConditionExpression: 'attribute_exists(pk) AND #plan = :expect',
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
      },
    },
  ];
  if (change.entry) {
    items.push({ Put: { TableName: table, Item: billingHistoryItem(change.entry), ConditionExpression: 'attribute_not_exists(pk)' } });
  }
  if (change.scheduled) {
    items.push({
      Put: {
        TableName: table,
        Item: {
          ...keys.scheduledPlanChange(change.companyId),
          ...keys.scheduledPlanChangeIndex(change.companyId, change.scheduled.dueAt),
          entity: 'scheduledPlanChange',
          companyId: change.companyId,
          plan: change.scheduled.plan,
          dueAt: change.scheduled.dueAt,
        },
      },
    });
  } else if (change.scheduled === null) {
    items.push({ Delete: { TableName: table, Key: keys.scheduledPlanChange(change.companyId) } });
  }
  const claimAt = change.event ? items.push(paymentEventClaim(change.event.id, change.event.type, new Date(change.at))) - 1 : -1;
  // The event was handled already, or the company's plan changed meanwhile: nothing was written.
  await transactWrite(items, (failed) => (failed === claimAt ? new PaymentEventReplayed(change.event!.id) : new BillingChangedMeanwhile()));
}

/** The company's billing history, newest first (bounded: at most `limit` entries). */
export async function listBillingHistoryEntries(companyId: string, limit = 100): Promise<BillingHistoryEntry[]> {
  const page = await queryPage<BillingHistoryEntry>({
    partition: keys.companyPartition(companyId),
    beginsWith: keys.billingHistoryPrefix,
    newestFirst: true,
    limit,
  });
  return page.items;
}

export interface ScheduledPlanChange {
  companyId: string;
  plan: Plan;
  dueAt: string;
}

/** Downgrades due at or before `now`, across companies (the scheduled job only). */
export async function listDueScheduledPlanChanges(now: Date): Promise<ScheduledPlanChange[]> {
  const due = await queryAll<ScheduledPlanChange>({ index: 'gsi1', partition: keys.scheduledPlanChanges }, 500);
  return due.filter((item) => new Date(item.dueAt).getTime() <= now.getTime());
}

/**
 * Claims a payment-provider event id once (conditional put). False when it was claimed before: the
 * event was handled already and must change nothing. Kept 30 days (Stripe retries for 3).
 */
export function paymentEventClaim(eventId: string, type: string, now: Date): TransactItem {
  return {
    Put: {
      TableName: tableName(),
      Item: { ...keys.paymentEvent(eventId), entity: 'paymentEvent', type, receivedAt: now.toISOString(), expiresAt: Math.floor(now.getTime() / 1000) + 30 * 86_400 },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
}

export async function isPaymentEventHandled(eventId: string): Promise<boolean> {
  return (await getItem(keys.paymentEvent(eventId), { consistent: true })) !== undefined;
}

/** Records the event id as handled (events that change nothing); false when it already was (a replay). */
export async function claimPaymentEvent(eventId: string, type: string, now: Date): Promise<boolean> {
  try {
    await transactWrite([paymentEventClaim(eventId, type, now)], () => new PaymentEventReplayed(eventId));
    return true;
  } catch (error) {
    if (error instanceof PaymentEventReplayed) return false;
    throw error;
  }
}

export async function rememberPaymentCustomer(customerId: string, companyId: string): Promise<void> {
  await transactWrite(
    [{ Put: { TableName: tableName(), Item: { ...keys.paymentCustomer(customerId), entity: 'paymentCustomer', companyId } } }],
    () => new ConflictError(),
  );
}

export async function companyOfPaymentCustomer(customerId: string): Promise<string | undefined> {
  return (await getItem<{ companyId: string }>(keys.paymentCustomer(customerId)))?.companyId;
}
