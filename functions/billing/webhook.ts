// The payment provider's webhook events (Stripe's shapes; the route verified the signature first).
// Each event is handled once: its id is claimed with a conditional put in the same transaction as
// the change it makes (or alone when it changes nothing), so a redelivered event changes nothing.
// The company's plan follows the subscription's state:
//   active (or trialing)      -> the subscription's plan, billingStatus active, its period end;
//   past_due / unpaid         -> the plan is kept for PAYMENT_GRACE_DAYS, then the company is read-only;
//   cancel_at_period_end      -> cancelled, writable until the end of the paid period, read-only after;
//   canceled (deleted)        -> cancelled: read-only from when it ended;
//   invoice.paid on a renewal -> a downgrade due at the period end is applied (or refused with the counts).
import type Stripe from 'stripe';
import { PAYMENT_GRACE_DAYS, isCheckoutPlan, type BillingStatus, type CheckoutPlan } from '#shared/billing';
import type { BillingCycle } from '#shared/plans';
import type { Company } from '#shared/schemas';
import { getCompany } from '#functions/data/repositories/companies';
import {
  BillingChangedMeanwhile,
  PaymentEventReplayed,
  claimPaymentEvent,
  companyOfPaymentCustomer,
  isPaymentEventHandled,
  rememberPaymentCustomer,
} from '#functions/data/repositories/billing';
import { logger } from '#functions/lib/logger';
import { currentCompany, withCompany, withoutCompany } from '#functions/lib/tenant';
import { applyDueDowngrade, changeBillingState, changePlan, type BillingStateChange, type ChangedBy } from './plan-change';

export type PlanOfPrice = (priceId: string | null | undefined) => { plan: CheckoutPlan; cycle: BillingCycle } | undefined;

export interface WebhookOutcome {
  /** replayed: the event id was handled before; ignored: nothing of ours; handled: applied. */
  status: 'handled' | 'replayed' | 'ignored';
  companyId?: string;
  /** An applied downgrade the provider's subscription must follow from its next period. */
  followSubscription?: { subscriptionId: string; plan: CheckoutPlan; cycle: BillingCycle };
}

const STRIPE: ChangedBy = { kind: 'stripe' };
const DAY_MS = 86_400_000;

const idOf = (value: string | { id: string } | null | undefined) => (typeof value === 'string' ? value : value?.id);
const isoOf = (seconds: number | null | undefined) => (seconds ? new Date(seconds * 1000).toISOString() : null);

/**
 * The company a verified event names: its metadata's (or the checkout's reference), else the one
 * its customer was remembered for (PAYMENTCUSTOMER#, read on the function's own role: the company
 * is not known yet).
 */
async function companyIdFor(metadata: Stripe.Metadata | null | undefined, customer: string | { id: string } | null | undefined, reference?: string | null): Promise<string | undefined> {
  const byMetadata = metadata?.companyId ?? reference ?? undefined;
  if (byMetadata) return byMetadata;
  const customerId = idOf(customer);
  return customerId ? companyOfPaymentCustomer(customerId) : undefined;
}

/** The company an event of a type we handle names (undefined: none of ours, or a type we ignore). */
function companyIdOfEvent(event: Stripe.Event): Promise<string | undefined> {
  switch (event.type) {
    case 'checkout.session.completed':
      return companyIdFor(event.data.object.metadata, event.data.object.customer, event.data.object.client_reference_id);
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
      return companyIdFor(event.data.object.metadata, event.data.object.customer);
    case 'invoice.paid':
    case 'invoice.payment_failed':
      return companyIdFor(event.data.object.parent?.subscription_details?.metadata, event.data.object.customer);
    default:
      return Promise.resolve(undefined);
  }
}

/** The company the event acts for (the current context's: handleOnce sets it), if it exists. */
async function companyFor(): Promise<Company | undefined> {
  const companyId = currentCompany();
  return companyId ? getCompany(companyId) : undefined;
}

/** Remembers the customer's company (PAYMENTCUSTOMER#: no company's partition, the function's own role). */
const rememberCustomer = (customerId: string, companyId: string) => withoutCompany(() => rememberPaymentCustomer(customerId, companyId));

function subscriptionState(subscription: Stripe.Subscription, planOfPrice: PlanOfPrice) {
  const item = subscription.items?.data?.[0];
  const sold = planOfPrice(item?.price?.id) ?? (isCheckoutPlan(subscription.metadata?.plan ?? '') ? { plan: subscription.metadata.plan as CheckoutPlan, cycle: (item?.price?.recurring?.interval === 'year' ? 'yearly' : 'monthly') as BillingCycle } : undefined);
  return { sold, periodEnd: isoOf(item?.current_period_end) };
}

function billingStatusOf(status: Stripe.Subscription.Status): BillingStatus | undefined {
  if (status === 'active' || status === 'trialing') return 'active';
  if (status === 'past_due' || status === 'unpaid') return 'past_due';
  if (status === 'canceled' || status === 'incomplete_expired') return 'cancelled';
  return undefined; // incomplete, paused: nothing changes until it settles
}

