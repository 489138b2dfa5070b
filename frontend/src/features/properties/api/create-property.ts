import { mutate } from 'swr';
import type { Property, PropertyBody } from '#shared/schemas';
import { apiRequest, isApiError } from '../../../lib/api-client';
import { refreshProperties } from './get-properties';
import { DASHBOARD_METRICS_KEY } from './get-property-count';

/**
 * POST /api/properties, then the list and the count are re-read. Rejects with ApiError: 400 with
 * `errors` per field; 403 with the plan-limit message (already in the request's language) or for
 * a role that may not add properties. A 403 also re-reads the count: someone else may have added
 * the property that reached the limit, and the screen should say so.
 */
export async function createProperty(body: PropertyBody): Promise<Property> {
  try {
    const property = await apiRequest<Property>('POST', '/api/properties', body);
    await Promise.all([refreshProperties(), mutate(DASHBOARD_METRICS_KEY)]);
    return property;
  } catch (error) {
    if (isApiError(error) && error.status === 403) void mutate(DASHBOARD_METRICS_KEY);
    throw error;
  }
}
