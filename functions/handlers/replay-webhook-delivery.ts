import { apiHandler, json } from '#functions/lib/http';
import { replayDelivery } from '#functions/webhooks/service';

/** POST /api/webhooks/{id}/deliveries/{deliveryId}/replay: the message sent again now (same webhook-id), its attempt answered. */
export const handler = apiHandler('replay-webhook-delivery', {}, async ({ caller, params, language }) =>
  json(await replayDelivery(caller, params.id, params.deliveryId, language)),
);
