// Repairs the owner pays for (issue 41 point 4; docs/owner-approvals.md), told as the other alerts are:
// - task.approval_requested: each owner of the property (role owner) on their bell and by their own
//   preferences (e-mail, SMS), with the amount and a link to their portal's approvals;
// - task.approval_decided: the office who see the property (CEO, managers: office.ts) on the bell and
//   their channels; an approved repair's assignee is told by task.assigned, as on an assignment.
// Idempotent per event (the notifier's claim on eventId; the inbox's item id).
import type { NotificationLanguage } from '#shared/enums';
import { fromCents } from '#shared/rules';
import type { EventDetail } from '../../events/catalogue';
import { getCompany } from '#functions/data/repositories/companies';
import { addInboxItems } from '#functions/data/repositories/inbox';
import { getMemberPreferences } from '#functions/data/repositories/member-preferences';
import { getProperty } from '#functions/data/repositories/properties';
import { getUser } from '#functions/data/repositories/users';
import { hasChannel, memberRecipient } from './assignee-notifications';
import { officeChannelRecipients, officeUsers } from './office';
import { appUrl, noticeContent, ownerNotificationsUrl, taskUrl } from './member-texts';
import { defaultChannels, deliver, type Channels, type Delivery } from './notifier';
import { LOCALES } from './templates';
import { OWNER_NOTICE_TEXTS, textsSayer, type Texts } from './texts';

const DEFAULT_TIME_ZONE = 'America/New_York';

const TEXTS = {
  'requested.subject': {
    en: 'Your approval is needed: {{title}} ({{amount}})',
    pt: 'Sua aprovação é necessária: {{title}} ({{amount}})',
    es: 'Se necesita tu aprobación: {{title}} ({{amount}})',
  },
  'requested.body': {
    en: 'A repair at {{property}} is estimated at {{amount}}, above your approval limit: "{{title}}". It waits for your approval: approve or decline it in your portal.',
    pt: 'Um reparo em {{property}} foi estimado em {{amount}}, acima do seu limite de aprovação: "{{title}}". Ele aguarda a sua aprovação: aprove ou recuse no seu portal.',
    es: 'Una reparación en {{property}} se estima en {{amount}}, por encima de tu límite de aprobación: "{{title}}". Espera tu aprobación: apruébala o recházala en tu portal.',
  },
  'approved.subject': { en: 'Repair approved: {{title}}', pt: 'Reparo aprovado: {{title}}', es: 'Reparación aprobada: {{title}}' },
  'approved.body': {
    en: '{{owner}} approved "{{title}}" at {{property}} ({{amount}}): it can go on.{{note}}',
    pt: '{{owner}} aprovou "{{title}}" em {{property}} ({{amount}}): ele pode seguir.{{note}}',
    es: '{{owner}} aprobó "{{title}}" en {{property}} ({{amount}}): puede seguir.{{note}}',
  },
  'declined.subject': { en: 'Repair declined: {{title}}', pt: 'Reparo recusado: {{title}}', es: 'Reparación rechazada: {{title}}' },
  'declined.body': {
    en: '{{owner}} declined "{{title}}" at {{property}} ({{amount}}): the task is cancelled.{{note}}',
    pt: '{{owner}} recusou "{{title}}" em {{property}} ({{amount}}): a tarefa foi cancelada.{{note}}',
    es: '{{owner}} rechazó "{{title}}" en {{property}} ({{amount}}): la tarea se canceló.{{note}}',
  },
  ...OWNER_NOTICE_TEXTS,
} satisfies Record<string, Texts>;

const say = textsSayer(TEXTS);

/** Cents as the reader's language writes US dollars ("$1,450.00", "US$ 1.450,00"). */
export function amountText(cents: number, language: NotificationLanguage): string {
  return new Intl.NumberFormat(LOCALES[language], { style: 'currency', currency: 'USD' }).format(Number(fromCents(cents)));
}

async function nameOf(companyId: string, userId: string): Promise<string | null> {
  const user = await getUser(companyId, userId);
  if (!user) return null;
  return [user.firstName, user.lastName].filter(Boolean).join(' ').trim() || user.email;
}

