// Who sees which property (issue 41 points 1 and 2; docs/property-scope.md): the Team side of the
// property scope. Changing a member's groups takes effect on their next request (every request
// resolves the scope afresh: functions/lib/http.ts).
import { getUser } from '#functions/data/repositories/users';
import { accessOf, getPropertyGroupsState, ownedPropertyIds, setMemberAccess, setOwnerProperties } from '#functions/data/repositories/property-groups';
import { isOwnerRole } from '#shared/enums';
import { domainEvent } from '../../events/catalogue';
import { writeEvents } from '#functions/data/repositories/outbox';
import { scopedPropertyIds } from '#functions/data/property-scope';
import { BadRequestError, ForbiddenError, NotFoundError } from '#functions/lib/errors';
import type { Caller } from '#functions/lib/http';
import { memberView } from './views';
import type { InvitedUser } from '#functions/data/invitations';

/** 403 for a scoped caller: groups are made by the CEO and the managers who see every property. */
export function assertUnscoped(): void {
  if (scopedPropertyIds()) throw new ForbiddenError('propertyGroups.scopedCaller');
}

/** Sets a member's property groups; the CEO always sees every property. */
export async function changeAccess(caller: Caller, userId: string, propertyGroupIds: readonly string[]) {
  const user = await getUser(caller.companyId, userId);
  if (!user) throw new NotFoundError();
  if (user.role === 'ceo' && propertyGroupIds.length) throw new BadRequestError('propertyGroups.ceoNotScoped');
  // An owner's scope is their own properties (PUT /api/team/{userId}/owner-properties), never groups.
  if (isOwnerRole(user.role)) throw new BadRequestError('owners.notForOwners');
  const groupIds = await setMemberAccess(caller.companyId, user.id, propertyGroupIds);
  return { ...memberView(user as InvitedUser), propertyGroupIds: groupIds };
}

/**
 * Each member's group ids ([] = every property), for GET /api/team; an owner (issue 41 point 3)
 * also carries the ids of the properties they own.
 */
export async function withPropertyGroupIds<T extends { id: string; role: string }>(
  companyId: string,
  members: T[],
): Promise<Array<T & { propertyGroupIds: string[]; propertyIds?: string[] }>> {
  const state = await getPropertyGroupsState(companyId);
  return members.map((member) =>
    isOwnerRole(member.role)
      ? { ...member, propertyGroupIds: [], propertyIds: ownedPropertyIds(state, member.id) }
      : { ...member, propertyGroupIds: accessOf(state, member.id) },
  );
}

/**
 * Sets an owner's properties (PUT /api/team/{userId}/owner-properties): 404 for no such user, 400
 * for a member who is not an owner, or for ids that are no property of the company (named). Takes
 * effect on the owner's next request.
 */
export async function changeOwnerProperties(caller: Caller, userId: string, propertyIds: readonly string[]) {
  const user = await getUser(caller.companyId, userId);
  if (!user) throw new NotFoundError();
  if (!isOwnerRole(user.role)) throw new BadRequestError('owners.notAnOwner');
  const previous = ownedPropertyIds(await getPropertyGroupsState(caller.companyId), user.id);
  const ids = await setOwnerProperties(caller.companyId, user.id, propertyIds);
  // In the company's history, as the other team changes are (the events outbox).
  await writeEvents([
    domainEvent('owner.properties_changed', {
      companyId: caller.companyId,
      occurredAt: new Date().toISOString(),
      userId: user.id,
      propertyIds: ids,
      previousPropertyIds: previous,
      actorUserId: caller.userId,
    }),
  ]);
  return { ...memberView(user as InvitedUser), propertyGroupIds: [], propertyIds: ids };
}
