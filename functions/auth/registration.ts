// Registration with e-mail and password: the pool user made by the app (AdminCreateUser, Cognito's
// own message suppressed, then a permanent password; its e-mail unverified), the company with the
// person as its CEO in DynamoDB, and the app's one confirmation e-mail through SES (sign-in waits
// for its link). A failure after the pool user exists undoes every step, so a failed registration
// leaves nothing behind; a taken e-mail answers 409 and a common password 400 before anything is written.
import { PREFERRED_LANGUAGE_OF, type UiLanguage } from '#shared/enums';
import type { User } from '#shared/schemas';
import { createCompanyWithOwner } from '#functions/data/repositories/companies';
import { findUserByEmail } from '#functions/data/repositories/users';
import { commonPasswordIssue } from '#shared/password-strength';
import { BadRequestError, ConflictError } from '#functions/lib/errors';
import { logger } from '#functions/lib/logger';
import { deleteCompanyWithOwner, recordPlanRequest } from './account-store';
import type { SelectablePlan } from './provisioning';
import * as cognito from './cognito';
import { confirmationEmail } from './emails';
import { companyNameFor } from './identity';
import type { LinkData } from '#functions/data/repositories/tokens';
import { mailer } from '#functions/mail/mailer';
import { issueToken, revokeToken } from '#functions/data/repositories/tokens';

export interface Registration {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  /** The plan picked on the sign-up screen, recorded as a plan-change request. */
  plan?: SelectablePlan;
}

/**
 * `language`: the texts of the answer and the confirmation e-mail; `interfaceLanguage`: the language
 * the sign-up screen was in (its request's Accept-Language), which the new company starts in (its
 * preferredLanguage, so its notifications); none: Portuguese, SPEC's default.
 */

/** Best effort: undo one step of a failed registration, logging (never throwing) what cannot be undone. */
async function undo(what: string, step: () => Promise<unknown>): Promise<void> {
  try {
    await step();
  } catch (error) {
    logger.error(`Registration rollback failed: ${what}`, { error: error as Error });
  }
}

export async function registerAccount(input: Registration, language: UiLanguage, interfaceLanguage: UiLanguage | null = null): Promise<void> {
  const email = input.email.trim().toLowerCase();
  const weak = commonPasswordIssue(input.password);
  if (weak) throw new BadRequestError(weak, { password: weak });
  if (await findUserByEmail(email)) throw new ConflictError('auth.emailTaken');
  try {
    await cognito.createUser({ email, password: input.password, firstName: input.firstName, lastName: input.lastName });
  } catch (error) {
    // A pool user without an app user (created outside the app): the address is taken all the same.
    if (error instanceof cognito.CognitoUsernameExistsError) throw new ConflictError('auth.emailTaken');
    if (error instanceof cognito.CognitoPasswordPolicyError) {
      throw new BadRequestError('auth.passwordRejected', { password: 'auth.passwordRejected' });
    }
    throw error;
  }

  let user: User | undefined;
  let token: string | undefined;
  try {
    ({ user } = await createCompanyWithOwner({
      company: {
        name: companyNameFor({ email, firstName: input.firstName, lastName: input.lastName }),
        ...(interfaceLanguage ? { preferredLanguage: PREFERRED_LANGUAGE_OF[interfaceLanguage] } : {}),
      },
      owner: { email, firstName: input.firstName, lastName: input.lastName, role: 'ceo', authProvider: 'cognito' },
    }));
    if (input.plan) await recordPlanRequest(user.companyId, input.plan, new Date());
    token = await issueToken<LinkData>('confirm-email', { email, userId: user.id, companyId: user.companyId });
    await mailer.send(confirmationEmail(email, token, input.firstName, language));
  } catch (error) {
    const [createdUser, issuedToken] = [user, token];
    if (issuedToken) await undo('confirmation token', () => revokeToken('confirm-email', issuedToken));
    if (createdUser) await undo('company and user', () => deleteCompanyWithOwner(createdUser));
    await undo('Cognito user', () => cognito.deleteUser(email));
    throw error;
  }
}
