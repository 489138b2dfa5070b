// A member's invitation, as the users' rows keep it: below the domain modules, because the team
// (invite, remove), reservations (the turnover assignee) and auth (the invitation's link) all read it.
import type { User } from '#shared/schemas';

export type InvitedUser = User & {
  invitedAt?: string | null;
  invitedBy?: string | null;
  /** When the last invitation e-mail went out (the first one: invitedAt). */
  invitationSentAt?: string | null;
};

/** How long an invitation link works. */
export const INVITE_TTL_SECONDS = 7 * 24 * 60 * 60;

/** Invited and not joined yet (no password set). */
export const isInvitationPending = (user: InvitedUser) => Boolean(user.invitedAt) && !user.emailVerified;
