// The trial reminders' dispatcher (hourly, functions/event-handlers.ts SCHEDULED_JOBS
// 'send-trial-reminders'): reads the trial-end index (keys.trialEndIndex: one partition per UTC day)
// around now and hands each trial company whose reminder is due, and not yet sent, to the
// trial-reminders queue, one message per company; the worker (./trial.ts remindTrialCompany,
// functions/handlers/send-trial-reminder.ts) claims and sends it. Kept apart from the worker so the
// dispatcher's function carries no mailer code. The reminder rules (which one is due) live here.
import { queryAll, getItem } from '#functions/data/db';
import { keys } from '#functions/data/keys';
import { getCompany } from '#functions/data/repositories/companies';
import { sendJobs } from '#functions/jobs/queue';
import * as z from 'zod/mini';
import { jobInstant } from '#functions/jobs/worker';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

export const TRIAL_REMINDERS = ['three_days', 'one_day', 'ended'] as const;
export type TrialReminder = (typeof TRIAL_REMINDERS)[number];

/** How long before the end each reminder is due. */
export const REMINDER_LEAD_MS: Record<TrialReminder, number> = { three_days: 3 * DAY_MS, one_day: DAY_MS, ended: 0 };
/** An end older than this is not announced (a job that was down for days does not mail stale news). */
export const ENDED_NOTICE_WINDOW_MS = 2 * DAY_MS;

/** The reminder due at `now` for a trial ending at `trialEndsAt`, if any (the latest one due). */
export function dueReminder(trialEndsAt: string, now: Date): TrialReminder | undefined {
  const end = Date.parse(trialEndsAt);
  if (Number.isNaN(end)) return undefined;
  const t = now.getTime();
  if (t >= end) return t - end <= ENDED_NOTICE_WINDOW_MS ? 'ended' : undefined;
  if (t >= end - REMINDER_LEAD_MS.one_day) return 'one_day';
  if (t >= end - REMINDER_LEAD_MS.three_days) return 'three_days';
  return undefined;
}

/** One message of the trial-reminders queue: one company's reminder for one trial end. */
export const trialReminderJob = z.object({
  companyId: z.string(),
  reminder: z.enum(TRIAL_REMINDERS),
  /** The trial end the reminder announces (ISO); a company whose end moved since gets none from this job. */
  trialEndsAt: jobInstant,
  /** The dispatcher's run. */
  at: jobInstant,
});
export type TrialReminderJob = z.infer<typeof trialReminderJob>;

export interface TrialReminderDispatch {
  /** Companies handed to the trial-reminders queue. */
  queued: number;
  /** Companies whose due reminder went out already. */
  alreadySent: number;
}

/** Trial companies whose trial ends within [from, to] (the index, one UTC day per partition). */
async function trialsEndingBetween(from: Date, to: Date): Promise<Array<{ id: string }>> {
  const found: Array<{ id: string }> = [];
  for (let day = Date.parse(from.toISOString().slice(0, 10)); day <= to.getTime(); day += DAY_MS) {
    found.push(...(await queryAll<{ id: string }>({ index: 'gsi3', partition: keys.trialsEndingOn(new Date(day).toISOString().slice(0, 10)), attributes: ['id'] }, 5000)));
  }
  return found;
}

export async function dispatchTrialReminders(now: Date): Promise<TrialReminderDispatch> {
  const run: TrialReminderDispatch = { queued: 0, alreadySent: 0 };
  const candidates = await trialsEndingBetween(new Date(now.getTime() - ENDED_NOTICE_WINDOW_MS), new Date(now.getTime() + REMINDER_LEAD_MS.three_days));
  const jobs: TrialReminderJob[] = [];
  for (const { id } of new Map(candidates.map((candidate) => [candidate.id, candidate])).values()) {
    const company = await getCompany(id);
    // The index may lag a change of plan: the company item is the truth.
    if (!company || company.plan !== 'trial' || !company.trialEndsAt) continue;
    const reminder = dueReminder(company.trialEndsAt, now);
    if (!reminder) continue;
    const trialEndsAt = new Date(company.trialEndsAt).toISOString();
    if (await getItem(keys.trialReminder(company.id, reminder, trialEndsAt))) {
      run.alreadySent += 1;
      continue;
    }
    jobs.push({ companyId: company.id, reminder, trialEndsAt, at: now.toISOString() });
  }
  await sendJobs('trial-reminders', jobs.map((job) => ({ body: job as unknown as Record<string, unknown> })));
  run.queued = jobs.length;
  return run;
}
