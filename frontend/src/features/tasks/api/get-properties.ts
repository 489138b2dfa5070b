import { useMemo } from 'react';
import useSWR from 'swr';
import type { Property } from '#shared/schemas';
import type { ApiError } from '../../../lib/api-client';
import { waitingForFirstAnswer } from '../../../lib/first-read-helpers';

/**
 * The company's properties for the task screens: the property select of the task dialog and the
 * property names on the cards. One page of the largest size the server allows; a property beyond
 * it shows by id (there is no batch lookup by id).
 */
export const PROPERTY_LOOKUP_KEY = '/api/properties?limit=100';

export interface PropertyLookup {
  properties: Property[];
  /** The property's name, or its id when it is not in the list. */
  nameOf: (id: string) => string;
  isLoading: boolean;
  error: ApiError | undefined;
}

/**
 * GET /api/properties?limit=100. Read again when a task screen appears (a property may be new).
 * `enabled` false reads nothing (a screen that names properties only when it has something to show).
 */
export function usePropertyLookup(enabled = true): PropertyLookup {
  const { data, error } = useSWR<Property[], ApiError>(enabled ? PROPERTY_LOOKUP_KEY : null, { revalidateIfStale: true });
  return useMemo(() => {
    const properties = Array.isArray(data) ? data : [];
    const names = new Map(properties.map((property) => [property.id, property.name]));
    return { properties, nameOf: (id: string) => names.get(id) ?? id, isLoading: waitingForFirstAnswer(PROPERTY_LOOKUP_KEY, data, error), error };
  }, [data, error]);
}
