// The payment stand-in of `npm start` and the tests (issue 22), configured by local/ports.ts in place
// of Stripe. Checkout answers the URL of a local page (/dev/checkout/<id>, served by local/dev-server.ts)
// showing the plan and its price with "Pay" and "Decline": Pay sends the events Stripe would
// (checkout.session.completed, customer.subscription.created, invoice.paid), signed with a local
// secret by Stripe's own generateTestHeaderString, to POST /api/billing/webhook, so the same
// verification and handling run; then the browser goes to the success URL. Decline goes to the cancel
// URL. The portal (/dev/billing-portal/<id>) lists the billing history and allows cancelling (at the
// period end, as Stripe's portal does), plus two local-only buttons: a renewal now and a failed payment.
import type { IncomingMessage, ServerResponse } from 'node:http';
import Stripe from 'stripe';
import type { CheckoutPlan } from '../shared/billing';
import { PLAN_DEFINITIONS, YEARLY_PAID_MONTHS, type BillingCycle } from '../shared/plans';
import { listBillingHistory } from '../functions/billing/plan-change';
import { WebhookSignatureError, planOfPrice, type CheckoutInput, type PaymentEvent, type PaymentGateway, type PriceCatalog } from '../functions/payments/port';
import { invoke } from './invoke';
import {
  LOCAL_WEBHOOK_SECRET,
  checkoutCompletedEvent,
  invoiceEvent,
  localId,
  nextPeriodEnd,
  signPayload,
  subscriptionEvent,
  type LocalSubscription,
} from './payments-events';

export const LOCAL_PRICES: PriceCatalog = {
  basic: { monthly: 'price_local_basic_monthly', yearly: 'price_local_basic_yearly' },
  professional: { monthly: 'price_local_professional_monthly', yearly: 'price_local_professional_yearly' },
};

interface LocalSession extends CheckoutInput {
  id: string;
  status: 'open' | 'complete' | 'declined';
}

/** How a signed event reaches the webhook route (default: through the route table, as the local server does). */
export type WebhookDelivery = (payload: string, signature: string) => Promise<{ status: number; body: unknown }>;

const deliverThroughRoute: WebhookDelivery = async (payload, signature) => {
  const result = await invoke('POST', '/api/billing/webhook', { body: payload, headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature } });
  return { status: result.status, body: result.body };
};

export const priceCents = (plan: CheckoutPlan, cycle: BillingCycle) => (PLAN_DEFINITIONS[plan].monthlyPriceUsd ?? 0) * 100 * (cycle === 'yearly' ? YEARLY_PAID_MONTHS : 1);

export class LocalPaymentGateway implements PaymentGateway {
  readonly sessions = new Map<string, LocalSession>();
  readonly subscriptions = new Map<string, LocalSubscription>();
  private readonly portals = new Map<string, { customerId: string; companyId: string; returnUrl: string }>();
  private readonly customers = new Map<string, string>(); // companyId -> customer

  constructor(
    private readonly deliver: WebhookDelivery = deliverThroughRoute,
    private readonly secret = LOCAL_WEBHOOK_SECRET,
  ) {}

  async prices(): Promise<PriceCatalog> {
    return LOCAL_PRICES;
  }

  async createCheckoutSession(input: CheckoutInput): Promise<{ id: string; url: string }> {
    const id = localId('cs');
    this.sessions.set(id, { ...input, id, status: 'open' });
    return { id, url: `${new URL(input.successUrl).origin}/dev/checkout/${id}` };
  }

  async createPortalSession(input: { customerId: string; companyId: string; returnUrl: string }): Promise<{ url: string }> {
    const id = localId('bps');
    this.portals.set(id, input);
    return { url: `${new URL(input.returnUrl).origin}/dev/billing-portal/${id}` };
  }

