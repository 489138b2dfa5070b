import useSWR from 'swr';
import type { Role } from '#shared/enums';
import type { ApiError } from '../../../lib/api-client';

/** A member as GET /api/team lists them (what the recipient picker needs). */
export interface MemberOption {
  id: string;
  firstName: string | null;
  lastName: string | null;
  email: string;
  role: Role;
  invitationPending?: boolean;
}

/** The company's members who have joined (a pending invitation is nobody to write to yet). */
export function useMembers(): { members: MemberOption[]; isLoading: boolean; error: ApiError | undefined } {
  const { data, error, isLoading } = useSWR<MemberOption[], ApiError>('/api/team');
  return { members: Array.isArray(data) ? data.filter((member) => !member.invitationPending) : [], isLoading, error };
}
