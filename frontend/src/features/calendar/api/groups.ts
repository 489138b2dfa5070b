import useSWR from 'swr';
import type { PropertyGroup } from '#shared/schemas';
import type { ApiError } from '../../../lib/api-client';

const NO_GROUPS: PropertyGroup[] = [];

/** The group filter's read (a first read of the screen for the CEO and managers). */
export const PROPERTY_GROUPS_KEY = '/api/property-groups';

/**
 * The company's property groups for the group filter (GET /api/property-groups: the CEO and the
 * managers who see every property). A scoped manager is refused (403): no group filter then.
 */
export function usePropertyGroups(): PropertyGroup[] {
  const { data } = useSWR<PropertyGroup[], ApiError>(PROPERTY_GROUPS_KEY, { shouldRetryOnError: false });
  return Array.isArray(data) ? data : NO_GROUPS;
}
