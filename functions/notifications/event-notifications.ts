// What the CEO hears about each domain event: the notification of task.assigned, task.completed,
// property.issue_reported and reservation.checkin_upcoming, with the names the event only carries
// as ids (property, people) read from the company's own partition. Reservation and calendar-sync
// alerts live in reservation-notifications.ts, team alerts in team-notifications.ts.
import type { NotificationLanguage } from '#shared/enums';
import type { User } from '#shared/schemas';
import type { EventDetail } from '../../events/catalogue';
import { getCompany } from '#functions/data/repositories/companies';
import { getProperty } from '#functions/data/repositories/properties';
import { getUser } from '#functions/data/repositories/users';
import { defaultChannels, notifyCeos, type Channels, type Delivery } from './notifier';
import { eventContent, formatDate, formatDateTime, taskTypeName, text } from './templates';

const DEFAULT_TIME_ZONE = 'America/New_York';

export function personName(user: User | undefined, language: NotificationLanguage): string {
  if (!user) return text('someone', language);
  const name = [user.firstName, user.lastName].filter(Boolean).join(' ').trim();
  return name || user.email;
}

export async function context(companyId: string, propertyId: string) {
  const [company, property] = await Promise.all([getCompany(companyId), getProperty(companyId, propertyId)]);
  return { timeZone: company?.timezone ?? DEFAULT_TIME_ZONE, property: property?.name ?? propertyId, company: company?.name ?? '' };
}

export async function notifyTaskAssigned(
  detail: EventDetail<'task.assigned'>,
  eventId: string,
  channels: Channels = defaultChannels,
): Promise<Delivery[]> {
  const [{ timeZone, property }, assignee] = await Promise.all([
    context(detail.companyId, detail.propertyId),
    getUser(detail.companyId, detail.assignedUserId),
  ]);
  return notifyCeos(
    {
      companyId: detail.companyId,
      category: 'task_assigned',
      preference: 'taskAssigned',
      eventId,
      compose: (language) => {
        const params = {
          title: detail.title,
          type: taskTypeName(detail.type, language),
          property,
          assignee: personName(assignee, language),
          due: detail.dueDate ? text('due', language, { date: formatDateTime(detail.dueDate, language, timeZone) }) : '',
        };
        return eventContent(text('taskAssigned.subject', language, params), text('taskAssigned.body', language, params), language);
      },
    },
    channels,
  );
}

export async function notifyTaskCompleted(
  detail: EventDetail<'task.completed'>,
  eventId: string,
  channels: Channels = defaultChannels,
): Promise<Delivery[]> {
  const [{ timeZone, property }, who] = await Promise.all([
    context(detail.companyId, detail.propertyId),
    getUser(detail.companyId, detail.completedByUserId ?? detail.actorUserId),
  ]);
  return notifyCeos(
    {
      companyId: detail.companyId,
      category: 'task_completed',
      preference: 'taskCompleted',
      eventId,
      compose: (language) => {
        const params = {
          title: detail.title,
          type: taskTypeName(detail.type, language),
          property,
          who: personName(who, language),
          date: formatDateTime(detail.completedAt, language, timeZone),
        };
        return eventContent(text('taskCompleted.subject', language, params), text('taskCompleted.body', language, params), language);
      },
    },
    channels,
  );
}

/** Text on one line, blanks made one space, for comparing what two texts say. */
const said = (value: string): string => value.replace(/\s+/g, ' ').trim().toLowerCase();

/**
 * What an issue's alert adds after its title: the description, less what the title already says. A
 * work order's title is its description's first line ("Problema: Agua bajo el fregadero",
 * functions/tasks/problems.ts), so then only the lines after it are added (nothing for a one-line
 * report); a description the title does not contain (another text, or a first line the title cut
 * short) is added whole.
 */
export function issueDetails(title: string, description: string | null | undefined): string {
  const text = (description ?? '').trim();
  if (!text) return '';
  const [firstLine, ...rest] = text.split(/\r\n|[\r\n\u2028\u2029]/);
  const shown = said(title);
  if (!shown.includes(said(firstLine))) return ` ${text}`;
  const more = rest.join('\n').trim();
  return more && !shown.includes(said(more)) ? ` ${more}` : '';
}

export async function notifyPropertyIssue(
  detail: EventDetail<'property.issue_reported'>,
  eventId: string,
  channels: Channels = defaultChannels,
): Promise<Delivery[]> {
  const [{ property }, reporter] = await Promise.all([
    context(detail.companyId, detail.propertyId),
    getUser(detail.companyId, detail.reportedByUserId),
  ]);
  return notifyCeos(
    {
      companyId: detail.companyId,
      category: 'property_issue',
      preference: 'propertyIssues',
      eventId,
      compose: (language) => {
        const params = {
          title: detail.title,
          property,
          who: personName(reporter, language),
          details: issueDetails(detail.title, detail.description),
        };
        return eventContent(text('propertyIssue.subject', language, params), text('propertyIssue.body', language, params), language);
      },
    },
    channels,
  );
}

export async function notifyCheckinUpcoming(
  detail: EventDetail<'reservation.checkin_upcoming'>,
  eventId: string,
  channels: Channels = defaultChannels,
): Promise<Delivery[]> {
  const { property } = await context(detail.companyId, detail.propertyId);
  const timeZone = detail.timezone;
  return notifyCeos(
    {
      companyId: detail.companyId,
      category: 'reservation_reminder',
      preference: 'reservationReminders',
      eventId,
      compose: (language) => {
        const params = {
          guest: detail.guestName,
          property,
          date: formatDateTime(detail.checkinDate, language, timeZone),
          checkout: formatDate(detail.checkoutDate, language, timeZone),
        };
        return eventContent(text('checkin.subject', language, params), text('checkin.body', language, params), language);
      },
    },
    channels,
  );
}
