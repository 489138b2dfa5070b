// Team members as the team screens read them, and the invitations not accepted yet. Needs no AWS
// service beyond the table (list-invitations).
import type { User } from '#shared/schemas';
import { listUsers, toTeamMember } from '#functions/data/repositories/users';
import type { Caller } from '#functions/lib/http';

export type InvitedUser = User & { invitedAt?: string | null; invitedBy?: string | null };

export function memberView(user: InvitedUser) {
  return { ...toTeamMember(user), invitedAt: user.invitedAt ?? null, invitationPending: Boolean(user.invitedAt) && !user.emailVerified };
}

/** Invitations not accepted yet (no password set). */
export async function pendingInvitations(caller: Caller) {
  return ((await listUsers(caller.companyId)) as InvitedUser[]).filter((user) => user.invitedAt && !user.emailVerified).map(memberView);
}

export const fullName = (user: Pick<User, 'firstName' | 'lastName' | 'email'>) => [user.firstName, user.lastName].filter(Boolean).join(' ') || user.email;
