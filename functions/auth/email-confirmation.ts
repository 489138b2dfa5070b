// The confirmation link: confirms the sign-up in Cognito and marks the e-mail verified in both
// places. Opened again before it expires, it says the e-mail is already confirmed (it is kept, marked
// used); it never confirms anything a second time.
import { getUser } from '#functions/data/repositories/users';
import { markEmailVerified } from './account-store';
import * as cognito from './cognito';
import type { LinkData } from '#functions/data/repositories/tokens';
import { LinkError } from './requests';
import { markTokenUsed, peekToken } from '#functions/data/repositories/tokens';

/** 'confirmed' now, or 'already' (the link was used before and the e-mail stays confirmed). */
export async function confirmEmail(token: string): Promise<'confirmed' | 'already'> {
  // Peek, act, then mark used: the steps are idempotent, so a transient failure leaves the link usable.
  const check = await peekToken<LinkData>('confirm-email', token);
  if (check.status !== 'valid') throw new LinkError(check.status);
  const { email, userId, companyId } = check.data;
  const user = await getUser(companyId, userId);
  if (!user) throw new LinkError('invalid');
  if (check.usedAt && user.emailVerified) return 'already';
  await cognito.confirmUser(email);
  await markEmailVerified(companyId, userId);
  await markTokenUsed('confirm-email', token);
  return check.usedAt ? 'already' : 'confirmed';
}
