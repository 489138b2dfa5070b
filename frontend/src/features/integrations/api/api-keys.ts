import useSWR, { mutate } from 'swr';
import type { ApiKey, ApiKeyBody } from '#shared/schemas';
import { apiRequest, type ApiError } from '../../../lib/api-client';
import { ACTIVITY_KEY } from './activity';

export const API_KEYS_KEY = '/api/api-keys';

/** GET /api/api-keys (CEO): the company's keys, never the keys themselves. */
export function useApiKeys() {
  const { data, error, isLoading } = useSWR<ApiKey[], ApiError>(API_KEYS_KEY);
  return { keys: Array.isArray(data) ? data : [], error, isLoading };
}

/** A key as POST answers it: the record and the key, this once. */
export type CreatedApiKey = ApiKey & { key: string };

/** POST /api/api-keys (CEO). 400 per field; 403 `plan_required` for a plan without keys (or write keys). */
export async function createApiKey(body: ApiKeyBody): Promise<CreatedApiKey> {
  const created = await apiRequest<CreatedApiKey>('POST', API_KEYS_KEY, body);
  await Promise.all([mutate(API_KEYS_KEY), mutate(ACTIVITY_KEY)]);
  return created;
}

/** DELETE /api/api-keys/{id} (CEO): the key stops working at once. */
export async function revokeApiKey(id: string): Promise<void> {
  try {
    await apiRequest('DELETE', `${API_KEYS_KEY}/${encodeURIComponent(id)}`);
  } finally {
    await Promise.all([mutate(API_KEYS_KEY), mutate(ACTIVITY_KEY)]);
  }
}
