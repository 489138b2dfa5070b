import { handlePaymentEvent } from '#functions/billing/webhook';
import { BadRequestError } from '#functions/lib/errors';
import { apiHandler, json } from '#functions/lib/http';
import { logger } from '#functions/lib/logger';
import { paymentGateway } from '#functions/payments/gateway';
import { WebhookSignatureError, planOfPrice } from '#functions/payments/port';

/**
 * POST /api/billing/webhook (no session): the payment provider's events. The signature is checked
 * on the raw body before anything is read (400 and nothing changed when it fails); each event id is
 * handled once (a redelivery answers 200 and changes nothing).
 */
export const handler = apiHandler('receive-payment-webhook', {}, async ({ event }) => {
  const raw = event.body ? (event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body) : '';
  const signature = event.headers?.['stripe-signature'];
  const gateway = await paymentGateway();
  let payment;
  try {
    payment = await gateway.verifyWebhook(raw, signature);
  } catch (error) {
    // By name too: under API_RUNTIME=bundles the local gateway's error crosses a thread (local/bundles/) and loses its class.
    if (error instanceof WebhookSignatureError || (error as Error | undefined)?.name === 'WebhookSignatureError') throw new BadRequestError('billing.badSignature');
    throw error;
  }
  const prices = await gateway.prices();
  const outcome = await handlePaymentEvent(payment, (priceId) => planOfPrice(prices, priceId));
  if (outcome.followSubscription) {
    // The downgrade applied at the renewal: the subscription's price follows from its next period.
    const { subscriptionId, plan, cycle } = outcome.followSubscription;
    await gateway.changeSubscriptionPrice({ subscriptionId, priceId: prices[plan][cycle], prorate: false });
  }
  logger.info('Payment event', { eventId: payment.id, type: payment.type, status: outcome.status, companyId: outcome.companyId });
  return json({ received: true, status: outcome.status });
});
