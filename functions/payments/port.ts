// The payment provider behind a port (issue 22): Stripe in AWS (./stripe.ts), the local checkout
// stand-in under `npm start` and in tests (local/payments.ts, configured by local/ports.ts). The
// webhook events are Stripe's own shapes (the `stripe` package's types) in both.
import type Stripe from 'stripe';
import type { CheckoutPlan } from '#shared/billing';
import type { BillingCycle } from '#shared/plans';

export type PaymentEvent = Stripe.Event;

/** Price ids per plan and billing cycle (configuration: STRIPE_PRICE_IDS). */
export type PriceCatalog = Record<CheckoutPlan, Record<BillingCycle, string>>;

export interface CheckoutInput {
  companyId: string;
  plan: CheckoutPlan;
  cycle: BillingCycle;
  /** The customer already known for the company (a returning payer), else Checkout creates one. */
  customerId?: string | null;
  customerEmail?: string | null;
  successUrl: string;
  cancelUrl: string;
}

export interface PaymentGateway {
  /** A hosted checkout page for a new subscription; the browser is sent to `url`. */
  createCheckoutSession(input: CheckoutInput): Promise<{ id: string; url: string }>;
  /** The customer portal (card, invoices, cancelling). */
  createPortalSession(input: { customerId: string; companyId: string; returnUrl: string }): Promise<{ url: string }>;
  /** The event of a webhook request, or throws WebhookSignatureError (the caller answers 400). */
  verifyWebhook(rawBody: string, signatureHeader: string | undefined): Promise<PaymentEvent>;
  /**
   * Moves a subscription to another price: `prorate` (an upgrade) charges the difference now; without
   * it (an applied downgrade) the new price starts with the next period.
   */
  changeSubscriptionPrice(input: { subscriptionId: string; priceId: string; prorate: boolean }): Promise<void>;
  /** The price ids this gateway sells. */
  prices(): Promise<PriceCatalog>;
}

export class WebhookSignatureError extends Error {
  constructor(reason: string) {
    super(`webhook signature: ${reason}`);
    this.name = 'WebhookSignatureError';
  }
}

/** The plan and cycle of a price id, or undefined for a price this product does not sell. */
export function planOfPrice(catalog: PriceCatalog, priceId: string | undefined | null): { plan: CheckoutPlan; cycle: BillingCycle } | undefined {
  if (!priceId) return undefined;
  for (const [plan, cycles] of Object.entries(catalog) as Array<[CheckoutPlan, Record<BillingCycle, string>]>) {
    for (const [cycle, id] of Object.entries(cycles) as Array<[BillingCycle, string]>) if (id === priceId) return { plan, cycle };
  }
  return undefined;
}
