import useSWR from 'swr';
import type { Role } from '#shared/enums';
import type { ApiError } from '../../../lib/api-client';

export const TEAM_KEY = '/api/team';

export interface TeamMember {
  id: string;
  firstName: string | null;
  lastName: string | null;
  email: string;
  role: Role;
  profileImageUrl: string | null;
  /** Invited and not signed up yet. */
  invitationPending?: boolean;
}

/** GET /api/team, read only when `enabled` (the people a manager can schedule). */
export function useTeamMembers(enabled: boolean): { members: TeamMember[]; isLoading: boolean; error: ApiError | undefined } {
  const { data, error, isLoading } = useSWR<TeamMember[], ApiError>(enabled ? TEAM_KEY : null);
  return { members: Array.isArray(data) ? data : [], isLoading, error };
}
