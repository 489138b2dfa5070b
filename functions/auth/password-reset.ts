// The reset link: sets the new password in Cognito (permanent) and signs the person out
// everywhere. The link works once; an expired or used one is refused with its reason. It is used up
// only once the password is set, so a password Cognito refuses leaves the link working for a retry.
// It is also the invitation's link: an invited member who sets a password has joined (member.joined).
import { domainEvent } from '../../events/catalogue';
import { getUser } from '#functions/data/repositories/users';
import { writeEvents } from '#functions/data/repositories/outbox';
import type { InvitedUser } from '#functions/data/invitations';
import { commonPasswordIssue } from '#shared/password-strength';
import { BadRequestError } from '#functions/lib/errors';
import { markEmailVerified } from './account-store';
import * as cognito from './cognito';
import type { LinkData } from '#functions/data/repositories/tokens';
import { LinkError } from './requests';
import { deleteUserSessions } from '#functions/data/repositories/sessions';
import { clearAllFailures } from './throttle';
import { consumeToken, peekToken } from '#functions/data/repositories/tokens';

export async function resetPassword(token: string, newPassword: string): Promise<void> {
  const check = await peekToken<LinkData>('reset-password', token);
  if (check.status !== 'valid') throw new LinkError(check.status);
  const weak = commonPasswordIssue(newPassword);
  if (weak) throw new BadRequestError(weak, { newPassword: weak });
  const { email, userId, companyId } = check.data;
  const user = (await getUser(companyId, userId)) as InvitedUser | undefined;
  if (!user) throw new LinkError('invalid');
  try {
    await cognito.setPassword(email, newPassword);
  } catch (error) {
    if (error instanceof cognito.CognitoPasswordPolicyError) {
      throw new BadRequestError('auth.passwordRejected', { newPassword: 'auth.passwordRejected' });
    }
    throw error;
  }
  await consumeToken('reset-password', token);
  if (!user.emailVerified) {
    // The link reached the mailbox, which proves the address.
    await cognito.confirmUser(email);
    await markEmailVerified(companyId, userId);
  }
  await deleteUserSessions(userId);
  await clearAllFailures(email);
  if (!user.emailVerified && user.invitedAt) {
    // Into the events outbox (its own write: the steps above are Cognito's and several items').
    await writeEvents([
      domainEvent('member.joined', {
        companyId,
        occurredAt: new Date().toISOString(),
        userId,
        email: user.email,
        firstName: user.firstName ?? null,
        lastName: user.lastName ?? null,
        role: user.role,
        invitedByUserId: user.invitedBy ?? null,
      }),
    ]);
  }
}
