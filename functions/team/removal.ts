// Removing a member (CEO): the member row, the e-mail claim and a seat in one transaction, then
// every session of theirs and their pool user. Nobody removes themselves. Their tasks keep the id
// (the screens show a removed member); reassign them before completing or reopening them. Automatic
// turnovers that went to them go unassigned from now on.
import { domainEvent } from '../../events/catalogue';
import { deleteUserSessions } from '#functions/data/repositories/sessions';
import { clearTurnoverAssignee } from '#functions/data/repositories/operations-settings';
import { deleteMember } from '#functions/data/repositories/team';
import { forgetMemberAccess, forgetOwner } from '#functions/data/repositories/property-groups';
import { getUser } from '#functions/data/repositories/users';
import { BadRequestError, NotFoundError } from '#functions/lib/errors';
import type { Caller } from '#functions/lib/http';
import { logger } from '#functions/lib/logger';
import { deletePoolUser } from './cognito-admin';
import { isInvitationPending } from '#functions/data/invitations';

export async function removeMember(caller: Caller, userId: string): Promise<void> {
  if (userId === caller.userId) throw new BadRequestError('team.cannotRemoveSelf');
  const user = await getUser(caller.companyId, userId);
  if (!user) throw new NotFoundError();
  // The caller must still be a CEO when it commits (so the company keeps one). The removal and its
  // event are one transaction (the events outbox).
  await deleteMember(caller.companyId, user, caller.userId, [
    domainEvent('member.removed', {
      companyId: caller.companyId,
      occurredAt: new Date().toISOString(),
      userId: user.id,
      email: user.email,
      role: user.role,
      actorUserId: caller.userId,
      firstName: user.firstName ?? null,
      lastName: user.lastName ?? null,
      invitationCancelled: isInvitationPending(user),
    }),
  ]);
  await clearTurnoverAssignee(caller.companyId, user.id);
  await deleteUserSessions(user.id);
  // Their property groups (issue 41) leave with them.
  await forgetMemberAccess(caller.companyId, user.id);
  // An owner's properties too (issue 41 point 3).
  if (user.role === 'owner') await forgetOwner(caller.companyId, user.id);
  // The e-mail is free again (it can be invited or register anew): its pool user goes too.
  await deletePoolUser(user.email).catch((error: Error) => logger.error('Pool user of a removed member not deleted', { error, userId: user.id }));
}