  async verifyWebhook(rawBody: string, signatureHeader: string | undefined): Promise<PaymentEvent> {
    if (!signatureHeader) throw new WebhookSignatureError('missing Stripe-Signature header');
    try {
      return Stripe.webhooks.constructEvent(rawBody, signatureHeader, this.secret);
    } catch (error) {
      throw new WebhookSignatureError((error as Error).message);
    }
  }

  async changeSubscriptionPrice(input: { subscriptionId: string; priceId: string; prorate: boolean }): Promise<void> {
    const sub = this.subscriptions.get(input.subscriptionId);
    const sold = planOfPrice(LOCAL_PRICES, input.priceId);
    if (!sub || !sold || sub.priceId === input.priceId) return;
    const previous = { items: { data: [{ price: { id: sub.priceId } }] } };
    Object.assign(sub, { plan: sold.plan, cycle: sold.cycle, priceId: input.priceId });
    // Stripe answers the update at once and tells the webhook afterwards: sent after this call returns.
    const later = new Promise<void>((resolve) => setImmediate(resolve))
      .then(() => this.send(subscriptionEvent('customer.subscription.updated', sub, new Date(), previous)))
      .then(() => undefined, (error: unknown) => console.error('[payments] subscription update not delivered', error))
      .finally(() => this.pending.delete(later));
    this.pending.add(later);
  }

  private readonly pending = new Set<Promise<void>>();
  /** Resolves once the events sent after an answer (as Stripe does) are delivered (tests). */
  async settled(): Promise<void> {
    while (this.pending.size) await Promise.all([...this.pending]);
  }

  /** Signs and delivers one event; answers the webhook route's status. */
  async send(event: Stripe.Event): Promise<number> {
    const payload = JSON.stringify(event, null, 2);
    const { status } = await this.deliver(payload, signPayload(payload, this.secret));
    if (status !== 200) throw new Error(`webhook answered ${status} to ${event.type}`);
    return status;
  }

  /** "Pay": the subscription starts now; the events Stripe sends, in its order. Answers the success URL. */
  async pay(sessionId: string, now = new Date()): Promise<string> {
    const session = this.sessions.get(sessionId);
    if (!session || session.status !== 'open') throw new Error('This checkout is not open');
    session.status = 'complete';
    const customer = session.customerId ?? this.customers.get(session.companyId) ?? localId('cus');
    this.customers.set(session.companyId, customer);
    const sub: LocalSubscription = {
      id: localId('sub'),
      customer,
      companyId: session.companyId,
      plan: session.plan,
      cycle: session.cycle,
      priceId: LOCAL_PRICES[session.plan][session.cycle],
      status: 'active',
      periodStart: now,
      periodEnd: nextPeriodEnd(now, session.cycle),
      cancelAtPeriodEnd: false,
    };
    this.subscriptions.set(sub.id, sub);
    await this.send(checkoutCompletedEvent({ sessionId, sub, at: now, successUrl: session.successUrl, cancelUrl: session.cancelUrl }));
    await this.send(subscriptionEvent('customer.subscription.created', sub, now));
    await this.send(invoiceEvent('invoice.paid', sub, now, 'subscription_create', priceCents(sub.plan, sub.cycle)));
    return session.successUrl;
  }

  /** "Decline": nothing is sent; answers the cancel URL. */
  decline(sessionId: string): string {
    const session = this.sessions.get(sessionId);
    if (!session || session.status !== 'open') throw new Error('This checkout is not open');
    session.status = 'declined';
    return session.cancelUrl;
  }

  subscriptionOf(companyId: string): LocalSubscription | undefined {
    return [...this.subscriptions.values()].reverse().find((sub) => sub.companyId === companyId && !sub.endedAt);
  }

  /** The portal's "Cancel subscription": at the period end, as Stripe's portal does by default. */
  async cancelAtPeriodEnd(companyId: string, now = new Date()): Promise<void> {
    const sub = this.requireSubscription(companyId);
    sub.cancelAtPeriodEnd = true;
    await this.send(subscriptionEvent('customer.subscription.updated', sub, now, { cancel_at_period_end: false }));
  }