/** The grace of a payment that just failed (kept when the company was already past due). */
function graceOf(company: Company, now: Date): string {
  if (company.billingStatus === 'past_due' && company.graceEndsAt) return company.graceEndsAt;
  return new Date(now.getTime() + PAYMENT_GRACE_DAYS * DAY_MS).toISOString();
}

async function onSubscription(event: Stripe.Event, subscription: Stripe.Subscription, planOfPrice: PlanOfPrice, now: Date): Promise<WebhookOutcome> {
  const company = await companyFor();
  if (!company) return ignore(event);
  const customerId = idOf(subscription.customer);
  if (customerId) await rememberCustomer(customerId, company.id);
  const claim = { id: event.id, type: event.type };
  const { sold, periodEnd } = subscriptionState(subscription, planOfPrice);
  // Cancelled in the portal: paid until the period end (writable until then), read-only after.
  const cancelling = subscription.cancel_at_period_end && billingStatusOf(subscription.status) === 'active';
  const status = event.type === 'customer.subscription.deleted' || cancelling ? 'cancelled' : billingStatusOf(subscription.status);
  const ids = { paymentCustomerId: customerId ?? null, paymentSubscriptionId: subscription.id };
  if (status === 'cancelled') {
    const endsAt = (cancelling ? periodEnd : isoOf(subscription.ended_at) ?? periodEnd) ?? now.toISOString();
    await changeBillingState({ companyId: company.id, event: 'subscription_cancelled', billing: { billingStatus: 'cancelled', currentPeriodEnd: endsAt, graceEndsAt: null, ...ids }, by: STRIPE, at: now, paymentEvent: claim });
    return { status: 'handled', companyId: company.id };
  }
  if (status === 'past_due') {
    const billing: BillingStateChange = { billingStatus: 'past_due', graceEndsAt: graceOf(company, now), currentPeriodEnd: periodEnd, ...ids };
    await changeBillingState({ companyId: company.id, event: 'payment_failed', billing, by: STRIPE, at: now, paymentEvent: claim, reason: `subscription ${subscription.status}` });
    return { status: 'handled', companyId: company.id };
  }
  if (status !== 'active' || !sold) return claimOnly(event, company.id, now);
  const billing: BillingStateChange = { billingStatus: 'active', billingCycle: sold.cycle, currentPeriodEnd: periodEnd, graceEndsAt: null, ...ids };
  // A downgrade asked for here waits for its date (the renewal applies it): the subscription's
  // lower price is not applied early.
  const waiting = company.scheduledPlan === sold.plan;
  if (sold.plan !== company.plan && !waiting) {
    await changePlan({ companyId: company.id, plan: sold.plan, by: STRIPE, at: now, billing, event: claim, reason: event.type });
  } else {
    const changed = company.billingStatus !== 'active' || company.currentPeriodEnd !== periodEnd || company.billingCycle !== sold.cycle || company.paymentSubscriptionId !== subscription.id;
    if (!changed) return claimOnly(event, company.id, now);
    const wasPastDue = company.billingStatus === 'past_due';
    // The subscription's price moved to the plan the company is already on: the provider confirms
    // a change the product applied (an upgrade), recorded as such, never as a plan change.
    const priceMoved = !!(event.data as { previous_attributes?: { items?: unknown } }).previous_attributes?.items;
    const reason = priceMoved && sold.plan === company.plan ? `${event.type}: confirms ${sold.plan}` : event.type;
    await changeBillingState({ companyId: company.id, event: wasPastDue ? 'payment_succeeded' : 'subscription_updated', billing, by: STRIPE, at: now, paymentEvent: claim, reason });
  }
  return { status: 'handled', companyId: company.id };
}

async function onCheckoutCompleted(event: Stripe.Event, session: Stripe.Checkout.Session, now: Date): Promise<WebhookOutcome> {
  const company = await companyFor();
  if (!company || session.mode !== 'subscription') return ignore(event);
  const customerId = idOf(session.customer);
  if (customerId) await rememberCustomer(customerId, company.id);
  const plan = session.metadata?.plan ?? '';
  const cycle: BillingCycle = session.metadata?.cycle === 'yearly' ? 'yearly' : 'monthly';
  const billing: BillingStateChange = { billingStatus: 'active', billingCycle: cycle, graceEndsAt: null, paymentCustomerId: customerId ?? null, paymentSubscriptionId: idOf(session.subscription) ?? null };
  const claim = { id: event.id, type: event.type };
  if (!isCheckoutPlan(plan)) return claimOnly(event, company.id, now);
  if (plan !== company.plan) await changePlan({ companyId: company.id, plan, by: STRIPE, at: now, billing, event: claim, reason: 'checkout' });
  else await changeBillingState({ companyId: company.id, event: 'payment_succeeded', billing, by: STRIPE, at: now, paymentEvent: claim, reason: 'checkout' });
  return { status: 'handled', companyId: company.id };
}

