import { useMemo } from 'react';
import useSWR from 'swr';
import type { User } from '#shared/schemas';
import type { ApiError } from '../../../lib/api-client';
import { waitingForFirstAnswer } from '../../../lib/first-read-helpers';

export const TEAM_KEY = '/api/team';

/** A member as GET /api/team answers it. */
export type TeamMember = Pick<User, 'id' | 'firstName' | 'lastName' | 'email' | 'role' | 'profileImageUrl' | 'createdAt'> & {
  /** Invited and not signed up yet: may be given work, which waits for them (and is e-mailed to them). */
  invitationPending?: boolean;
};

export function memberName(member: Pick<TeamMember, 'firstName' | 'lastName' | 'email'>): string {
  return [member.firstName, member.lastName].filter(Boolean).join(' ').trim() || member.email;
}

export interface TeamLookup {
  members: TeamMember[];
  /** The member's full name; undefined when the id is not a member (or the team is loading). */
  nameOf: (id: string | null | undefined) => string | undefined;
  isLoading: boolean;
  error: ApiError | undefined;
}

/** GET /api/team: the assignee select and the assignee names. */
export function useTeamLookup(): TeamLookup {
  const { data, error } = useSWR<TeamMember[], ApiError>(TEAM_KEY, { revalidateIfStale: true });
  return useMemo(() => {
    const members = Array.isArray(data) ? data : [];
    const names = new Map(members.map((member) => [member.id, memberName(member)]));
    return { members, nameOf: (id) => (id ? names.get(id) : undefined), isLoading: waitingForFirstAnswer(TEAM_KEY, data, error), error };
  }, [data, error]);
}
