import { webhookUpdateBody, type WebhookUpdateBody } from '#shared/schemas';
import { apiHandler, json } from '#functions/lib/http';
import { changeWebhook } from '#functions/webhooks/service';

/** PUT /api/webhooks/{id}: address (tested again first), events, description, on/off. */
export const handler = apiHandler<WebhookUpdateBody>('update-webhook', { body: webhookUpdateBody }, async ({ caller, params, body, language }) =>
  json(await changeWebhook(caller, params.id, body, language)),
);
