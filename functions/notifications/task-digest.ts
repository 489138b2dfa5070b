// The evening digest (hourly job, functions/event-handlers.ts SCHEDULED_JOBS): from each member's
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
import type { Company, Property, Task } from '#shared/schemas';
import { getItems } from '#functions/data/db';
import { keys } from '#functions/data/keys';
import { checkinsFrom, openAssignedTasksDueOn, tasksByIds, type AssignedTaskOfCompany } from '#functions/data/repositories/assigned-tasks';
import { getCompany } from '#functions/data/repositories/companies';
import { getMemberPreferences } from '#functions/data/repositories/member-preferences';
import { claimOnce } from '#functions/data/repositories/notifications';
import { getUser } from '#functions/data/repositories/users';
import { logger } from '#functions/lib/logger';
import { hasChannel, memberRecipient } from './assignee-notifications';
import { appUrl, dayName, memberText, myNotificationsUrl, taskUrl, timeOfDay, typeName } from './member-texts';
import { defaultChannels, deliver, type Channels } from './notifier';
import type { NotificationContent } from './templates';

const DAY_MS = 86_400_000;
const DEFAULT_TIME_ZONE = 'America/New_York';

export interface DigestRun {
  sent: number;
  alreadySent: number;
  /** Members whose digest hour has not come yet today. */
  notYet: number;
  failed: number;
}

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
    subject: memberText('digest.subject', language, { date, count }),
    text: `${memberText('digest.intro', language, { date })}\n\n${entries.join('\n\n')}\n\n${memberText('digest.myDay', language, { url: myDay })}\n\n— RentalOps\n${memberText('footer', language, { url: myNotificationsUrl() })}`,
    sms: `RentalOps: ${memberText('digest.sms', language, { count, list: short })} ${myDay}`,
  };
}

export async function sendTaskDigests(now: Date, channels: Channels = defaultChannels): Promise<DigestRun> {
  const run: DigestRun = { sent: 0, alreadySent: 0, notYet: 0, failed: 0 };
  // "Tomorrow" in any zone (UTC-12 to UTC+14) falls within these UTC days.
  const days = [-1, 0, 1, 2, 3].map((offset) => new Date(now.getTime() + offset * DAY_MS).toISOString().slice(0, 10));
  const found = (await Promise.all(days.map((day) => openAssignedTasksDueOn(day)))).flat();
  const byMember = new Map<string, AssignedTaskOfCompany[]>();
  for (const entry of found) {
    const member = `${entry.companyId}\u0000${entry.assignedUserId}`;
    byMember.set(member, [...(byMember.get(member) ?? []), entry]);
  }
  const companies = new Map<string, Promise<Company | undefined>>();
  const companyOf = (id: string) => {
    if (!companies.has(id)) companies.set(id, getCompany(id));
    return companies.get(id)!;
  };
  for (const entries of byMember.values()) {
    const { companyId, assignedUserId: userId } = entries[0];
    try {
      const company = await companyOf(companyId);
      const timeZone = company?.timezone ?? DEFAULT_TIME_ZONE;
      const local = zonedTime(now, timeZone);
      const tomorrow = addDays(local.date, 1);
      const due = entries.filter((entry) => entry.dueDate && zonedTime(new Date(entry.dueDate), timeZone).date === tomorrow);
      if (due.length === 0) continue;
      const { member, stored } = await getMemberPreferences(companyId, userId, company);
      if (!member.digest || !hasChannel(member)) continue;
      if (local.hour < member.digestHour) {
        run.notYet += 1;
        continue;
      }
      const user = await getUser(companyId, userId);
      if (!user) continue;
      // The tasks themselves are the truth (title, still open and still theirs).
      const tasks = (await tasksByIds(companyId, due.map((entry) => entry.taskId)))
        .filter((task) => task.assignedUserId === userId && (task.status === 'pending' || task.status === 'in_progress') && task.dueDate)
        .sort((a, b) => Date.parse(a.dueDate!) - Date.parse(b.dueDate!));
      if (tasks.length === 0) continue;
      if (!(await claimOnce(keys.taskDigestSent(companyId, userId, local.date), new Date(now.getTime() + 3 * DAY_MS)))) {
        run.alreadySent += 1;
        continue;
      }
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
      if (deliveries.some((delivery) => delivery.status === 'sent')) run.sent += 1;
      else run.failed += 1;
    } catch (error) {
      run.failed += 1;
      logger.error('Task digest failed for a member', { companyId, userId, error: error as Error });
    }
  }
  return run;
}
