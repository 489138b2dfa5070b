import { webhookDeliveriesQuery, type WebhookDeliveriesQuery } from '#shared/schemas';
import { apiHandler, page } from '#functions/lib/http';
import { webhookDeliveries } from '#functions/webhooks/service';

/** GET /api/webhooks/{id}/deliveries: every attempt, newest first (next page: x-next-cursor). */
export const handler = apiHandler<unknown, WebhookDeliveriesQuery>('list-webhook-deliveries', { query: webhookDeliveriesQuery }, async ({ caller, params, query, language }) => {
  const result = await webhookDeliveries(caller.companyId, params.id, query.limit, query.cursor, language);
  return page(result.items, result.cursor);
});
