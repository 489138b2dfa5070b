// Stripe's webhook event shapes (the `stripe` package's types: Event, Checkout.Session, Subscription,
// Invoice), built for the local checkout stand-in and the tests. Only the fields a consumer reads
// are filled in beyond the envelope; everything is what Stripe's API version of the package sends
// (e.g. the period on the subscription item, the subscription under invoice.parent).
import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';
import type { CheckoutPlan } from '../shared/billing';
import type { BillingCycle } from '../shared/plans';

export const LOCAL_WEBHOOK_SECRET = process.env.LOCAL_STRIPE_WEBHOOK_SECRET || 'whsec_local_rentalops_stand_in';

export const localId = (prefix: string) => `${prefix}_local_${randomBytes(9).toString('hex')}`;
const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

export interface LocalSubscription {
  id: string;
  customer: string;
  companyId: string;
  plan: CheckoutPlan;
  cycle: BillingCycle;
  priceId: string;
  status: Stripe.Subscription.Status;
  periodStart: Date;
  periodEnd: Date;
  cancelAtPeriodEnd: boolean;
  endedAt?: Date | null;
}

export function nextPeriodEnd(start: Date, cycle: BillingCycle): Date {
  const end = new Date(start);
  if (cycle === 'yearly') end.setUTCFullYear(end.getUTCFullYear() + 1);
  else end.setUTCMonth(end.getUTCMonth() + 1);
  return end;
}

function envelope<T extends Stripe.Event['type']>(type: T, object: unknown, at: Date, previous?: Record<string, unknown>): Stripe.Event {
  return {
    id: localId('evt'),
    object: 'event',
    api_version: Stripe.API_VERSION,
    created: seconds(at),
    data: { object, ...(previous ? { previous_attributes: previous } : {}) },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
  } as unknown as Stripe.Event;
}

export function subscriptionObject(sub: LocalSubscription): Stripe.Subscription {
  const metadata = { companyId: sub.companyId, plan: sub.plan, cycle: sub.cycle };
  return {
    id: sub.id,
    object: 'subscription',
    customer: sub.customer,
    status: sub.status,
    metadata,
    cancel_at_period_end: sub.cancelAtPeriodEnd,
    cancel_at: sub.cancelAtPeriodEnd ? seconds(sub.periodEnd) : null,
    canceled_at: sub.cancelAtPeriodEnd || sub.endedAt ? seconds(new Date()) : null,
    ended_at: sub.endedAt ? seconds(sub.endedAt) : null,
    created: seconds(sub.periodStart),
    start_date: seconds(sub.periodStart),
    livemode: false,
    items: {
      object: 'list',
      has_more: false,
      url: `/v1/subscription_items?subscription=${sub.id}`,
      data: [
        {
          id: `si_${sub.id.slice(4)}`,
          object: 'subscription_item',
          subscription: sub.id,
          quantity: 1,
          metadata: {},
          current_period_start: seconds(sub.periodStart),
          current_period_end: seconds(sub.periodEnd),
          price: {
            id: sub.priceId,
            object: 'price',
            active: true,
            currency: 'usd',
            type: 'recurring',
            recurring: { interval: sub.cycle === 'yearly' ? 'year' : 'month', interval_count: 1, usage_type: 'licensed', meter: null, trial_period_days: null },
          },
        },
      ],
    },
  } as unknown as Stripe.Subscription;
}

export function checkoutCompletedEvent(input: { sessionId: string; sub: LocalSubscription; at: Date; successUrl: string; cancelUrl?: string | null }): Stripe.Event {
  const { sub } = input;
  const session = {
    id: input.sessionId,
    object: 'checkout.session',
    mode: 'subscription',
    status: 'complete',
    payment_status: 'paid',
    client_reference_id: sub.companyId,
    customer: sub.customer,
    subscription: sub.id,
    metadata: { companyId: sub.companyId, plan: sub.plan, cycle: sub.cycle },
    success_url: input.successUrl,
    cancel_url: input.cancelUrl ?? null,
    currency: 'usd',
    created: seconds(input.at),
    livemode: false,
  } as unknown as Stripe.Checkout.Session;
  return envelope('checkout.session.completed', session, input.at);
}

export function subscriptionEvent(type: 'customer.subscription.created' | 'customer.subscription.updated' | 'customer.subscription.deleted', sub: LocalSubscription, at: Date, previous?: Record<string, unknown>): Stripe.Event {
  return envelope(type, subscriptionObject(sub), at, previous);
}

export function invoiceEvent(type: 'invoice.paid' | 'invoice.payment_failed', sub: LocalSubscription, at: Date, billingReason: Stripe.Invoice.BillingReason, amountCents: number): Stripe.Event {
  const invoice = {
    id: localId('in'),
    object: 'invoice',
    customer: sub.customer,
    status: type === 'invoice.paid' ? 'paid' : 'open',
    billing_reason: billingReason,
    currency: 'usd',
    amount_due: amountCents,
    amount_paid: type === 'invoice.paid' ? amountCents : 0,
    created: seconds(at),
    livemode: false,
    period_start: seconds(sub.periodStart),
    period_end: seconds(sub.periodEnd),
    parent: {
      type: 'subscription_details',
      quote_details: null,
      subscription_details: { subscription: sub.id, metadata: { companyId: sub.companyId, plan: sub.plan, cycle: sub.cycle } },
    },
    lines: {
      object: 'list',
      has_more: false,
      url: '/v1/invoices/lines',
      data: [
        {
          id: localId('il'),
          object: 'line_item',
          amount: amountCents,
          currency: 'usd',
          period: { start: seconds(sub.periodStart), end: seconds(sub.periodEnd) },
          pricing: { type: 'price_details', price_details: { price: sub.priceId, product: `prod_local_${sub.plan}` }, unit_amount_decimal: String(amountCents) },
          quantity: 1,
        },
      ],
    },
  } as unknown as Stripe.Invoice;
  return envelope(type, invoice, at);
}

/** The Stripe-Signature header of `payload` (Stripe's own test helper, so the same verification runs). */
export function signPayload(payload: string, secret = LOCAL_WEBHOOK_SECRET, at = new Date()): string {
  return Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp: seconds(at) });
}
