// Owner stays (issue 41 point 3; docs/owners.md), told as the other alerts are:
// - owner_stay.requested: the office who see the property (CEO, managers: office.ts) on the bell and
//   by their own preferences (e-mail, SMS), with the nights and a link to the calendar;
// - owner_stay.decided: the owner who asked, on the bell and by their own preferences.
// Idempotent per event (the notifier's claim on eventId; the inbox's item id).
import type { EventDetail } from '../../events/catalogue';
import { getCompany } from '#functions/data/repositories/companies';
import { addInboxItems } from '#functions/data/repositories/inbox';
import { getMemberPreferences } from '#functions/data/repositories/member-preferences';
import { getProperty } from '#functions/data/repositories/properties';
import { getUser } from '#functions/data/repositories/users';
import { hasChannel, memberRecipient } from './assignee-notifications';
import { officeChannelRecipients, officeUsers } from './office';
import { appUrl, noticeContent, ownerNotificationsUrl } from './member-texts';
import { defaultChannels, deliver, type Channels, type Delivery } from './notifier';
import { OWNER_NOTICE_TEXTS, textsSayer, type Texts } from './texts';

const DEFAULT_TIME_ZONE = 'America/New_York';

const TEXTS = {
  'requested.subject': { en: 'Owner stay asked for: {{property}}', pt: 'Pedido de estadia do proprietário: {{property}}', es: 'Estancia del propietario pedida: {{property}}' },
  'requested.body': {
    en: '{{owner}} asks to stay at {{property}} from {{checkin}} to {{checkout}}.{{note}} Accept or decline it on the calendar.',
    pt: '{{owner}} pede para ficar em {{property}} de {{checkin}} a {{checkout}}.{{note}} Aceite ou recuse no calendário.',
    es: '{{owner}} pide alojarse en {{property}} del {{checkin}} al {{checkout}}.{{note}} Acéptala o recházala en el calendario.',
  },
  'accepted.subject': { en: 'Owner stay accepted: {{property}}', pt: 'Estadia aceita: {{property}}', es: 'Estancia aceptada: {{property}}' },
  'accepted.body': {
    en: 'Your stay at {{property}} from {{checkin}} to {{checkout}} was accepted: the nights are blocked for you.',
    pt: 'Sua estadia em {{property}} de {{checkin}} a {{checkout}} foi aceita: as noites estão bloqueadas para você.',
    es: 'Tu estancia en {{property}} del {{checkin}} al {{checkout}} fue aceptada: las noches están bloqueadas para ti.',
  },
  'declined.subject': { en: 'Owner stay declined: {{property}}', pt: 'Estadia recusada: {{property}}', es: 'Estancia rechazada: {{property}}' },
  'declined.body': {
    en: 'Your stay at {{property}} from {{checkin}} to {{checkout}} was declined.{{note}}',
    pt: 'Sua estadia em {{property}} de {{checkin}} a {{checkout}} foi recusada.{{note}}',
    es: 'Tu estancia en {{property}} del {{checkin}} al {{checkout}} fue rechazada.{{note}}',
  },
  ...OWNER_NOTICE_TEXTS,
} satisfies Record<string, Texts>;

const say = textsSayer(TEXTS);

const nameOf = (user: { firstName?: string | null; lastName?: string | null; email: string } | undefined) =>
  user ? [user.firstName, user.lastName].filter(Boolean).join(' ').trim() || user.email : null;

const oneLine = (text: string | null | undefined) => (text ?? '').replace(/\s+/g, ' ').trim().slice(0, 300);

/** An owner asked for an owner stay: the office who see the property (bell, then their channels). */
export async function notifyOwnerStayRequested(detail: EventDetail<'owner_stay.requested'>, eventId: string, channels: Channels = defaultChannels): Promise<Delivery[]> {
  const [company, property, owner, users] = await Promise.all([
    getCompany(detail.companyId),
    getProperty(detail.companyId, detail.propertyId),
    getUser(detail.companyId, detail.ownerUserId),
    officeUsers(detail.companyId, detail.propertyId, detail.ownerUserId),
  ]);
  if (users.length === 0) return [];
  const place = property?.name ?? detail.propertyId;
  const actor = nameOf(owner);
  await addInboxItems(
    detail.companyId,
    users.map((user) => user.id),
    {
      kind: 'owner_stay_requested',
      title: `${detail.checkinDate} – ${detail.checkoutDate}`,
      property: place,
      propertyId: detail.propertyId,
      actor,
      timeZone: company?.timezone ?? DEFAULT_TIME_ZONE,
      detail: detail.note ? oneLine(detail.note).slice(0, 200) : null,
    },
    { eventId, occurredAt: detail.occurredAt },
  );
  const deliveries: Delivery[] = [];
  for (const recipient of await officeChannelRecipients(detail.companyId, detail.propertyId, detail.ownerUserId)) {
    const language = recipient.preferences.language;
    const note = oneLine(detail.note);
    const params = { owner: actor ?? say('owner', language), property: place, checkin: detail.checkinDate, checkout: detail.checkoutDate, note: note ? say('note', language, { note }) : '' };
    const message = noticeContent(say('requested.subject', language, params), say('requested.body', language, params), `${appUrl()}/calendar`, language);
    deliveries.push(...(await deliver(detail.companyId, recipient, message, { category: 'owner_stay', channels: ['email', 'sms'], eventId }, channels)));
  }
  return deliveries;
}

/** The office answered: the owner who asked (bell, then their channels). */
export async function notifyOwnerStayDecided(detail: EventDetail<'owner_stay.decided'>, eventId: string, channels: Channels = defaultChannels): Promise<Delivery[]> {
  const [company, property, owner] = await Promise.all([
    getCompany(detail.companyId),
    getProperty(detail.companyId, detail.propertyId),
    getUser(detail.companyId, detail.ownerUserId),
  ]);
  // An owner removed since has no account to be told on.
  if (!owner) return [];
  const place = property?.name ?? detail.propertyId;
  await addInboxItems(
    detail.companyId,
    [owner.id],
    {
      kind: detail.accepted ? 'owner_stay_accepted' : 'owner_stay_declined',
      title: `${detail.checkinDate} – ${detail.checkoutDate}`,
      property: place,
      propertyId: detail.propertyId,
      reservationId: detail.blockId,
      timeZone: company?.timezone ?? DEFAULT_TIME_ZONE,
      detail: detail.note ? oneLine(detail.note).slice(0, 200) : null,
    },
    { eventId, occurredAt: detail.occurredAt },
  );
  const { member, stored } = await getMemberPreferences(detail.companyId, owner.id, company);
  if (!hasChannel(member)) return [];
  const language = member.language;
  const kind = detail.accepted ? 'accepted' : 'declined';
  const note = oneLine(detail.note);
  const params = { property: place, checkin: detail.checkinDate, checkout: detail.checkoutDate, note: note ? say('note', language, { note }) : '' };
  const message = noticeContent(say(`${kind}.subject`, language, params), say(`${kind}.body`, language, params), `${appUrl()}/owner/stays`, language, ownerNotificationsUrl());
  return deliver(detail.companyId, memberRecipient(owner, member, stored), message, { category: 'owner_stay', channels: ['email', 'sms'], eventId }, channels);
}
