// Registration with e-mail and password: the pool user made by the app (AdminCreateUser, Cognito's
// own message suppressed, then a permanent password; its e-mail unverified), the company with the
// person as its CEO in DynamoDB, and the app's one confirmation e-mail through SES (sign-in waits
// for its link). A failure after the pool user exists undoes every step, so a failed registration
// leaves nothing behind; a common password answers 400 before anything is written.
// An address that already has an account (issue 43 point 4) gets exactly the answer of a new one
// (the handler's 201 "check your e-mail"), in about the time a new one takes, so the form never tells
// who is a customer; the address's owner is e-mailed a note instead (in their language, at most one
// a minute): someone tried to register with it; sign in or choose a new password if it was them.
import { PREFERRED_LANGUAGE_OF, type UiLanguage } from '#shared/enums';
import type { User } from '#shared/schemas';
import { createCompanyWithOwner } from '#functions/data/repositories/companies';
import { findUserByEmail } from '#functions/data/repositories/users';
import { commonPasswordIssue } from '#shared/password-strength';
import { BadRequestError, ConflictError } from '#functions/lib/errors';
import { getPreferences } from '#functions/data/repositories/notifications';
import { logger } from '#functions/lib/logger';
import { deleteCompanyWithOwner, recordPlanRequest } from './account-store';
import type { SelectablePlan } from './provisioning';
import * as cognito from './cognito';
import { confirmationEmail, registerAttemptEmail } from './emails';
import { claimMailSlot } from './mail-cooldown';
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

/**
 * How long a new registration took lately (this instance's moving average, ms): an address that is
 * taken answers after about as long, so the answer's timing does not tell it apart either.
 */
const NEW_REGISTRATION_MS = { average: 600, jitter: 0.15 };
const remember = (ms: number) => {
  NEW_REGISTRATION_MS.average = Math.round(NEW_REGISTRATION_MS.average * 0.8 + ms * 0.2);
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until about as long as a new registration takes has passed since `started`. */
async function answerLikeANewOne(started: number): Promise<void> {
  const { average, jitter } = NEW_REGISTRATION_MS;
  const target = average * (1 - jitter + Math.random() * 2 * jitter);
  const left = target - (Date.now() - started);
  if (left > 0) await sleep(left);
}

/** The note to the owner of a taken address (best effort: the answer is the same whatever happens). */
async function noteToOwner(email: string, owner: User | undefined, language: UiLanguage): Promise<void> {
  try {
    if (!(await claimMailSlot('register-attempt', email))) return;
    // The owner's own language (their notifications'); a pool user the app does not know: the form's.
    const ownerLanguage = owner ? (await getPreferences(owner.companyId, owner.id)).language : language;
    await mailer.send(registerAttemptEmail(email, owner?.firstName || email, ownerLanguage));
  } catch (error) {
    logger.error('Registration with a taken address: the note to its owner was not sent', { error: error as Error });
  }
}

export async function registerAccount(input: Registration, language: UiLanguage, interfaceLanguage: UiLanguage | null = null): Promise<void> {
  const started = Date.now();
  const email = input.email.trim().toLowerCase();
  const weak = commonPasswordIssue(input.password);
  if (weak) throw new BadRequestError(weak, { password: weak });
  const owner = await findUserByEmail(email);
  if (owner) {
    await noteToOwner(email, owner, language);
    return answerLikeANewOne(started);
  }
  try {
    await cognito.createUser({ email, password: input.password, firstName: input.firstName, lastName: input.lastName });
  } catch (error) {
    // A pool user without an app user (created outside the app): the address is taken all the same.
    if (error instanceof cognito.CognitoUsernameExistsError) {
      await noteToOwner(email, undefined, language);
      return answerLikeANewOne(started);
    }
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
    remember(Date.now() - started);
  } catch (error) {
    const [createdUser, issuedToken] = [user, token];
    if (issuedToken) await undo('confirmation token', () => revokeToken('confirm-email', issuedToken));
    if (createdUser) await undo('company and user', () => deleteCompanyWithOwner(createdUser));
    await undo('Cognito user', () => cognito.deleteUser(email));
    // The address was claimed meanwhile (a registration or invitation of it at the same moment):
    // nothing of this one is left, and it answers like any other taken address.
    if (error instanceof ConflictError && error.messageKey === 'auth.emailTaken') {
      await noteToOwner(email, await findUserByEmail(email), language);
      return answerLikeANewOne(started);
    }
    throw error;
  }
}
