import { checkoutBody, type CheckoutBody } from '#shared/schemas';
import { checkoutDecision, returnUrls } from '#functions/billing/checkout';
import { changePlan } from '#functions/billing/plan-change';
import { requireCompany } from '#functions/data/repositories/companies';
import { apiHandler, json } from '#functions/lib/http';
import { optionalEnv } from '#functions/lib/env';
import { allowedOrigins } from '#functions/lib/request-guards';
import { paymentGateway } from '#functions/payments/gateway';

/**
 * "Activate now" / "Upgrade" (CEO): the URL of the provider's checkout for a new subscription, or,
 * for a company already paying a smaller plan, its subscription moved up at once (prorated) and the
 * pricing page's return URL. A new subscription's plan changes when the provider's webhook confirms
 * its checkout; an upgrade's at once, and the provider's event then only confirms it.
 */
export const handler = apiHandler<CheckoutBody>('create-checkout-session', { body: checkoutBody }, async ({ caller, body, event }) => {
  const company = await requireCompany(caller.companyId);
  const decision = checkoutDecision(company, body.plan);
  const gateway = await paymentGateway();
  const urls = returnUrls(event.headers?.origin, allowedOrigins(), optionalEnv('APP_URL', 'http://localhost:3000'));
  if (decision.kind === 'upgrade') {
    const prices = await gateway.prices();
    // The product applies the upgrade first (the CEO's entry), then moves the subscription: the
    // provider's subscription-updated event can only arrive after it, and confirms it (no second
    // plan change). When the provider refuses the price, the plan goes back (with its own entry).
    await changePlan({ companyId: company.id, plan: body.plan, by: { kind: 'ceo', userId: caller.userId, email: caller.email }, billing: { billingCycle: body.billing }, reason: 'upgrade' });
    try {
      await gateway.changeSubscriptionPrice({ subscriptionId: decision.subscriptionId, priceId: prices[body.plan][body.billing], prorate: true });
    } catch (error) {
      await changePlan({ companyId: company.id, plan: company.plan, by: { kind: 'system' }, billing: { billingCycle: company.billingCycle ?? null }, reason: 'upgrade refused by the payment provider' });
      throw error;
    }
    return json({ url: urls.success, applied: true });
  }
  const session = await gateway.createCheckoutSession({
    companyId: company.id,
    plan: body.plan,
    cycle: body.billing,
    customerId: company.paymentCustomerId,
    customerEmail: caller.email ?? company.email,
    successUrl: urls.success,
    cancelUrl: urls.cancel,
  });
  return json({ url: session.url, applied: false });
});
