import { apiHandler, json } from '#functions/lib/http';
import { rotateWebhookSecret } from '#functions/webhooks/service';

/** POST /api/webhooks/{id}/rotate-secret: a new secret, shown once; the previous one also signs for 24 h. */
export const handler = apiHandler('rotate-webhook-secret', {}, async ({ caller, params }) => json(await rotateWebhookSecret(caller, params.id)));
