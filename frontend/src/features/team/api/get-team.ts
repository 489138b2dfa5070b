import useSWR from 'swr';
import type { ApiError } from '../../../lib/api-client';

export const TEAM_KEY = '/api/team';

/** A team member as GET /api/team sends it (SPEC point 3, "Team member"). */
export interface TeamMember {
  id: string;
  firstName?: string | null;
  lastName?: string | null;
  email: string;
  /** ceo, operational_manager, staff; anything else reads as staff. */
  role?: string | null;
  profileImageUrl?: string | null;
  createdAt?: string | null;
  completedTasks?: number;
  /** Invited and not joined yet (no password set): listed under the pending invitations, not as a member. */
  invitationPending?: boolean;
  /** The property groups they see (issue 41); [] = every property. */
  propertyGroupIds?: string[];
  /** An owner's properties (role owner, issue 41 point 3): what their portal shows. */
  propertyIds?: string[];
}

export interface TeamState {
  members: TeamMember[];
  isLoading: boolean;
  error: ApiError | undefined;
}

/**
 * GET /api/team: the company's users (the whole team; it is bounded by the plan's user limit),
 * pending invitees included (each takes a seat of the plan).
 */
export function useTeam(): TeamState {
  const { data, error, isLoading } = useSWR<TeamMember[], ApiError>(TEAM_KEY);
  return { members: Array.isArray(data) ? data : [], isLoading, error };
}
