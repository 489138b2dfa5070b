// Members told of their own work (issue 19 point 3): when a task is assigned to them, taken off
// them (unassigned, or reassigned to someone else), moved or cancelled, they get an e-mail and/or an
// SMS by their own preferences (repositories/member-preferences.ts) and in their language, naming
// the task, the property and the time (company zone), with a link to the task; a same-day turnover
// (the next guest arrives on the task's day) is marked. Nobody is told of their own change.
//
// Idempotent per task write and member: every notice of one write (the events of one write share
// taskId and occurredAt) claims the same delivery key for a member, so a redelivered event never
// sends twice and a write that both reassigns and moves a task tells the new assignee once. At most
// NOTICES_PER_MEMBER_PER_HOUR notices per member and hour (a calendar import assigning fifty
// turnovers must not flood a phone; the evening digest still lists tomorrow's), counted apart for
// the notices of work taken away (taken off, cancelled): a burst of assignments must not use up the
// hour's notices and leave a cleaner going to a cleaning that is no longer theirs.
import { nextCheckinAfter } from '#shared/property-access';
import type { NotificationLanguage, TaskType } from '#shared/enums';
import type { User } from '#shared/schemas';
import { keys } from '#functions/data/keys';
import { checkinsFrom } from '#functions/data/repositories/assigned-tasks';
import { getCompany } from '#functions/data/repositories/companies';
import { getMemberPreferences, type MemberNotificationPreferences } from '#functions/data/repositories/member-preferences';
import { claimOnce, releaseClaim, takeAlertQuota, type NotificationPreferencesView } from '#functions/data/repositories/notifications';
import { getProperty } from '#functions/data/repositories/properties';
import { getUser } from '#functions/data/repositories/users';
import { logger } from '#functions/lib/logger';
import { memberText, noticeContent, taskUrl, timeOfDay, typeName, when } from './member-texts';
import { defaultChannels, deliver, type Channels, type Delivery, type Recipient } from './notifier';

const DEFAULT_TIME_ZONE = 'America/New_York';
export const NOTICES_PER_MEMBER_PER_HOUR = 20;
const CLAIM_DAYS = 7;

/** inspection_failed (issue 40): their cleaning failed its inspection and is open again. */
export type NoticeKind = 'assigned' | 'unassigned' | 'rescheduled' | 'cancelled' | 'inspection_failed';

export interface TaskNotice {
  kind: NoticeKind;
  companyId: string;
  occurredAt: string;
  taskId: string;
  title: string;
  type: TaskType;
  propertyId: string;
  actorUserId: string;
  /** Who is told. */
  recipientId: string;
  dueDate: string | null;
  previousDueDate?: string | null;
  /** More words at the end of the body, in the recipient's language (what failed an inspection). */
  details?: (language: NotificationLanguage) => string;
}

/** The recipient as the notifier reads it: the member's own channels and language. */
export function memberRecipient(user: User, member: MemberNotificationPreferences, stored: NotificationPreferencesView): Recipient {
  return {
    userId: user.id,
    email: user.email,
    preferences: { ...stored, emailEnabled: member.email, smsEnabled: member.sms, phoneNumber: member.phone, language: member.language },
  };
}

export const hasChannel = (member: MemberNotificationPreferences): boolean => member.email || (member.sms && Boolean(member.phone));

/** The notices that take work away: an allowance of their own. */
const TAKEN_AWAY: ReadonlySet<NoticeKind> = new Set(['unassigned', 'cancelled']);

/** Counts one notice against the member's hourly allowance, once per notice (a redelivery is not counted again). */
async function withinMemberLimit(companyId: string, userId: string, noticeId: string, kind: NoticeKind): Promise<boolean> {
  const marker = keys.alertCounted(companyId, `${noticeId}#${userId}`);
  if (!(await claimOnce(marker, new Date(Date.now() + CLAIM_DAYS * 86_400_000)))) return true;
  const allowance = TAKEN_AWAY.has(kind) ? `task_notice_off:${userId}` : `task_notice:${userId}`;
  if (await takeAlertQuota(companyId, allowance, NOTICES_PER_MEMBER_PER_HOUR)) return true;
  await releaseClaim(marker);
  logger.warn('Member notice limit reached: notice not sent', { companyId, userId, noticeId, limitPerHour: NOTICES_PER_MEMBER_PER_HOUR });
  return false;
}

export async function notifyMemberOfTask(notice: TaskNotice, channels: Channels = defaultChannels, now = new Date()): Promise<Delivery[]> {
  if (notice.recipientId === notice.actorUserId) return [];
  const [company, user, property] = await Promise.all([
    getCompany(notice.companyId),
    getUser(notice.companyId, notice.recipientId),
    getProperty(notice.companyId, notice.propertyId),
  ]);
  // A member removed meanwhile has no account to be told on.
  if (!user) return [];
  const { member, stored } = await getMemberPreferences(notice.companyId, user.id, company);
  if (!hasChannel(member)) return [];
  const timeZone = company?.timezone ?? DEFAULT_TIME_ZONE;
  let arrival: string | null = null;
  if ((notice.kind === 'assigned' || notice.kind === 'rescheduled') && notice.dueDate) {
    const next = nextCheckinAfter(await checkinsFrom(notice.companyId, notice.propertyId, notice.dueDate, 5), notice.dueDate, timeZone, now);
    if (next?.sameDay) arrival = next.checkinDate;
  }
  const noticeId = `task-notice:${notice.taskId}:${notice.occurredAt}`;
  if (!(await withinMemberLimit(notice.companyId, user.id, noticeId, notice.kind))) return [];
  const language = member.language;
  const params = {
    title: notice.title,
    type: typeName(notice.type, language),
    property: property?.name ?? notice.propertyId,
    when: when(notice.dueDate, language, timeZone),
    previous: when(notice.previousDueDate, language, timeZone),
    sameDay: arrival ? memberText('sameDay', language, { time: timeOfDay(arrival, language, timeZone) }) : '',
    details: notice.details?.(language) ?? '',
  };
  const content = noticeContent(
    memberText(`${notice.kind}.subject`, language, params),
    memberText(`${notice.kind}.body`, language, params),
    taskUrl(notice.taskId),
    language,
  );
  return deliver(notice.companyId, memberRecipient(user, member, stored), content, { category: 'task_notice', channels: ['email', 'sms'], eventId: noticeId, now: () => now }, channels);
}