  /** Local only: the period ends now and renews (invoice.paid of a cycle, then the new period). */
  async renew(companyId: string, now = new Date()): Promise<void> {
    const sub = this.requireSubscription(companyId);
    if (sub.cancelAtPeriodEnd) {
      sub.status = 'canceled';
      sub.endedAt = now;
      await this.send(subscriptionEvent('customer.subscription.deleted', sub, now));
      return;
    }
    sub.periodStart = now;
    sub.periodEnd = nextPeriodEnd(now, sub.cycle);
    await this.send(invoiceEvent('invoice.paid', sub, now, 'subscription_cycle', priceCents(sub.plan, sub.cycle)));
    await this.send(subscriptionEvent('customer.subscription.updated', sub, now));
  }

  /** Local only: the renewal's payment fails (invoice.payment_failed, then the subscription past due). */
  async failPayment(companyId: string, now = new Date()): Promise<void> {
    const sub = this.requireSubscription(companyId);
    sub.status = 'past_due';
    await this.send(invoiceEvent('invoice.payment_failed', sub, now, 'subscription_cycle', priceCents(sub.plan, sub.cycle)));
    await this.send(subscriptionEvent('customer.subscription.updated', sub, now, { status: 'active' }));
  }

  portal(id: string) {
    return this.portals.get(id);
  }

  private requireSubscription(companyId: string): LocalSubscription {
    const sub = this.subscriptionOf(companyId);
    if (!sub) throw new Error('No subscription for this company');
    return sub;
  }
}

/** The stand-in configured last (local/ports.ts), whose pages the dev server serves. */
let active: LocalPaymentGateway | undefined;
export function setActiveLocalPayments(gateway: LocalPaymentGateway): void {
  active = gateway;
}
export const activeLocalPayments = () => active;

