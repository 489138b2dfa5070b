// The bell's feed (shared/inbox.ts), written by the same event consumers that send the e-mail and
// SMS notices (functions/handlers/notify-*.ts), before they send: one item per recipient, once per
// event (repositories/inbox.ts). Members hear of their own work (assigned, taken off, moved,
// cancelled); the office (CEO and managers) of completions, problems, failed calendars, double
// bookings and bookings gone from a feed. Nobody is told of their own act. Items carry names and
// instants, not sentences: the bell words them in the reader's language.
import type { InboxKind } from '#shared/inbox';
import type { EventDetail } from '../../events/catalogue';
import { getCompany } from '#functions/data/repositories/companies';
import { addInboxItems, type InboxDraft } from '#functions/data/repositories/inbox';
import { getProperty } from '#functions/data/repositories/properties';
import { getUser } from '#functions/data/repositories/users';
import { officeUsers } from './office';

const DEFAULT_TIME_ZONE = 'America/New_York';

interface Place {
  property: string;
  propertyId: string;
  timeZone: string;
}

async function place(companyId: string, propertyId: string): Promise<Place> {
  const [company, property] = await Promise.all([getCompany(companyId), getProperty(companyId, propertyId)]);
  return { property: property?.name ?? propertyId, propertyId, timeZone: company?.timezone ?? DEFAULT_TIME_ZONE };
}

async function nameOf(companyId: string, userId: string | null | undefined): Promise<string | null> {
  if (!userId) return null;
  const user = await getUser(companyId, userId);
  if (!user) return null;
  return [user.firstName, user.lastName].filter(Boolean).join(' ').trim() || user.email;
}

/** The CEO and the managers who see the property (functions/notifications/office.ts), but not `except` (who did it). */
export async function officeRecipients(companyId: string, propertyId: string | null, except?: string | null): Promise<string[]> {
  return (await officeUsers(companyId, propertyId, except)).map((user) => user.id);
}

type TaskNoticeDetail = {
  companyId: string;
  occurredAt: string;
  taskId: string;
  title: string;
  propertyId: string;
  actorUserId: string;
  dueDate: string | null;
};

/**
 * A member's own work: `recipientId` is told (not when they did it themselves). The id of the
 * event's write (taskId and occurredAt) is the key, as for the e-mail notice, so the events of one
 * write that both reassign and move a task give the new assignee one "assigned" item.
 */
export async function inboxTaskNotice(
  kind: Extract<InboxKind, 'task_assigned' | 'task_unassigned' | 'task_rescheduled' | 'task_cancelled'>,
  detail: TaskNoticeDetail,
  recipientId: string,
  previousDueDate: string | null = null,
): Promise<void> {
  if (recipientId === detail.actorUserId) return;
  const [where, actor] = await Promise.all([place(detail.companyId, detail.propertyId), nameOf(detail.companyId, detail.actorUserId)]);
  await addInboxItems(
    detail.companyId,
    [recipientId],
    { kind, title: detail.title, ...where, taskId: detail.taskId, actor, when: detail.dueDate, previousWhen: previousDueDate },
    { eventId: `task-notice:${detail.taskId}:${detail.occurredAt}`, occurredAt: detail.occurredAt },
  );
}

async function toOffice(companyId: string, actorUserId: string | null, draft: Partial<InboxDraft> & { kind: InboxKind }, eventId: string, occurredAt: string) {
  const recipients = await officeRecipients(companyId, draft.propertyId ?? null, actorUserId);
  if (recipients.length) await addInboxItems(companyId, recipients, draft, { eventId, occurredAt });
}

export async function inboxTaskCompleted(detail: EventDetail<'task.completed'>, eventId: string): Promise<void> {
  const who = detail.completedByUserId ?? detail.actorUserId;
  const [where, actor] = await Promise.all([place(detail.companyId, detail.propertyId), nameOf(detail.companyId, who)]);
  await toOffice(detail.companyId, detail.actorUserId, { kind: 'task_completed', title: detail.title, ...where, taskId: detail.taskId, actor, when: detail.completedAt }, eventId, detail.occurredAt);
}

export async function inboxProblemReported(detail: EventDetail<'property.issue_reported'>, eventId: string): Promise<void> {
  const [where, actor] = await Promise.all([place(detail.companyId, detail.propertyId), nameOf(detail.companyId, detail.reportedByUserId)]);
  await toOffice(
    detail.companyId,
    detail.reportedByUserId,
    { kind: 'problem_reported', title: detail.title, ...where, taskId: detail.taskId, actor, detail: detail.urgency ?? null },
    eventId,
    detail.occurredAt,
  );
}

export async function inboxCalendarFailed(detail: EventDetail<'calendar.feed_failed'>, eventId: string): Promise<void> {
  const where = await place(detail.companyId, detail.propertyId);
  await toOffice(detail.companyId, null, { kind: 'calendar_failed', ...where, detail: detail.source }, eventId, detail.occurredAt);
}

export async function inboxDoubleBooking(detail: EventDetail<'reservation.double_booked'>, eventId: string): Promise<void> {
  const where = await place(detail.companyId, detail.propertyId);
  await toOffice(
    detail.companyId,
    null,
    { kind: 'double_booking', title: detail.guestName, ...where, reservationId: detail.reservationId, when: detail.checkinDate, detail: detail.source },
    eventId,
    detail.occurredAt,
  );
}

export async function inboxBookingMissing(detail: EventDetail<'reservation.missing_from_feed'>, eventId: string): Promise<void> {
  const where = await place(detail.companyId, detail.propertyId);
  await toOffice(
    detail.companyId,
    null,
    { kind: 'booking_missing', title: detail.guestName, ...where, reservationId: detail.reservationId, when: detail.checkinDate, detail: detail.source },
    eventId,
    detail.occurredAt,
  );
}
