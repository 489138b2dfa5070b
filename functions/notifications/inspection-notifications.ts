// Inspections and readiness (issue 40; docs/inspections-readiness.md), told as the other alerts are:
// - task.inspection_failed: the cleaner (the cleaning's assignee) by their own preferences (e-mail,
//   SMS) and the bell: the cleaning is open again, with the inspector's note and the failed items;
// - task.inspection_requested with no inspector: the office (CEO and managers) by the bell and by
//   their own channels, so someone takes the inspection;
// - property.not_ready: the office, once per check-in (the readiness job publishes it once).
// Every sender is idempotent per event (the notifier's claim on eventId; the inbox's item id).
import type { NotificationLanguage } from '#shared/enums';
import type { EventDetail } from '../../events/catalogue';
import { getCompany } from '#functions/data/repositories/companies';
import { addInboxItems } from '#functions/data/repositories/inbox';
import { getProperty } from '#functions/data/repositories/properties';
import { getUser } from '#functions/data/repositories/users';
import { notifyMemberOfTask } from './assignee-notifications';
import { officeRecipients } from './inbox';
import { officeChannelRecipients } from './office';
import { noticeContent, propertyUrl, taskUrl } from './member-texts';
import { defaultChannels, deliver, type Channels, type Delivery, type NotificationCategory } from './notifier';
import { formatDateTime } from './templates';
import { textsSayer, type Texts } from './texts';

const DEFAULT_TIME_ZONE = 'America/New_York';

const TEXTS = {
  'requested.subject': { en: 'Inspection waiting: {{title}}', pt: 'Inspeção à espera: {{title}}', es: 'Inspección pendiente: {{title}}' },
  'requested.body': {
    en: '"{{cleaning}}" at {{property}} is done and needs an inspection (round {{round}}). The property has no inspector: assign one or inspect it yourself.',
    pt: '"{{cleaning}}" em {{property}} foi concluída e precisa de inspeção (rodada {{round}}). A propriedade não tem inspetor: atribua um ou inspecione você mesmo.',
    es: '"{{cleaning}}" en {{property}} está terminada y necesita una inspección (ronda {{round}}). La propiedad no tiene inspector: asigna uno o inspecciónala tú.',
  },
  'notReady.subject': { en: 'Not ready: {{property}} (check-in {{when}})', pt: 'Não está pronta: {{property}} (check-in {{when}})', es: 'No está lista: {{property}} (check-in {{when}})' },
  'notReady.body': {
    en: '{{property}} is not ready for the check-in at {{when}}: {{status}}.',
    pt: '{{property}} não está pronta para o check-in de {{when}}: {{status}}.',
    es: '{{property}} no está lista para el check-in de {{when}}: {{status}}.',
  },
  'status.occupied': { en: 'a guest is still in', pt: 'ainda há hóspede', es: 'aún hay huéspedes' },
  'status.needs_cleaning': { en: 'the cleaning has not started', pt: 'a limpeza não começou', es: 'la limpieza no ha empezado' },
  'status.cleaning': { en: 'the cleaning is under way', pt: 'a limpeza está em andamento', es: 'la limpieza está en curso' },
  'status.needs_inspection': { en: 'the inspection is not done', pt: 'a inspeção não foi feita', es: 'la inspección no está hecha' },
  'status.ready': { en: 'ready', pt: 'pronta', es: 'lista' },
  failedDetails: { en: ' Failed: {{items}}.', pt: ' Reprovado: {{items}}.', es: ' Suspendido: {{items}}.' },
  noteDetails: { en: ' Note: {{note}}', pt: ' Observação: {{note}}', es: ' Nota: {{note}}' },
} satisfies Record<string, Texts>;

const say = textsSayer(TEXTS);

/** What failed, for the cleaner's notice: the items and the note (one line each, clipped). */
export function failureDetails(detail: Pick<EventDetail<'task.inspection_failed'>, 'failedItems' | 'note'>, language: NotificationLanguage): string {
  const items = detail.failedItems.slice(0, 10).join('; ');
  const note = (detail.note ?? '').replace(/\s+/g, ' ').trim().slice(0, 300);
  return `${items ? say('failedDetails', language, { items }) : ''}${note ? say('noteDetails', language, { note }) : ''}`;
}

async function nameOf(companyId: string, userId: string): Promise<string | null> {
  const user = await getUser(companyId, userId);
  if (!user) return null;
  return [user.firstName, user.lastName].filter(Boolean).join(' ').trim() || user.email;
}

