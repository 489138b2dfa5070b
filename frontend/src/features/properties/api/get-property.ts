import useSWR from 'swr';
import type { Property } from '#shared/schemas';
import type { ApiError } from '../../../lib/api-client';

/** SWR key of one property: GET /api/properties/{id} (the default fetcher joins the parts). */
export function propertyKey(id: string): readonly [string, string] {
  return ['/api/properties', id] as const;
}

export interface PropertyState {
  property: Property | undefined;
  isLoading: boolean;
  error: ApiError | undefined;
  /** The server answered 404: no such property in the caller's company. */
  notFound: boolean;
}

export function useProperty(id: string | undefined): PropertyState {
  const { data, error, isLoading } = useSWR<Property, ApiError>(id ? propertyKey(id) : null);
  return { property: data, isLoading, error, notFound: error?.status === 404 };
}
