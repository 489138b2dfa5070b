import { apiHandler, json } from '#functions/lib/http';
import { listCompanyWebhooks } from '#functions/webhooks/service';

/** GET /api/webhooks: the company's endpoints (never their secrets). */
export const handler = apiHandler('list-webhooks', {}, async ({ caller }) => json(await listCompanyWebhooks(caller.companyId)));
