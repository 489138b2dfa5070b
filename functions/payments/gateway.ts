// The payment port (functions/lib/ports.ts): Stripe by default (AWS), the local checkout stand-in
// when local/ports.ts configures it (npm start, tests).
import { definePort } from '#functions/lib/ports';
import type { PaymentGateway } from './port';
import { stripeGateway } from './stripe';

export const paymentsPort = definePort<PaymentGateway>('payments', () => stripeGateway());

/** For composition roots (local/ports.ts) and tests. */
export function configurePaymentGateway(gateway: PaymentGateway): void {
  paymentsPort.configure(gateway);
}

export const paymentGateway = (): Promise<PaymentGateway> => paymentsPort.use();
