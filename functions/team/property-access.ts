// Who sees which property (issue 41 points 1 and 2; docs/property-scope.md): the Team side of the
// property scope. Changing a member's groups takes effect on their next request (every request
// resolves the scope afresh: functions/lib/http.ts).
import { getUser } from '#functions/data/repositories/users';
import { accessOf, getPropertyGroupsState, setMemberAccess } from '#functions/data/repositories/property-groups';
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
  const groupIds = await setMemberAccess(caller.companyId, user.id, propertyGroupIds);
  return { ...memberView(user as InvitedUser), propertyGroupIds: groupIds };
}

/** Each member's group ids ([] = every property), for GET /api/team. */
export async function withPropertyGroupIds<T extends { id: string }>(companyId: string, members: T[]): Promise<Array<T & { propertyGroupIds: string[] }>> {
  const state = await getPropertyGroupsState(companyId);
  return members.map((member) => ({ ...member, propertyGroupIds: accessOf(state, member.id) }));
}
