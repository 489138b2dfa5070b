// The invitation's link and e-mail (SES): a 7-day token of the reset-password flow, so the invitee
// sets a password on /reset-password. Used by invite-member and resend-invitation.
import type { UiLanguage } from '#shared/enums';
import type { User } from '#shared/schemas';
import type { LinkData } from '#functions/data/repositories/tokens';
import { mailer } from '#functions/mail/mailer';
import { issueToken, revokeToken } from '#functions/data/repositories/tokens';
import { requireCompany } from '#functions/data/repositories/companies';
import { markInvitationSent } from '#functions/data/repositories/team';
import { getUser } from '#functions/data/repositories/users';
import { ConflictError, NotFoundError } from '#functions/lib/errors';
import type { Caller } from '#functions/lib/http';
import { logger } from '#functions/lib/logger';
import { invitationEmail } from './invite-email';
import { INVITE_TTL_SECONDS, type InvitedUser } from '#functions/data/invitations';
import { fullName, memberView } from './views';

/** Issues the link and sends it; a mail that fails takes its token back. */
export async function sendInvitation(user: InvitedUser, inviter: User | undefined, companyName: string, language: UiLanguage): Promise<void> {
  const token = await issueToken<LinkData>('reset-password', { email: user.email, userId: user.id, companyId: user.companyId }, { ttlSeconds: INVITE_TTL_SECONDS });
  try {
    await mailer.send(
      invitationEmail(user.email, token, { name: user.firstName || user.email, inviter: inviter ? fullName(inviter) : companyName, company: companyName, role: user.role }, language),
    );
  } catch (error) {
    await revokeToken('reset-password', token).catch((undoError: Error) => logger.error('Invitation token not revoked', { error: undoError }));
    throw error;
  }
}

/** Sends a new invitation link to someone who has not set a password yet. */
export async function resendInvitation(caller: Caller, userId: string, language: UiLanguage) {
  const user = (await getUser(caller.companyId, userId)) as InvitedUser | undefined;
  if (!user) throw new NotFoundError();
  if (user.emailVerified) throw new ConflictError('team.inviteAccepted');
  const [company, inviter] = await Promise.all([requireCompany(caller.companyId), getUser(caller.companyId, caller.userId)]);
  await sendInvitation(user, inviter, company.name, language);
  // The state the team screen shows ("sent on…", expired) follows the newest link.
  const sentAt = new Date().toISOString();
  await markInvitationSent(caller.companyId, user.id, sentAt);
  return memberView({ ...user, invitationSentAt: sentAt });
}