// ---- The dev pages -------------------------------------------------------------------------------

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
const page = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escape(title)}</title><meta name="viewport" content="width=device-width,initial-scale=1">` +
  `<style>body{font-family:system-ui,sans-serif;max-width:560px;margin:40px auto;padding:0 16px;color:#1f2937}.card{border:1px solid #e5e7eb;border-radius:12px;padding:24px}` +
  `button{font-size:16px;padding:10px 18px;border-radius:8px;border:1px solid #d1d5db;cursor:pointer;margin-right:8px}button.primary{background:#635bff;color:#fff;border-color:#635bff}` +
  `table{width:100%;border-collapse:collapse;font-size:14px}td,th{text-align:left;padding:6px;border-bottom:1px solid #f3f4f6}.note{color:#6b7280;font-size:13px}</style></head>` +
  `<body><p class="note">Local payment stand-in (Stripe in AWS)</p>${body}</body></html>`;

const form = (action: string, label: string, testId: string, primary = false) =>
  `<form method="post" action="${escape(action)}" style="display:inline"><button type="submit" data-testid="${testId}"${primary ? ' class="primary"' : ''}>${escape(label)}</button></form>`;

function checkoutPage(session: LocalSession): string {
  const cents = priceCents(session.plan, session.cycle);
  const price = `$${(cents / 100).toFixed(2)} / ${session.cycle === 'yearly' ? 'year' : 'month'}`;
  return page(
    'Checkout',
    `<div class="card"><h1>RentalOps — ${escape(session.plan)} plan</h1>` +
      `<p data-testid="checkout-plan">Plan: <strong>${escape(session.plan)}</strong> (${escape(session.cycle)})</p>` +
      `<p data-testid="checkout-price">Price: <strong>${escape(price)}</strong></p>` +
      `<p class="note">Card: 4242 4242 4242 4242 (nothing is charged locally)</p>` +
      form(`/dev/checkout/${session.id}/pay`, 'Pay', 'checkout-pay', true) +
      form(`/dev/checkout/${session.id}/decline`, 'Decline', 'checkout-decline') +
      `</div>`,
  );
}

async function portalPage(id: string, portal: { companyId: string; returnUrl: string }, sub: LocalSubscription | undefined): Promise<string> {
  const history = await listBillingHistory(portal.companyId);
  const rows = history
    .map((entry) => `<tr><td>${escape(entry.at.slice(0, 16).replace('T', ' '))}</td><td>${escape(entry.event)}</td><td>${escape(entry.fromPlan)} → ${escape(entry.toPlan)}</td><td>${escape(entry.by.kind)}</td></tr>`)
    .join('');
  const state = sub
    ? `<p data-testid="portal-subscription">Subscription: <strong>${escape(sub.plan)}</strong> (${escape(sub.cycle)}), ${escape(sub.status)}${sub.cancelAtPeriodEnd ? ', cancels' : ', renews'} on ${escape(sub.periodEnd.toISOString().slice(0, 10))}</p>`
    : '<p>No active subscription.</p>';
  const actions = sub
    ? (sub.cancelAtPeriodEnd ? '' : form(`/dev/billing-portal/${id}/cancel`, 'Cancel subscription', 'portal-cancel')) +
      form(`/dev/billing-portal/${id}/renew`, 'Renew now (local)', 'portal-renew') +
      form(`/dev/billing-portal/${id}/fail`, 'Fail next payment (local)', 'portal-fail')
    : '';
  return page(
    'Billing portal',
    `<div class="card"><h1>Billing</h1>${state}<p>${actions}</p>` +
      `<h2>History</h2><table data-testid="portal-history"><tr><th>When</th><th>What</th><th>Plan</th><th>By</th></tr>${rows}</table>` +
      `<p><a href="${escape(portal.returnUrl)}" data-testid="portal-return">Back to RentalOps</a></p></div>`,
  );
}

const redirect = (res: ServerResponse, location: string) => {
  res.writeHead(303, { location });
  res.end();
};
const html = (res: ServerResponse, status: number, body: string) => {
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
  res.end(body);
};

/** The stand-in's pages under /dev/checkout and /dev/billing-portal; false for any other path. */
export async function handleDevPaymentsRequest(req: IncomingMessage, res: ServerResponse): Promise<boolean> {
  const { pathname } = new URL(req.url ?? '/', 'http://localhost');
  const checkout = /^\/dev\/checkout\/([\w-]+)(?:\/(pay|decline))?$/.exec(pathname);
  const portal = /^\/dev\/billing-portal\/([\w-]+)(?:\/(cancel|renew|fail))?$/.exec(pathname);
  if (!checkout && !portal) return false;
  const gateway = active;
  if (!gateway) {
    html(res, 404, page('Not found', '<p>The local payment stand-in is not configured.</p>'));
    return true;
  }
  try {
    if (checkout) {
      const [, id, action] = checkout;
      const session = gateway.sessions.get(id);
      if (!session) return html(res, 404, page('Not found', '<p>No such checkout.</p>')), true;
      if (!action && req.method === 'GET') return html(res, 200, checkoutPage(session)), true;
      if (action && req.method === 'POST') return redirect(res, action === 'pay' ? await gateway.pay(id) : gateway.decline(id)), true;
    } else if (portal) {
      const [, id, action] = portal;
      const found = gateway.portal(id);
      if (!found) return html(res, 404, page('Not found', '<p>No such portal session.</p>')), true;
      if (!action && req.method === 'GET') return html(res, 200, await portalPage(id, found, gateway.subscriptionOf(found.companyId))), true;
      if (action && req.method === 'POST') {
        if (action === 'cancel') await gateway.cancelAtPeriodEnd(found.companyId);
        else if (action === 'renew') await gateway.renew(found.companyId);
        else await gateway.failPayment(found.companyId);
        return redirect(res, `/dev/billing-portal/${id}`), true;
      }
    }
    html(res, 405, page('Method not allowed', '<p>Method not allowed.</p>'));
  } catch (error) {
    html(res, 409, page('Payment', `<p>${escape((error as Error).message)}</p>`));
  }
  return true;
}
