import { useMemo } from 'react';
import useSWR from 'swr';
import type { Property, User } from '#shared/schemas';

// The dashboard shows names where the API answers ids (recent tasks, check-ins). These are the
// same queries (same SWR keys, so one request each) as the task screens' lookups; features do not
// import each other's requests.
export const PROPERTIES_KEY = '/api/properties?limit=100';
export const TEAM_KEY = '/api/team';
/** What the lookups read (the dashboard's first reads). */
export const NAME_LOOKUP_KEYS = [PROPERTIES_KEY, TEAM_KEY] as const;

type Member = Pick<User, 'id' | 'firstName' | 'lastName' | 'email'>;

export interface NameLookups {
  /** The property's name, or its id while loading or when it is beyond the first 100. */
  propertyName: (id: string) => string;
  /** The member's full name; undefined when unknown. */
  memberName: (id: string | null | undefined) => string | undefined;
}

export function useNameLookups(): NameLookups {
  const { data: properties } = useSWR<Property[]>(PROPERTIES_KEY, { revalidateIfStale: true });
  const { data: members } = useSWR<Member[]>(TEAM_KEY, { revalidateIfStale: true });
  return useMemo(() => {
    const propertyNames = new Map((Array.isArray(properties) ? properties : []).map((property) => [property.id, property.name]));
    const memberNames = new Map(
      (Array.isArray(members) ? members : []).map((member) => [
        member.id,
        [member.firstName, member.lastName].filter(Boolean).join(' ').trim() || member.email,
      ]),
    );
    return {
      propertyName: (id) => propertyNames.get(id) ?? id,
      memberName: (id) => (id ? memberNames.get(id) : undefined),
    };
  }, [properties, members]);
}
