// "Resend the confirmation e-mail": a new confirmation link for an address that registered but has
// not confirmed yet. The caller's answer is the same whatever the address, like "forgot password".
import type { UiLanguage } from '#shared/enums';
import { findUserByEmail } from '#functions/data/repositories/users';
import { logger } from '#functions/lib/logger';
import { confirmationEmail } from './emails';
import type { LinkData } from '#functions/data/repositories/tokens';
import { claimMailSlot } from './mail-cooldown';
import { mailer } from '#functions/mail/mailer';
import { issueToken, revokeToken } from '#functions/data/repositories/tokens';

export async function requestConfirmationEmail(email: string, language: UiLanguage): Promise<void> {
  const user = await findUserByEmail(email);
  if (!user || user.emailVerified) return;
  if (!(await claimMailSlot('confirm-email', user.email))) return;
  const token = await issueToken<LinkData>('confirm-email', { email: user.email, userId: user.id, companyId: user.companyId });
  try {
    await mailer.send(confirmationEmail(user.email, token, user.firstName || user.email, language));
  } catch (error) {
    logger.error('Confirmation e-mail not re-sent', { error: error as Error });
    await revokeToken('confirm-email', token).catch(() => undefined);
  }
}
