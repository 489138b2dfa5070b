// Team members as the team screens read them, and the invitations not accepted yet. Needs no AWS
// service beyond the table (list-invitations).
import type { User } from '#shared/schemas';
import { listUsers, toTeamMember } from '#functions/data/repositories/users';
import type { Caller } from '#functions/lib/http';
import { INVITE_TTL_SECONDS, isInvitationPending, type InvitedUser } from '#functions/data/invitations';


/** A member and, while they have not set a password, their invitation: last sent, and when that link expires. */
export function memberView(user: InvitedUser) {
  const pending = isInvitationPending(user);
  const sentAt = pending ? (user.invitationSentAt ?? user.invitedAt ?? null) : null;
  return {
    ...toTeamMember(user),
    invitedAt: user.invitedAt ?? null,
    invitationPending: pending,
    invitationSentAt: sentAt,
    invitationExpiresAt: sentAt ? new Date(Date.parse(sentAt) + INVITE_TTL_SECONDS * 1000).toISOString() : null,
  };
}

/** GET /api/team: what every role reads of a member, and whether they are still only invited. */
export function teamListView(user: InvitedUser) {
  return { ...toTeamMember(user), invitationPending: isInvitationPending(user) };
}

/** Invitations not accepted yet (no password set). */
export async function pendingInvitations(caller: Caller) {
  return ((await listUsers(caller.companyId)) as InvitedUser[]).filter((user) => user.invitedAt && !user.emailVerified).map(memberView);
}

export const fullName = (user: Pick<User, 'firstName' | 'lastName' | 'email'>) => [user.firstName, user.lastName].filter(Boolean).join(' ') || user.email;
