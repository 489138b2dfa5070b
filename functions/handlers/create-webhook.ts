import { webhookCreateBody, type WebhookCreateBody } from '#shared/schemas';
import { apiHandler, json } from '#functions/lib/http';
import { addWebhook } from '#functions/webhooks/service';

/** POST /api/webhooks (CEO, plan with webhooks): saved only after its test delivery got a 2xx; the secret is shown this once. */
export const handler = apiHandler<WebhookCreateBody>('create-webhook', { body: webhookCreateBody }, async ({ caller, body, language }) =>
  json(await addWebhook(caller, body, language), 201),
);
