// "The guests left at 09:12: you can start" (issue 40 point 4): when a stay's guests press their
// button, the turnover's assignee is told at once, on their bell and by their own channels (e-mail,
// SMS: their notification preferences) in their language, with the task's link; an unassigned
// turnover tells the office (CEO and managers) instead, and so does a stay with no open turnover
// (reservation.guests_left: the company cleans by hand, or the turnover was dismissed or done), with
// the property's link. Once per event and recipient (the delivery
// claims and the inbox's own key make a redelivered event send nothing twice).
import type { NotificationLanguage } from '#shared/enums';
import { translateMessage } from '#shared/messages';
import type { EventDetail } from '../../events/catalogue';
import { getCompany } from '#functions/data/repositories/companies';
import { addInboxItems } from '#functions/data/repositories/inbox';
import { getMemberPreferences } from '#functions/data/repositories/member-preferences';
import { getProperty } from '#functions/data/repositories/properties';
import { getUser } from '#functions/data/repositories/users';
import { hasChannel, memberRecipient } from './assignee-notifications';
import { officeRecipients } from './inbox';
import { noticeContent, propertyUrl, taskUrl, timeOfDay } from './member-texts';
import { defaultChannels, deliver, type Channels, type Delivery } from './notifier';

const DEFAULT_TIME_ZONE = 'America/New_York';

const TEXTS = {
  subject: {
    pt: 'Os hóspedes saíram às {{time}}: {{property}}',
    en: 'The guests left at {{time}}: {{property}}',
    es: 'Los huéspedes salieron a las {{time}}: {{property}}',
  },
  body: {
    pt: 'Os hóspedes de {{property}} saíram às {{time}}: pode começar "{{title}}".{{note}}{{breakage}}',
    en: 'The guests left {{property}} at {{time}}: you can start "{{title}}".{{note}}{{breakage}}',
    es: 'Los huéspedes de {{property}} salieron a las {{time}}: puedes empezar "{{title}}".{{note}}{{breakage}}',
  },
  stayBody: {
    pt: 'Os hóspedes de {{property}} saíram às {{time}}. A estadia não tem limpeza de saída aberta: marque uma se for preciso.{{note}}{{breakage}}',
    en: 'The guests left {{property}} at {{time}}. The stay has no open turnover cleaning: schedule one if it needs it.{{note}}{{breakage}}',
    es: 'Los huéspedes de {{property}} salieron a las {{time}}. La estancia no tiene limpieza de salida abierta: programa una si hace falta.{{note}}{{breakage}}',
  },
  note: { pt: ' Recado deles: "{{note}}"', en: ' Their note: "{{note}}"', es: ' Su nota: "{{note}}"' },
  breakage: {
    pt: ' Enviaram a foto de algo quebrado (uma tarefa de manutenção foi criada).',
    en: ' They sent a photo of something broken (a maintenance task was created).',
    es: ' Enviaron una foto de algo roto (se creó una tarea de mantenimiento).',
  },
} satisfies Record<string, Record<NotificationLanguage, string>>;

const text = (key: keyof typeof TEXTS, language: NotificationLanguage, params: Record<string, string> = {}) => translateMessage(TEXTS[key][language], language, params);

type Notice = { recipients: string[]; title: string | null; taskId: string | null; kind: 'guests_left' | 'guests_left_stay'; link: string; body: 'body' | 'stayBody' };

export async function notifyGuestsLeft(detail: EventDetail<'task.guests_left'>, eventId: string, channels: Channels = defaultChannels): Promise<Delivery[]> {
  const recipients = detail.assignedUserId ? [detail.assignedUserId] : await officeRecipients(detail.companyId, detail.propertyId, null);
  return send(detail, eventId, { recipients, title: detail.title, taskId: detail.taskId, kind: 'guests_left', link: taskUrl(detail.taskId), body: 'body' }, channels);
}

/** No open turnover (reservation.guests_left): the office that sees the property is told the home is free. */
export async function notifyOfficeGuestsLeft(detail: EventDetail<'reservation.guests_left'>, eventId: string, channels: Channels = defaultChannels): Promise<Delivery[]> {
  const recipients = await officeRecipients(detail.companyId, detail.propertyId, null);
  return send(detail, eventId, { recipients, title: null, taskId: null, kind: 'guests_left_stay', link: propertyUrl(detail.propertyId), body: 'stayBody' }, channels);
}

type GuestsLeft = Pick<EventDetail<'task.guests_left'>, 'companyId' | 'occurredAt' | 'propertyId' | 'reservationId' | 'leftAt' | 'note' | 'maintenanceTaskId'>;

async function send(detail: GuestsLeft, eventId: string, notice: Notice, channels: Channels): Promise<Delivery[]> {
  const { companyId } = detail;
  const [company, property] = await Promise.all([getCompany(companyId), getProperty(companyId, detail.propertyId)]);
  const timeZone = company?.timezone ?? DEFAULT_TIME_ZONE;
  const propertyName = property?.name ?? detail.propertyId;
  const { recipients } = notice;
  await addInboxItems(
    companyId,
    recipients,
    { kind: notice.kind, title: notice.title, property: propertyName, propertyId: detail.propertyId, taskId: notice.taskId, reservationId: detail.reservationId, when: detail.leftAt, timeZone },
    { eventId, occurredAt: detail.occurredAt },
  );
  const deliveries: Delivery[] = [];
  for (const userId of recipients) {
    const user = await getUser(companyId, userId);
    if (!user) continue;
    const { member, stored } = await getMemberPreferences(companyId, user.id, company);
    if (!hasChannel(member)) continue;
    const language = member.language;
    const time = timeOfDay(detail.leftAt, language, timeZone);
    const params = {
      time,
      property: propertyName,
      title: notice.title ?? '',
      note: detail.note ? text('note', language, { note: detail.note.slice(0, 300) }) : '',
      breakage: detail.maintenanceTaskId ? text('breakage', language) : '',
    };
    const content = noticeContent(text('subject', language, params), text(notice.body, language, params), notice.link, language);
    deliveries.push(
      ...(await deliver(companyId, memberRecipient(user, member, stored), content, { category: 'task_notice', channels: ['email', 'sms'], eventId: `guests-left:${eventId}` }, channels)),
    );
  }
  return deliveries;
}
