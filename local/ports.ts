// The composition root of `npm start` and the tests: the local stand-in of every port the
// functions define (functions/lib/ports.ts). local/start.ts calls it before the server takes a
// request; tests/load-env.ts before any test file loads a handler. In AWS nothing calls it and
// every port uses its AWS adapter. A new stand-in (the calendar-sync job queue, the payment
// stand-in, the events outbox) is one more line here and one `configure…()` in its module.
import { configureEventPublisher } from '../functions/events/publisher';
import { configureSmsSender } from '../functions/notifications/sms';
import { configureJobQueue } from '../functions/jobs/queue';
import { configureCognitoSignIn } from '../functions/auth/cognito';
import { LocalCognitoSignIn } from './cognito-sign-in';
import { LocalJobQueue } from './job-queue';
import { InlineEventBus, type HandlerLoader } from './event-bus';
import { OutboxSmsSender } from './outbox';
import { configurePaymentGateway } from '../functions/payments/gateway';
import type { PaymentGateway } from '../functions/payments/port';
import { onFirstUse } from '../functions/lib/on-first-use';
import { configureOutboxRelay } from '../functions/data/outbox';
import { LocalOutboxRelay } from './outbox-relay';

export interface LocalPortsOptions {
  /** How the in-process bus loads an event handler (default: functions/handlers/<name>.ts). */
  loadEventHandler?: HandlerLoader;
  /** The SMS outbox file (default: smsOutboxFile(), under OUTBOX_DIR). */
  smsOutboxFile?: () => string;
  /**
   * The job queue: 'inline' (tests: a send resolves once its jobs are done) or 'background'
   * (npm start: workers take the jobs while the request answers). Default 'inline'.
   */
  jobQueueMode?: 'inline' | 'background';
}

/** The in-process job queue configured last (npm start's, or a test run's). */
export let localJobQueue: LocalJobQueue | undefined;
/** The local outbox relay configured last (tests call its retryPending()). */
export let localOutboxRelay: LocalOutboxRelay | undefined;

export function configureLocalPorts(options: LocalPortsOptions = {}): void {
  // Domain events: the in-process bus calls the manifest's handler modules (EventBridge in AWS).
  configureEventPublisher(new InlineEventBus(options.loadEventHandler));
  // The events outbox: entries committed with their writes go to that bus at once (the table's
  // stream and the relay function in AWS); failed ones stay for a retry (every 30 s under npm start).
  localOutboxRelay?.stop();
  localOutboxRelay = new LocalOutboxRelay();
  configureOutboxRelay(localOutboxRelay);
  if (options.jobQueueMode === 'background') localOutboxRelay.start();
  // SMS: one JSON line per message in the dev outbox (SNS in AWS).
  configureSmsSender(new OutboxSmsSender(options.smsOutboxFile));
  // Payments: the local checkout and portal pages, sending Stripe's signed webhook events (Stripe in AWS).
  configurePaymentGateway(lazyLocalPayments());
  // Cognito sign-in and TOTP steps: cognito-local's client-side calls (the Admin* calls in AWS).
  configureCognitoSignIn(new LocalCognitoSignIn());
  // Background jobs (the calendar sync's feeds): the in-process queue calls the manifest's worker modules (SQS in AWS).
  localJobQueue?.stop();
  localJobQueue = new LocalJobQueue({ mode: options.jobQueueMode ?? 'inline' });
  configureJobQueue(localJobQueue);
}

/**
 * The payment stand-in (local/payments.ts), made on the first payment call: the `stripe` package it
 * signs and verifies with is the costliest load of the stand-ins (about 0.2 CPU-s per test file
 * under Jest), and most test files never pay. Every call of the port is async, so nothing waits
 * for it but the first payment; its dev pages need a checkout or portal session first, so they
 * always find it (setActiveLocalPayments).
 */
function lazyLocalPayments(): PaymentGateway {
  const gateway = onFirstUse(async () => {
    const { LocalPaymentGateway, setActiveLocalPayments } = await import('./payments');
    const payments = new LocalPaymentGateway();
    setActiveLocalPayments(payments);
    return payments;
  });
  return {
    createCheckoutSession: async (input) => (await gateway()).createCheckoutSession(input),
    createPortalSession: async (input) => (await gateway()).createPortalSession(input),
    verifyWebhook: async (rawBody, signatureHeader) => (await gateway()).verifyWebhook(rawBody, signatureHeader),
    changeSubscriptionPrice: async (input) => (await gateway()).changeSubscriptionPrice(input),
    prices: async () => (await gateway()).prices(),
  };
}
