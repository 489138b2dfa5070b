// The AWS adapter of the payment port: Stripe through the `stripe` package. Keys from Secrets
// Manager (STRIPE_SECRET_ID, read once per function instance), prices from configuration
// (STRIPE_PRICE_IDS: `{"basic":{"monthly":"price_…","yearly":"price_…"},"professional":{…}}`).
import type Stripe from 'stripe';
import { isCheckoutPlan, type CheckoutPlan } from '#shared/billing';
import { BILLING_CYCLES, type BillingCycle } from '#shared/plans';
import { onFirstUse } from '#functions/lib/on-first-use';
import { WebhookSignatureError, type CheckoutInput, type PaymentEvent, type PaymentGateway, type PriceCatalog } from './port';
import { readStripeSecret, type StripeSecret } from './secrets';

/** STRIPE_PRICE_IDS parsed; throws naming what is missing (a deployment without prices must not sell). */
export function parsePriceCatalog(text: string | undefined): PriceCatalog {
  if (!text) throw new Error('Missing environment variable STRIPE_PRICE_IDS');
  const raw = JSON.parse(text) as Record<string, Record<string, unknown>>;
  const catalog = {} as PriceCatalog;
  for (const plan of ['basic', 'professional'] as const) {
    const cycles = {} as Record<BillingCycle, string>;
    for (const cycle of BILLING_CYCLES) {
      const id = raw?.[plan]?.[cycle];
      if (typeof id !== 'string' || !id) throw new Error(`STRIPE_PRICE_IDS: no ${cycle} price for ${plan}`);
      cycles[cycle] = id;
    }
    catalog[plan] = cycles;
  }
  for (const plan of Object.keys(raw)) if (!isCheckoutPlan(plan)) throw new Error(`STRIPE_PRICE_IDS: ${plan} is not sold by checkout`);
  return catalog;
}

export class StripeGateway implements PaymentGateway {
  constructor(
    private readonly stripe: () => Promise<Stripe>,
    private readonly secret: () => Promise<StripeSecret>,
    private readonly catalog: PriceCatalog,
  ) {}

  async prices(): Promise<PriceCatalog> {
    return this.catalog;
  }

  async createCheckoutSession(input: CheckoutInput): Promise<{ id: string; url: string }> {
    const stripe = await this.stripe();
    const metadata = { companyId: input.companyId, plan: input.plan, cycle: input.cycle };
    const session = await stripe.checkout.sessions.create({
      mode: 'subscription',
      line_items: [{ price: this.catalog[input.plan as CheckoutPlan][input.cycle], quantity: 1 }],
      client_reference_id: input.companyId,
      ...(input.customerId ? { customer: input.customerId } : input.customerEmail ? { customer_email: input.customerEmail } : {}),
      metadata,
      subscription_data: { metadata },
      success_url: input.successUrl,
      cancel_url: input.cancelUrl,
    });
    if (!session.url) throw new Error('Stripe answered a checkout session without a URL');
    return { id: session.id, url: session.url };
  }

  async createPortalSession(input: { customerId: string; returnUrl: string }): Promise<{ url: string }> {
    const stripe = await this.stripe();
    const session = await stripe.billingPortal.sessions.create({ customer: input.customerId, return_url: input.returnUrl });
    return { url: session.url };
  }

  async verifyWebhook(rawBody: string, signatureHeader: string | undefined): Promise<PaymentEvent> {
    if (!signatureHeader) throw new WebhookSignatureError('missing Stripe-Signature header');
    const [stripe, secret] = await Promise.all([this.stripe(), this.secret()]);
    try {
      return stripe.webhooks.constructEvent(rawBody, signatureHeader, secret.webhookSecret);
    } catch (error) {
      throw new WebhookSignatureError((error as Error).message);
    }
  }

  async changeSubscriptionPrice(input: { subscriptionId: string; priceId: string; prorate: boolean }): Promise<void> {
    const stripe = await this.stripe();
    const subscription = await stripe.subscriptions.retrieve(input.subscriptionId);
    const item = subscription.items.data[0];
    if (!item || item.price.id === input.priceId) return;
    await stripe.subscriptions.update(input.subscriptionId, {
      items: [{ id: item.id, price: input.priceId }],
      proration_behavior: input.prorate ? 'always_invoice' : 'none',
      metadata: { ...subscription.metadata },
    });
  }
}

/** The AWS default: the secret read on first use, the client made with its key. */
export function stripeGateway(env: NodeJS.ProcessEnv = process.env): StripeGateway {
  const secret = onFirstUse(async () => {
    const id = env.STRIPE_SECRET_ID;
    if (!id) throw new Error('Missing environment variable STRIPE_SECRET_ID');
    return readStripeSecret(id);
  });
  const client = onFirstUse(async () => {
    const { default: StripeClient } = await import('stripe');
    return new StripeClient((await secret()).secretKey, { maxNetworkRetries: 2, timeout: 10_000 });
  });
  return new StripeGateway(client, secret, parsePriceCatalog(env.STRIPE_PRICE_IDS));
}
