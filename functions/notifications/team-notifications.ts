// What the CEO hears about the team (switch teamChanges): an invited member joined (set their
// password), a member's role changed, a member was removed. The removed member's item is gone when
// the event is handled, so their name comes from the event.
import type { NotificationLanguage } from '#shared/enums';
import type { EventDetail } from '../../events/catalogue';
import { getCompany } from '#functions/data/repositories/companies';
import { getUser } from '#functions/data/repositories/users';
import { personName } from './event-notifications';
import { defaultChannels, notifyCeos, type Channels, type Delivery } from './notifier';
import { eventContent, roleName, text } from './templates';

const nameOf = (person: { firstName?: string | null; lastName?: string | null; email: string }) =>
  [person.firstName, person.lastName].filter(Boolean).join(' ').trim() || person.email;

async function companyName(companyId: string): Promise<string> {
  return (await getCompany(companyId))?.name ?? 'RentalOps';
}

export async function notifyMemberJoined(
  detail: EventDetail<'member.joined'>,
  eventId: string,
  channels: Channels = defaultChannels,
): Promise<Delivery[]> {
  const company = await companyName(detail.companyId);
  return notifyCeos(
    {
      companyId: detail.companyId,
      category: 'member_joined',
      preference: 'teamChanges',
      eventId,
      compose: (language) => {
        const params = { name: nameOf(detail), email: detail.email, company, role: roleName(detail.role, language) };
        return eventContent(text('memberJoined.subject', language, params), text('memberJoined.body', language, params), language);
      },
    },
    channels,
  );
}

export async function notifyMemberRoleChanged(
  detail: EventDetail<'member.role_changed'>,
  eventId: string,
  channels: Channels = defaultChannels,
): Promise<Delivery[]> {
  const [member, actor] = await Promise.all([getUser(detail.companyId, detail.userId), getUser(detail.companyId, detail.actorUserId)]);
  // Removed meanwhile: the removal's own alert says what matters.
  if (!member) return [];
  return notifyCeos(
    {
      companyId: detail.companyId,
      category: 'member_role_changed',
      preference: 'teamChanges',
      eventId,
      compose: (language) => {
        const params = {
          name: nameOf(member),
          who: personName(actor, language),
          previous: roleName(detail.previousRole, language),
          role: roleName(detail.role, language),
        };
        return eventContent(text('memberRoleChanged.subject', language, params), text('memberRoleChanged.body', language, params), language);
      },
    },
    channels,
  );
}

export async function notifyMemberRemoved(
  detail: EventDetail<'member.removed'>,
  eventId: string,
  channels: Channels = defaultChannels,
): Promise<Delivery[]> {
  // A cancelled invitation: the person never joined, so nobody lost access.
  if (detail.invitationCancelled) return [];
  const [company, actor] = await Promise.all([companyName(detail.companyId), getUser(detail.companyId, detail.actorUserId)]);
  return notifyCeos(
    {
      companyId: detail.companyId,
      category: 'member_removed',
      preference: 'teamChanges',
      eventId,
      compose: (language: NotificationLanguage) => {
        const params = {
          name: nameOf(detail),
          email: detail.email,
          role: roleName(detail.role, language),
          company,
          who: personName(actor, language),
        };
        return eventContent(text('memberRemoved.subject', language, params), text('memberRemoved.body', language, params), language);
      },
    },
    channels,
  );
}
