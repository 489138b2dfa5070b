import { returnUrls } from '#functions/billing/checkout';
import { requireCompany } from '#functions/data/repositories/companies';
import { ConflictError } from '#functions/lib/errors';
import { apiHandler, json } from '#functions/lib/http';
import { optionalEnv } from '#functions/lib/env';
import { allowedOrigins } from '#functions/lib/request-guards';
import { paymentGateway } from '#functions/payments/gateway';

/** The provider's customer portal (card, invoices, cancelling) for the CEO; 409 before any payment. */
export const handler = apiHandler('create-billing-portal-session', {}, async ({ caller, event }) => {
  const company = await requireCompany(caller.companyId);
  if (!company.paymentCustomerId) throw new ConflictError('billing.noSubscription');
  const urls = returnUrls(event.headers?.origin, allowedOrigins(), optionalEnv('APP_URL', 'http://localhost:3000'));
  const session = await (await paymentGateway()).createPortalSession({ customerId: company.paymentCustomerId, companyId: company.id, returnUrl: urls.portal });
  return json({ url: session.url });
});
