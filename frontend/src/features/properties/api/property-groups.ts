import useSWR, { mutate } from 'swr';
import type { PropertyGroup, PropertyGroupBody } from '#shared/schemas';
import { apiRequest, type ApiError } from '../../../lib/api-client';

/** GET /api/property-groups (CEO and managers who see every property): the groups by name. */
export const PROPERTY_GROUPS_KEY = '/api/property-groups';

export function usePropertyGroups(enabled = true): { groups: PropertyGroup[]; isLoading: boolean; error: ApiError | undefined } {
  const { data, error, isLoading } = useSWR<PropertyGroup[], ApiError>(enabled ? PROPERTY_GROUPS_KEY : null);
  return { groups: Array.isArray(data) ? data : [], isLoading, error };
}

/** POST (no id) or PUT a group {name, propertyIds}: 400 names unknown properties. */
export async function savePropertyGroup(id: string | undefined, body: PropertyGroupBody): Promise<PropertyGroup> {
  try {
    return id
      ? await apiRequest<PropertyGroup>('PUT', `${PROPERTY_GROUPS_KEY}/${encodeURIComponent(id)}`, body)
      : await apiRequest<PropertyGroup>('POST', PROPERTY_GROUPS_KEY, body);
  } finally {
    await mutate(PROPERTY_GROUPS_KEY);
  }
}

/** DELETE a group: 409 while a member's access names it. */
export async function deletePropertyGroup(id: string): Promise<void> {
  try {
    await apiRequest('DELETE', `${PROPERTY_GROUPS_KEY}/${encodeURIComponent(id)}`);
  } finally {
    await mutate(PROPERTY_GROUPS_KEY);
  }
}
