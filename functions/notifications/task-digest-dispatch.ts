// The evening digest's dispatcher (hourly, functions/event-handlers.ts SCHEDULED_JOBS): every member
// with an open task due tomorrow in their company's zone, whose digest of today has not gone out
// yet, to the task-digests queue, one message each; the worker (task-digest.ts, sendMemberDigest)
// sends it. Kept apart from the worker so the dispatcher's function carries no mailer or SMS code.
import { addDays } from '#shared/days';
import { zonedTime } from '#shared/rules';
import type { Company } from '#shared/schemas';
import { getItem } from '#functions/data/db';
import { keys } from '#functions/data/keys';
import { openAssignedTasksDueOn, type AssignedTaskOfCompany } from '#functions/data/repositories/assigned-tasks';
import { getCompany } from '#functions/data/repositories/companies';
import { sendJobs } from '#functions/jobs/queue';
import * as z from 'zod/mini';
import { jobInstant } from '#functions/jobs/worker';

const DAY_MS = 86_400_000;
const DEFAULT_TIME_ZONE = 'America/New_York';

/** One message of the task-digests queue: one member whose open tasks fall around tomorrow. */
export const digestJob = z.object({
  companyId: z.string(),
  userId: z.string(),
  /** The member's open assigned tasks due on the UTC days around the run (the index entries). */
  tasks: z.array(z.object({ taskId: z.string(), dueDate: z.nullable(z.string()) })),
  /** The dispatcher's run. */
  at: jobInstant,
});
export type DigestJob = z.infer<typeof digestJob>;

export interface DigestDispatch {
  /** Members handed to the task-digests queue. */
  queued: number;
  /** Members whose digest of today went out already. */
  alreadySent: number;
}

/**
 * The hourly dispatcher: every member with an open task due tomorrow (their company's zone) whose
 * digest of today has not gone out yet, to the task-digests queue (one message per member).
 */
export async function dispatchTaskDigests(now: Date): Promise<DigestDispatch> {
  const run: DigestDispatch = { queued: 0, alreadySent: 0 };
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
  const jobs: DigestJob[] = [];
  for (const entries of byMember.values()) {
    const { companyId, assignedUserId: userId } = entries[0];
    const timeZone = (await companyOf(companyId))?.timezone ?? DEFAULT_TIME_ZONE;
    const local = zonedTime(now, timeZone);
    const tomorrow = addDays(local.date, 1);
    if (!entries.some((entry) => entry.dueDate && zonedTime(new Date(entry.dueDate), timeZone).date === tomorrow)) continue;
    if (await getItem(keys.taskDigestSent(companyId, userId, local.date))) {
      run.alreadySent += 1;
      continue;
    }
    jobs.push({ companyId, userId, tasks: entries.map((entry) => ({ taskId: entry.taskId, dueDate: entry.dueDate ?? null })), at: now.toISOString() });
  }
  await sendJobs('task-digests', jobs.map((job) => ({ body: job as unknown as Record<string, unknown> })));
  run.queued = jobs.length;
  return run;
}