/** A repair waits for the owners: each is told on the bell, then by their own channels. */
export async function notifyApprovalRequested(detail: EventDetail<'task.approval_requested'>, eventId: string, channels: Channels = defaultChannels): Promise<Delivery[]> {
  const [company, property, actor] = await Promise.all([
    getCompany(detail.companyId),
    getProperty(detail.companyId, detail.propertyId),
    nameOf(detail.companyId, detail.actorUserId),
  ]);
  const place = property?.name ?? detail.propertyId;
  // An owner removed since has no account to be told on.
  const owners = (await Promise.all(detail.ownerUserIds.map((userId) => getUser(detail.companyId, userId)))).filter(
    (user): user is NonNullable<typeof user> => Boolean(user) && user!.id !== detail.actorUserId,
  );
  if (owners.length === 0) return [];
  await addInboxItems(
    detail.companyId,
    owners.map((owner) => owner.id),
    { kind: 'approval_requested', title: detail.title, property: place, propertyId: detail.propertyId, taskId: detail.taskId, actor, timeZone: company?.timezone ?? DEFAULT_TIME_ZONE, detail: String(detail.estimatedCost) },
    { eventId, occurredAt: detail.occurredAt },
  );
  const deliveries: Delivery[] = [];
  for (const owner of owners) {
    const { member, stored } = await getMemberPreferences(detail.companyId, owner.id, company);
    if (!hasChannel(member)) continue;
    const language = member.language;
    const params = { title: detail.title, property: place, amount: amountText(detail.estimatedCost, language) };
    const message = noticeContent(say('requested.subject', language, params), say('requested.body', language, params), `${appUrl()}/owner/approvals`, language, ownerNotificationsUrl());
    deliveries.push(...(await deliver(detail.companyId, memberRecipient(owner, member, stored), message, { category: 'owner_approval', channels: ['email', 'sms'], eventId }, channels)));
  }
  return deliveries;
}

/** The owner decided: the office who see the property are told (bell, then their channels). */
export async function notifyApprovalDecided(detail: EventDetail<'task.approval_decided'>, eventId: string, channels: Channels = defaultChannels): Promise<Delivery[]> {
  const [company, property, owner, users] = await Promise.all([
    getCompany(detail.companyId),
    getProperty(detail.companyId, detail.propertyId),
    nameOf(detail.companyId, detail.actorUserId),
    officeUsers(detail.companyId, detail.propertyId, detail.actorUserId),
  ]);
  if (users.length === 0) return [];
  const place = property?.name ?? detail.propertyId;
  await addInboxItems(
    detail.companyId,
    users.map((user) => user.id),
    {
      kind: detail.approved ? 'approval_approved' : 'approval_declined',
      title: detail.title,
      property: place,
      propertyId: detail.propertyId,
      taskId: detail.taskId,
      actor: owner,
      timeZone: company?.timezone ?? DEFAULT_TIME_ZONE,
      detail: detail.note ? detail.note.slice(0, 200) : null,
    },
    { eventId, occurredAt: detail.occurredAt },
  );
  const recipients = await officeChannelRecipients(detail.companyId, detail.propertyId, detail.actorUserId);
  const deliveries: Delivery[] = [];
  const kind = detail.approved ? 'approved' : 'declined';
  for (const recipient of recipients) {
    const language = recipient.preferences.language;
    const note = (detail.note ?? '').replace(/\s+/g, ' ').trim().slice(0, 300);
    const params = {
      title: detail.title,
      property: place,
      owner: owner ?? say('owner', language),
      amount: amountText(detail.estimatedCost, language),
      note: note ? say('note', language, { note }) : '',
    };
    const message = noticeContent(say(`${kind}.subject`, language, params), say(`${kind}.body`, language, params), taskUrl(detail.taskId), language);
    deliveries.push(...(await deliver(detail.companyId, recipient, message, { category: 'owner_approval', channels: ['email', 'sms'], eventId }, channels)));
  }
  return deliveries;
}
