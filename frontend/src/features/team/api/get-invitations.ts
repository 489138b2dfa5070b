import useSWR from 'swr';
import type { ApiError } from '../../../lib/api-client';
import type { TeamMember } from './get-team';

export const INVITATIONS_KEY = '/api/team/invites';

/** A pending invitation as GET /api/team/invites sends it: the invitee and their link's dates. */
export interface Invitation extends TeamMember {
  invitedAt: string | null;
  /** When the newest invitation e-mail went out. */
  invitationSentAt: string | null;
  /** When that e-mail's link stops working (7 days after it was sent). */
  invitationExpiresAt: string | null;
}

export interface InvitationsState {
  invitations: Invitation[];
  isLoading: boolean;
  error: ApiError | undefined;
}

/** GET /api/team/invites (CEO and managers; pass `enabled: false` for anyone else: staff get 403). */
export function useInvitations(enabled: boolean): InvitationsState {
  const { data, error, isLoading } = useSWR<Invitation[], ApiError>(enabled ? INVITATIONS_KEY : null);
  return { invitations: Array.isArray(data) ? data : [], isLoading, error };
}

/** The link of an invitation no longer works: it was sent more than 7 days ago. */
export function isInvitationExpired(invitation: Pick<Invitation, 'invitationExpiresAt'>, now = Date.now()): boolean {
  return Boolean(invitation.invitationExpiresAt) && Date.parse(invitation.invitationExpiresAt as string) <= now;
}
