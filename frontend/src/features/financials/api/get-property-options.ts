import useSWR from 'swr';
import type { Property } from '#shared/schemas';
import type { ApiError } from '../../../lib/api-client';

/** The company's properties for the invoice dialog's picker (first 100, by the list's order). */
export function usePropertyOptions(enabled: boolean) {
  const { data } = useSWR<Property[], ApiError>(enabled ? '/api/properties?limit=100' : null);
  return Array.isArray(data) ? data : [];
}
