// The evening digest (an hourly dispatcher, functions/event-handlers.ts SCHEDULED_JOBS, hands each
// member with tasks tomorrow to the task-digests queue; its worker sends one member's digest): from each member's
// digest hour (18:00 in the company's time zone unless they chose another) every member with the
// digest on gets the list of their open tasks due tomorrow (company zone), same-day turnovers
// marked, by e-mail and/or SMS as their preferences say. Nothing is sent to a member with nothing
// tomorrow. Once per member and local day: a claim per member and day (keys.taskDigestSent), so
// reruns and overlapping runs never send twice.
//
// Reads: the open assigned tasks due on the UTC days around now, across companies (gsi1 of the
// members' task lists, keys.openTasksDueOn; a few Queries an hour, never a Scan), then per member
// with something tomorrow their company, preferences, tasks, properties and the properties' next check-ins.
import type { NotificationLanguage } from '#shared/enums';
import { addDays } from '#shared/days';
import { nextCheckinAfter } from '#shared/property-access';
import { zonedTime } from '#shared/rules';
import type { Property, Task } from '#shared/schemas';
import { getItems } from '#functions/data/db';
import { keys } from '#functions/data/keys';
import { checkinsFrom, tasksByIds } from '#functions/data/repositories/assigned-tasks';
import { getCompany } from '#functions/data/repositories/companies';
import { getMemberPreferences } from '#functions/data/repositories/member-preferences';
import { claimOnce } from '#functions/data/repositories/notifications';
import { getUser } from '#functions/data/repositories/users';
import { logger } from '#functions/lib/logger';
import type { DigestJob } from './task-digest-dispatch';
import { hasChannel, memberRecipient } from './assignee-notifications';
import { memberPropertyScope } from './office';
import { appUrl, countedText, dayName, memberText, myNotificationsUrl, taskUrl, timeOfDay, typeName } from './member-texts';
import { defaultChannels, deliver, type Channels } from './notifier';
import type { NotificationContent } from './templates';

const DAY_MS = 86_400_000;
const DEFAULT_TIME_ZONE = 'America/New_York';

interface DigestLine {
  task: Task;
  property: Property | undefined;
  /** The next guest arrives on the task's day: when. */
  sameDayArrival: string | null;
}

function digestContent(lines: readonly DigestLine[], tomorrow: string, language: NotificationLanguage, timeZone: string): NotificationContent {
  const date = dayName(tomorrow, language);
  const count = lines.length;
  const entries = lines.map(({ task, property, sameDayArrival }) => {
    const time = task.dueDate ? timeOfDay(task.dueDate, language, timeZone) : '';
    const line = memberText('digest.line', language, { time, title: task.title, type: typeName(task.type, language), property: property?.name ?? task.propertyId });
    const address = property?.address ? `\n    ${property.address}` : '';
    const sameDay = sameDayArrival ? `\n   ${memberText('sameDay', language, { time: timeOfDay(sameDayArrival, language, timeZone) }).trim()}` : '';
    return `- ${line}${address}${sameDay}\n    ${taskUrl(task.id)}`;
  });
  const short = lines
    .map(({ task, property, sameDayArrival }) => {
      const time = task.dueDate ? timeOfDay(task.dueDate, language, timeZone) : '';
      return `${time} ${property?.name ?? task.title}${sameDayArrival ? ` (${memberText('digest.sameDayShort', language)})` : ''}`;
    })
    .join('; ');
  const myDay = `${appUrl()}/my-day`;
  return {
    subject: countedText('digest.subject', language, count, { date }),
    text: `${memberText('digest.intro', language, { date })}\n\n${entries.join('\n\n')}\n\n${memberText('digest.myDay', language, { url: myDay })}\n\n— RentalOps\n${memberText('footer', language, { url: myNotificationsUrl() })}`,
    sms: `RentalOps: ${countedText('digest.sms', language, count, { list: short })} ${myDay}`,
  };
}


export type DigestOutcome = 'sent' | 'alreadySent' | 'notYet' | 'failed' | 'nothing';

/**
 * The worker's job: one member's digest, from their digest hour, once per member and local day (a
 * claim per member and day: redelivered messages and overlapping runs never send twice).
 */
export async function sendMemberDigest(job: DigestJob, channels: Channels = defaultChannels): Promise<DigestOutcome> {
  const { companyId, userId } = job;
  const now = new Date(job.at);
  const company = await getCompany(companyId);
  const timeZone = company?.timezone ?? DEFAULT_TIME_ZONE;
  const local = zonedTime(now, timeZone);
  const tomorrow = addDays(local.date, 1);
  const due = job.tasks.filter((entry) => entry.dueDate && zonedTime(new Date(entry.dueDate), timeZone).date === tomorrow);
  if (due.length === 0) return 'nothing';
  const { member, stored } = await getMemberPreferences(companyId, userId, company);
  if (!member.digest || !hasChannel(member)) return 'nothing';
  if (local.hour < member.digestHour) return 'notYet';
  const user = await getUser(companyId, userId);
  if (!user) return 'nothing';
  // The tasks themselves are the truth (title, still open and still theirs), on the properties the
  // member sees: a member scoped to property groups hears only of those (docs/property-scope.md).
  const [found, scope] = await Promise.all([tasksByIds(companyId, due.map((entry) => entry.taskId)), memberPropertyScope(companyId, userId, user.role)]);
  const tasks = found
    .filter((task) => task.assignedUserId === userId && (task.status === 'pending' || task.status === 'in_progress') && task.dueDate)
    // A repair waiting for its owner's approval is nobody's work yet (issue 41 point 4).
    .filter((task) => task.approval?.status !== 'pending')
    .filter((task) => !scope || scope.has(task.propertyId))
    .sort((a, b) => Date.parse(a.dueDate!) - Date.parse(b.dueDate!));
  if (tasks.length === 0) return 'nothing';
  if (!(await claimOnce(keys.taskDigestSent(companyId, userId, local.date), new Date(now.getTime() + 3 * DAY_MS)))) return 'alreadySent';
  const propertyIds = [...new Set(tasks.map((task) => task.propertyId))];
  const [propertyItems, checkins] = await Promise.all([
    getItems(propertyIds.map((id) => keys.property(companyId, id))),
    Promise.all(propertyIds.map((id) => checkinsFrom(companyId, id, tasks.find((task) => task.propertyId === id)!.dueDate!, 10))),
  ]);
  const lines: DigestLine[] = tasks.map((task) => {
    const index = propertyIds.indexOf(task.propertyId);
    const next = nextCheckinAfter(checkins[index], task.dueDate, timeZone, now);
    return { task, property: propertyItems[index] as Property | undefined, sameDayArrival: next?.sameDay ? next.checkinDate : null };
  });
  const deliveries = await deliver(
    companyId,
    memberRecipient(user, member, stored),
    digestContent(lines, tomorrow, member.language, timeZone),
    { category: 'task_digest', channels: ['email', 'sms'], eventId: `task-digest:${local.date}`, now: () => now },
    channels,
  );
  if (deliveries.some((delivery) => delivery.status === 'sent')) return 'sent';
  logger.warn('Task digest not delivered on any channel', { companyId, userId });
  return 'failed';
}
