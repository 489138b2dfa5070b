// Inviting a member (CEO): a member row within the plan's user limit, a pool user without a
// password, and the invitation e-mail. A failed invitation undoes every step, so it leaves nothing
// behind; the user limit is checked first, inside addMember's transaction, before anything else.
import { randomUUID } from 'node:crypto';
import { isOwnerRole, type UiLanguage } from '#shared/enums';
import type { InviteMemberBody } from '#shared/schemas';
import { domainEvent } from '../../events/catalogue';
import { requireCompany } from '#functions/data/repositories/companies';
import { deleteMember } from '#functions/data/repositories/team';
import { addMember, emailClaimOf, getUser } from '#functions/data/repositories/users';
import { writeEvents } from '#functions/data/repositories/outbox';
import { assertPropertiesExist, forgetOwner, setOwnerProperties } from '#functions/data/repositories/property-groups';
import { BadRequestError, ConflictError } from '#functions/lib/errors';
import type { Caller } from '#functions/lib/http';
import { logger } from '#functions/lib/logger';
import { createInvitedUser, deletePoolUser } from './cognito-admin';
import { sendInvitation } from './invitation-mail';
import { isInvitationPending, type InvitedUser } from '#functions/data/invitations';
import { memberView } from './views';

async function undo(what: string, step: () => Promise<unknown>): Promise<void> {
  try {
    await step();
  } catch (error) {
    logger.error(`Invitation rollback failed: ${what}`, { error: error as Error });
  }
}

/**
 * An owner (issue 41 point 3) comes with the properties they own (required, every one the
 * company's); any other role with none.
 */
async function ownerPropertiesOf(caller: Caller, body: InviteMemberBody): Promise<string[] | undefined> {
  if (!isOwnerRole(body.role)) {
    if (body.propertyIds !== undefined) throw new BadRequestError('error.badRequest', { propertyIds: 'owners.propertyIdsOnlyForOwners' });
    return undefined;
  }
  const propertyIds = [...new Set(body.propertyIds ?? [])];
  if (!propertyIds.length) throw new BadRequestError('error.badRequest', { propertyIds: 'owners.propertyIdsRequired' });
  await assertPropertiesExist(caller.companyId, propertyIds);
  return propertyIds;
}

export async function inviteMember(caller: Caller, body: InviteMemberBody, language: UiLanguage) {
  const email = body.email.trim().toLowerCase();
  const ownedPropertyIds = await ownerPropertiesOf(caller, body);
  // Anyone else's account is only "taken", from its claim alone: another company's user item is not
  // this request's to read (the company fence, docs/tenant-fence.md).
  const claim = await emailClaimOf(email);
  if (claim && claim.companyId !== caller.companyId) throw new ConflictError('auth.emailTaken');
  const existing = claim && ((await getUser(caller.companyId, claim.userId)) as InvitedUser | undefined);
  if (existing) {
    // Someone of this company: say so plainly.
    throw new ConflictError(isInvitationPending(existing) ? 'team.alreadyInvited' : 'team.alreadyMember');
  }
  const [company, inviter] = await Promise.all([requireCompany(caller.companyId), getUser(caller.companyId, caller.userId)]);
  const now = new Date().toISOString();
  const user: InvitedUser = {
    id: randomUUID(),
    email,
    firstName: body.firstName,
    lastName: body.lastName,
    profileImageUrl: null,
    emailVerified: null,
    authProvider: 'cognito',
    role: body.role,
    companyId: caller.companyId,
    completedTasks: 0,
    invitedAt: now,
    invitedBy: caller.userId,
    createdAt: now,
    updatedAt: now,
  };
  // The plan's user limit and the e-mail's uniqueness, in one transaction: over the limit, nothing
  // is written and no pool user is created. An owner takes no seat (addMember).
  await addMember({ companyId: caller.companyId, plan: company.plan, unlimited: caller.isMaster }, user);
  let createdInPool = false;
  try {
    // An owner's properties: their scope from their first request (repositories/property-groups.ts).
    if (ownedPropertyIds) await setOwnerProperties(caller.companyId, user.id, ownedPropertyIds);
    createdInPool = await createInvitedUser({ email, firstName: body.firstName, lastName: body.lastName });
    await sendInvitation(user, inviter, company.name, language);
  } catch (error) {
    if (createdInPool) await undo('pool user', () => deletePoolUser(email));
    await undo('member', () => deleteMember(caller.companyId, user));
    if (ownedPropertyIds) await undo('owner properties', () => forgetOwner(caller.companyId, user.id));
    throw error;
  }
  // The invitation is complete only now (member row, pool user, e-mail): its event goes to the
  // outbox in a write of its own (a failed invitation was undone above and announces nothing).
  await writeEvents([
    domainEvent('member.invited', {
      companyId: caller.companyId,
      occurredAt: now,
      userId: user.id,
      email,
      firstName: body.firstName,
      lastName: body.lastName,
      role: body.role,
      invitedByUserId: caller.userId,
    }),
    // An owner's properties, in the company's history (issue 41 point 3).
    ...(ownedPropertyIds
      ? [domainEvent('owner.properties_changed', { companyId: caller.companyId, occurredAt: now, userId: user.id, propertyIds: ownedPropertyIds, previousPropertyIds: [], actorUserId: caller.userId })]
      : []),
  ]);
  return ownedPropertyIds ? { ...memberView(user), propertyIds: ownedPropertyIds } : memberView(user);
}