async function onInvoice(event: Stripe.Event, invoice: Stripe.Invoice, planOfPrice: PlanOfPrice, now: Date): Promise<WebhookOutcome> {
  const details = invoice.parent?.subscription_details;
  const company = await companyFor();
  if (!company) return ignore(event);
  const claim = { id: event.id, type: event.type };
  if (event.type === 'invoice.payment_failed') {
    const billing: BillingStateChange = { billingStatus: 'past_due', graceEndsAt: graceOf(company, now) };
    await changeBillingState({ companyId: company.id, event: 'payment_failed', billing, by: STRIPE, at: now, paymentEvent: claim, reason: invoice.id ?? undefined });
    return { status: 'handled', companyId: company.id };
  }
  // invoice.paid: a renewal applies a downgrade due by now; a payment after a failure ends the grace.
  const periodEnd = isoOf(invoice.lines?.data?.[0]?.period?.end);
  const paid: BillingStateChange = { billingStatus: 'active', graceEndsAt: null, ...(periodEnd ? { currentPeriodEnd: periodEnd } : {}) };
  // The renewal's invoice opens the new period: a downgrade scheduled for its start is due, even if
  // this event comes a little before our clock reaches it.
  const periodStart = invoice.billing_reason === 'subscription_cycle' ? invoice.lines?.data?.[0]?.period?.start : undefined;
  const dueBy = new Date(Math.max(now.getTime(), (periodStart ?? 0) * 1000));
  if (company.scheduledPlan && company.scheduledPlanAt && new Date(company.scheduledPlanAt).getTime() <= dueBy.getTime()) {
    const entry = await applyDueDowngrade(company.id, dueBy, STRIPE, claim, paid);
    const subscriptionId = idOf(details?.subscription);
    const applied = entry?.event === 'plan_changed' && isCheckoutPlan(entry.toPlan) ? entry.toPlan : undefined;
    const cycle = company.billingCycle ?? planOfPrice(idOf(invoice.lines?.data?.[0]?.pricing?.price_details?.price))?.cycle ?? 'monthly';
    return { status: 'handled', companyId: company.id, ...(applied && subscriptionId ? { followSubscription: { subscriptionId, plan: applied, cycle } } : {}) };
  }
  if (company.billingStatus === 'past_due') {
    await changeBillingState({ companyId: company.id, event: 'payment_succeeded', billing: paid, by: STRIPE, at: now, paymentEvent: claim, reason: invoice.id ?? undefined });
    return { status: 'handled', companyId: company.id };
  }
  return claimOnly(event, company.id, now);
}

async function claimOnly(event: Stripe.Event, companyId: string | undefined, now: Date): Promise<WebhookOutcome> {
  return (await claimPaymentEvent(event.id, event.type, now)) ? { status: 'handled', companyId } : { status: 'replayed', companyId };
}

function ignore(event: Stripe.Event): WebhookOutcome {
  logger.info('Payment event ignored (not one of ours)', { eventId: event.id, type: event.type });
  return { status: 'ignored' };
}

/** Attempts at an event whose company changed plan between the read and the write (each re-reads it). */
const ATTEMPTS = 3;

/**
 * Handles one verified event once; a replay (same id) answers `replayed` and changes nothing. When
 * the company's plan changed while the event was being handled (e.g. the product applied the very
 * upgrade this event confirms), nothing was written and the event is handled again on what the
 * company is now, so a confirmation is recorded as one, never as a plan change.
 */
export async function handlePaymentEvent(event: Stripe.Event, planOfPrice: PlanOfPrice, now = new Date()): Promise<WebhookOutcome> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await handleOnce(event, planOfPrice, now);
    } catch (error) {
      if (!(error instanceof BillingChangedMeanwhile) || attempt >= ATTEMPTS) throw error;
      logger.info('Payment event: the company changed meanwhile, handled again', { eventId: event.id, type: event.type, attempt });
    }
  }
}

async function handleOnce(event: Stripe.Event, planOfPrice: PlanOfPrice, now: Date): Promise<WebhookOutcome> {
  // The claim's check and the company's lookup are the function's own (PAYMENTEVENT#,
  // PAYMENTCUSTOMER#: the route's companyFromToken); the event is then handled for the company it
  // names, with its scoped credentials in AWS (docs/tenant-fence.md). An event naming none is ignored.
  if (await isPaymentEventHandled(event.id)) return { status: 'replayed' };
  const companyId = await companyIdOfEvent(event);
  if (!companyId) return ignore(event);
  return withCompany(companyId, () => handleFor(event, planOfPrice, now));
}

async function handleFor(event: Stripe.Event, planOfPrice: PlanOfPrice, now: Date): Promise<WebhookOutcome> {
  try {
    switch (event.type) {
      case 'checkout.session.completed':
        return await onCheckoutCompleted(event, event.data.object, now);
      case 'customer.subscription.created':
      case 'customer.subscription.updated':
      case 'customer.subscription.deleted':
        return await onSubscription(event, event.data.object, planOfPrice, now);
      case 'invoice.paid':
      case 'invoice.payment_failed':
        return await onInvoice(event, event.data.object, planOfPrice, now);
      default:
        return ignore(event);
    }
  } catch (error) {
    if (error instanceof PaymentEventReplayed) return { status: 'replayed' };
    throw error;
  }
}
