// "Forgot password": a reset link by e-mail when the address belongs to someone (at most one a
// minute). The caller's answer is the same either way, so this never tells whether an account exists.
import type { UiLanguage } from '#shared/enums';
import { findUserByEmail } from '#functions/data/repositories/users';
import { logger } from '#functions/lib/logger';
import { passwordResetEmail } from './emails';
import type { LinkData } from '#functions/data/repositories/tokens';
import { claimMailSlot } from './mail-cooldown';
import { mailer } from '#functions/mail/mailer';
import { issueToken, revokeToken } from '#functions/data/repositories/tokens';

export async function requestPasswordReset(email: string, language: UiLanguage): Promise<void> {
  const user = await findUserByEmail(email);
  if (!user) return;
  if (!(await claimMailSlot('reset-password', user.email))) return;
  const token = await issueToken<LinkData>('reset-password', { email: user.email, userId: user.id, companyId: user.companyId });
  try {
    await mailer.send(passwordResetEmail(user.email, token, user.firstName || user.email, language));
  } catch (error) {
    // Same answer as for an unknown address; operators see the failure in the logs.
    logger.error('Password-reset e-mail not sent', { error: error as Error });
    await revokeToken('reset-password', token).catch(() => undefined);
  }
}
