// Changing a member's role (CEO). The company always keeps a CEO (see repositories/team.ts), and the
// member's live sessions follow the new role at once.
import { isOwnerRole, type Role } from '#shared/enums';
import type { User } from '#shared/schemas';
import { domainEvent } from '../../events/catalogue';
import { setMemberRole, setSessionsRole } from '#functions/data/repositories/team';
import { getUser, listUsers } from '#functions/data/repositories/users';
import { forgetMemberAccess } from '#functions/data/repositories/property-groups';
import { BadRequestError, ConflictError, NotFoundError } from '#functions/lib/errors';
import type { Caller } from '#functions/lib/http';
import { memberView } from './views';

/** Another CEO who must still be one when `target` stops being CEO (409 when there is none). */
async function anotherCeo(caller: Caller, target: User): Promise<string> {
  if (target.id !== caller.userId) return caller.userId;
  const other = (await listUsers(caller.companyId)).find((user) => user.role === 'ceo' && user.id !== target.id);
  if (!other) throw new ConflictError('team.lastCeo');
  return other.id;
}

export async function changeRole(caller: Caller, userId: string, role: Role) {
  const user = await getUser(caller.companyId, userId);
  if (!user) throw new NotFoundError();
  // An owner is not a member of the team, nor a member an owner (issue 41 point 3): removed and invited again.
  if (isOwnerRole(user.role) || isOwnerRole(role)) throw new BadRequestError('owners.roleChangeRefused');
  if (user.role === role) return memberView(user);
  // Demoting a CEO needs another CEO; any change needs the caller to still be one when it commits.
  const keepsCeo = user.role === 'ceo' ? await anotherCeo(caller, user) : caller.userId;
  // The change and its event in one transaction (the events outbox).
  const now = new Date();
  const updated = await setMemberRole(caller.companyId, user, role, keepsCeo, now, [
    domainEvent('member.role_changed', {
      companyId: caller.companyId,
      occurredAt: now.toISOString(),
      userId: user.id,
      previousRole: user.role,
      role,
      actorUserId: caller.userId,
    }),
  ]);
  await setSessionsRole(user.id, role);
  // A CEO sees every property (issue 41): a scoped member made CEO loses their groups (their keys' scope too).
  if (role === 'ceo') await forgetMemberAccess(caller.companyId, user.id);
  return memberView(updated);
}
