import { apiHandler } from '#functions/lib/http';
import { removeWebhook } from '#functions/webhooks/service';

/** DELETE /api/webhooks/{id}: nothing more is sent to it (retries in flight are dropped). */
export const handler = apiHandler('delete-webhook', {}, async ({ caller, params }) => {
  await removeWebhook(caller, params.id);
  return { statusCode: 204, headers: { 'cache-control': 'no-store' } };
});