/** The cleaner is told their cleaning failed its inspection: the bell, then their own channels. */
export async function notifyInspectionFailed(detail: EventDetail<'task.inspection_failed'>, eventId: string, channels: Channels = defaultChannels): Promise<Delivery[]> {
  const cleaner = detail.assignedUserId;
  if (!cleaner || cleaner === detail.actorUserId) return [];
  const [company, property, actor] = await Promise.all([getCompany(detail.companyId), getProperty(detail.companyId, detail.propertyId), nameOf(detail.companyId, detail.actorUserId)]);
  await addInboxItems(
    detail.companyId,
    [cleaner],
    {
      kind: 'inspection_failed',
      title: detail.title,
      property: property?.name ?? detail.propertyId,
      propertyId: detail.propertyId,
      taskId: detail.taskId,
      actor,
      when: detail.dueDate,
      timeZone: company?.timezone ?? DEFAULT_TIME_ZONE,
      detail: detail.note ? detail.note.slice(0, 200) : null,
    },
    { eventId, occurredAt: detail.occurredAt },
  );
  return notifyMemberOfTask(
    {
      kind: 'inspection_failed',
      companyId: detail.companyId,
      occurredAt: detail.occurredAt,
      taskId: detail.taskId,
      title: detail.title,
      type: detail.type,
      propertyId: detail.propertyId,
      actorUserId: detail.actorUserId,
      recipientId: cleaner,
      dueDate: detail.dueDate,
      details: (language) => failureDetails(detail, language),
    },
    channels,
  );
}

async function toOffice(
  companyId: string,
  propertyId: string,
  except: string | null,
  category: NotificationCategory,
  eventId: string,
  compose: (language: NotificationLanguage) => { subject: string; body: string; link: string },
  channels: Channels,
): Promise<Delivery[]> {
  const deliveries: Delivery[] = [];
  // The CEO and the managers who see the property (office.ts), each with their own channels and language.
  for (const recipient of await officeChannelRecipients(companyId, propertyId, except)) {
    const language = recipient.preferences.language;
    const { subject, body, link } = compose(language);
    const content = noticeContent(subject, body, link, language);
    deliveries.push(...(await deliver(companyId, recipient, content, { category, channels: ['email', 'sms'], eventId }, channels)));
  }
  return deliveries;
}

/** An inspection with no inspector: the office is told (bell and channels), so someone takes it. */
export async function notifyInspectionRequested(detail: EventDetail<'task.inspection_requested'>, eventId: string, channels: Channels = defaultChannels): Promise<Delivery[]> {
  if (detail.inspectorId) return [];
  const [company, property] = await Promise.all([getCompany(detail.companyId), getProperty(detail.companyId, detail.propertyId)]);
  const place = property?.name ?? detail.propertyId;
  const recipients = await officeRecipients(detail.companyId, detail.propertyId, detail.actorUserId);
  if (recipients.length) {
    await addInboxItems(
      detail.companyId,
      recipients,
      { kind: 'inspection_requested', title: detail.title, property: place, propertyId: detail.propertyId, taskId: detail.taskId, timeZone: company?.timezone ?? DEFAULT_TIME_ZONE },
      { eventId, occurredAt: detail.occurredAt },
    );
  }
  return toOffice(detail.companyId, detail.propertyId, detail.actorUserId, 'inspection_requested', eventId, (language) => {
    const params = { title: detail.title, cleaning: detail.cleaningTitle, property: place, round: detail.round };
    return { subject: say('requested.subject', language, params), body: say('requested.body', language, params), link: taskUrl(detail.taskId) };
  }, channels);
}

/** A property not ready N hours before its check-in: the office, once per check-in. */
export async function notifyPropertyNotReady(detail: EventDetail<'property.not_ready'>, eventId: string, channels: Channels = defaultChannels): Promise<Delivery[]> {
  const [company, property] = await Promise.all([getCompany(detail.companyId), getProperty(detail.companyId, detail.propertyId)]);
  const place = property?.name ?? detail.propertyId;
  const timeZone = company?.timezone ?? DEFAULT_TIME_ZONE;
  const recipients = await officeRecipients(detail.companyId, detail.propertyId, null);
  if (recipients.length) {
    await addInboxItems(
      detail.companyId,
      recipients,
      { kind: 'property_not_ready', property: place, propertyId: detail.propertyId, reservationId: detail.reservationId, when: detail.checkinDate, timeZone, detail: detail.readiness },
      { eventId, occurredAt: detail.occurredAt },
    );
  }
  return toOffice(detail.companyId, detail.propertyId, null, 'property_not_ready', eventId, (language) => {
    const params = { property: place, when: formatDateTime(detail.checkinDate, language, timeZone), status: say(`status.${detail.readiness}`, language) };
    return { subject: say('notReady.subject', language, params), body: say('notReady.body', language, params), link: propertyUrl(detail.propertyId) };
  }, channels);
}
