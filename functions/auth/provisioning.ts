// The app user behind a Cognito identity. Someone the app does not know yet (a first sign-in through
// the Hosted UI) is registered automatically: a company on the trial plan with them as its CEO. A
// plan picked on the sign-up screen is recorded on the new company as a plan-change request.
import type { User } from '#shared/schemas';
import { createCompanyWithOwner } from '#functions/data/repositories/companies';
import { findUserByEmail } from '#functions/data/repositories/users';
import { ConflictError } from '#functions/lib/errors';
import { recordPlanRequest } from './account-store';
import { companyNameFor, type Identity } from './identity';

/** Plans a visitor can pick on the sign-up screen (carried through the OAuth state). */
export const SELECTABLE_PLANS = ['basic', 'professional', 'enterprise'] as const;
export type SelectablePlan = (typeof SELECTABLE_PLANS)[number];

export async function userForIdentity(
  identity: Identity,
  options: { authProvider: string; requestedPlan?: SelectablePlan | null },
): Promise<{ user: User; created: boolean }> {
  const existing = await findUserByEmail(identity.email);
  if (existing) return { user: existing, created: false };
  const now = new Date();
  try {
    const { company, user } = await createCompanyWithOwner({
      company: { name: companyNameFor(identity) },
      owner: {
        email: identity.email,
        firstName: identity.firstName,
        lastName: identity.lastName,
        profileImageUrl: identity.picture,
        emailVerified: identity.emailVerified ? now.toISOString() : null,
        role: 'ceo',
        authProvider: options.authProvider,
      },
      now,
    });
    if (options.requestedPlan) await recordPlanRequest(company.id, options.requestedPlan, now);
    return { user, created: true };
  } catch (error) {
    // Two first sign-ins at once: the other one created the account.
    if (error instanceof ConflictError) {
      const winner = await findUserByEmail(identity.email);
      if (winner) return { user: winner, created: false };
    }
    throw error;
  }
}
