import useSWR, { mutate } from 'swr';
import type { WebhookCreateBody, WebhookDeliveryView, WebhookUpdateBody, WebhookView, WebhookWithSecret } from '#shared/schemas';
import { apiGetPage, apiRequest, type ApiError, type CursorPage } from '../../../lib/api-client';
import { ACTIVITY_KEY } from './activity';

export const WEBHOOKS_KEY = '/api/webhooks';

const endpointUrl = (id: string) => `${WEBHOOKS_KEY}/${encodeURIComponent(id)}`;
export const deliveriesKey = (id: string) => `${endpointUrl(id)}/deliveries?limit=50`;

const refresh = () => Promise.all([mutate(WEBHOOKS_KEY), mutate(ACTIVITY_KEY)]);

/** GET /api/webhooks (CEO, plan with webhooks; else 403 `plan_required`). Not asked when `enabled` is false. */
export function useWebhooks(enabled = true) {
  const { data, error, isLoading } = useSWR<WebhookView[], ApiError>(enabled ? WEBHOOKS_KEY : null);
  return { webhooks: Array.isArray(data) ? data : [], error, isLoading };
}

/** POST /api/webhooks: saved once its test delivery got a 2xx (else 422 `webhook_test_failed`); the secret this once. */
export async function createWebhook(body: WebhookCreateBody): Promise<WebhookWithSecret> {
  const created = await apiRequest<WebhookWithSecret>('POST', WEBHOOKS_KEY, body);
  await refresh();
  return created;
}

/** PUT /api/webhooks/{id}: e.g. `{ enabled: false }`. */
export async function updateWebhook(id: string, body: WebhookUpdateBody): Promise<WebhookView> {
  try {
    return await apiRequest<WebhookView>('PUT', endpointUrl(id), body);
  } finally {
    await refresh();
  }
}

export async function deleteWebhook(id: string): Promise<void> {
  try {
    await apiRequest('DELETE', endpointUrl(id));
  } finally {
    await refresh();
  }
}

/** POST /api/webhooks/{id}/rotate-secret: the new secret, this once (the old one signs too for 24 h). */
export async function rotateWebhookSecret(id: string): Promise<WebhookWithSecret> {
  try {
    return await apiRequest<WebhookWithSecret>('POST', `${endpointUrl(id)}/rotate-secret`);
  } finally {
    await refresh();
  }
}

/** GET /api/webhooks/{id}/deliveries: every attempt, newest first (the first 50). */
export function useWebhookDeliveries(id: string | undefined) {
  const { data, error, isLoading, isValidating } = useSWR<CursorPage<WebhookDeliveryView>, ApiError>(id ? deliveriesKey(id) : null, apiGetPage);
  return { deliveries: data?.items ?? [], error, isLoading, isValidating, reload: () => (id ? mutate(deliveriesKey(id)) : Promise.resolve()) };
}

/** POST /api/webhooks/{id}/deliveries/{deliveryId}/replay: the same message again, now. */
export async function replayDelivery(id: string, deliveryId: string): Promise<WebhookDeliveryView> {
  try {
    return await apiRequest<WebhookDeliveryView>('POST', `${endpointUrl(id)}/deliveries/${encodeURIComponent(deliveryId)}/replay`);
  } finally {
    await mutate(deliveriesKey(id));
  }
}
