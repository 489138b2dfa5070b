// The confirmation link: confirms the sign-up in Cognito, marks the e-mail verified in both places,
// then stops working.
import { getUser } from '#functions/data/repositories/users';
import { markEmailVerified } from './account-store';
import * as cognito from './cognito';
import type { LinkData } from '#functions/data/repositories/tokens';
import { LinkError } from './requests';
import { peekToken, revokeToken } from '#functions/data/repositories/tokens';

export async function confirmEmail(token: string): Promise<void> {
  // Peek, act, then revoke: the steps are idempotent, so a transient failure leaves the link usable.
  const check = await peekToken<LinkData>('confirm-email', token);
  if (check.status !== 'valid') throw new LinkError(check.status);
  const { email, userId, companyId } = check.data;
  if (!(await getUser(companyId, userId))) throw new LinkError('invalid');
  await cognito.confirmUser(email);
  await markEmailVerified(companyId, userId);
  await revokeToken('confirm-email', token);
}
