// The check-in reminders (issue 20 point 6: background work on queues). The hourly dispatcher
// (EventBridge Scheduler in AWS, a timer under `npm start`) reads the cross-company check-in-day
// index (keys.checkinsOnDay) for the UTC days around now, so every time zone's "tomorrow" is
// covered, and queues one message per reservation checking in tomorrow in its company's zone (the
// check-in-reminders queue: SQS with a dead-letter queue in AWS, the in-process queue locally).
// The worker writes a marker per reservation and check-in date together with the
// reservation.checkin_upcoming event (the events outbox), so reruns, overlapping runs and
// redelivered messages never remind twice, and a reminder is never claimed without its event.
import type { Company } from '#shared/schemas';
import { domainEvent } from '../../events/catalogue';
import { getItem } from '#functions/data/db';
import { keys } from '#functions/data/keys';
import { getCompany } from '#functions/data/repositories/companies';
import { reservationsCheckingInOn } from '#functions/data/repositories/notifications';
import { writeEventsOnce } from '#functions/data/repositories/outbox';
import { sendJobs } from '#functions/jobs/queue';
import * as z from 'zod/mini';
import { jobInstant } from '#functions/jobs/worker';

const DAY_MS = 86_400_000;
const DEFAULT_TIME_ZONE = 'America/New_York';

/** YYYY-MM-DD of an instant in a time zone. */
export function localDay(instant: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(instant);
}

export function nextDay(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);
}

/** One message of the check-in-reminders queue: one reminder to publish. */
export const checkinReminderJob = z.object({
  companyId: z.string(),
  reservationId: z.string(),
  propertyId: z.string(),
  guestName: z.string(),
  checkinDate: z.string(),
  checkoutDate: z.string(),
  /** The check-in day in the company's zone, and the zone. */
  checkinDay: z.string(),
  timezone: z.string(),
  /** The dispatcher's run (the event's occurredAt). */
  at: jobInstant,
});
export type CheckinReminderJob = z.infer<typeof checkinReminderJob>;

export interface ReminderRun {
  /** Reminders handed to the check-in-reminders queue. */
  queued: number;
  /** Reminders an earlier run already published. */
  alreadySent: number;
}

const markerOf = (job: Pick<CheckinReminderJob, 'companyId' | 'reservationId' | 'checkinDate'>) => keys.checkinReminder(job.companyId, job.reservationId, job.checkinDate);

/**
 * The hourly dispatcher: every reservation checking in tomorrow (its company's zone) that has not
 * been reminded yet goes to the check-in-reminders queue, one message each.
 */
export async function dispatchCheckinReminders(now: Date): Promise<ReminderRun> {
  const run: ReminderRun = { queued: 0, alreadySent: 0 };
  // "Tomorrow" anywhere (UTC-12 to UTC+14) falls within these UTC days.
  const days = [-1, 0, 1, 2, 3].map((offset) => new Date(now.getTime() + offset * DAY_MS).toISOString().slice(0, 10));
  const companies = new Map<string, Promise<Company | undefined>>();
  const companyOf = (id: string) => {
    if (!companies.has(id)) companies.set(id, getCompany(id));
    return companies.get(id)!;
  };
  const jobs: CheckinReminderJob[] = [];
  for (const day of days) {
    for (const reservation of await reservationsCheckingInOn(day)) {
      const timeZone = (await companyOf(reservation.companyId))?.timezone ?? DEFAULT_TIME_ZONE;
      const checkin = new Date(reservation.checkinDate);
      const checkinDay = localDay(checkin, timeZone);
      if (checkinDay !== nextDay(localDay(now, timeZone))) continue;
      const job: CheckinReminderJob = {
        companyId: reservation.companyId,
        reservationId: reservation.id,
        propertyId: reservation.propertyId,
        guestName: reservation.guestName,
        checkinDate: checkin.toISOString(),
        checkoutDate: new Date(reservation.checkoutDate).toISOString(),
        checkinDay,
        timezone: timeZone,
        at: now.toISOString(),
      };
      // A reminder already published is not queued again (the worker's claim decides anyway).
      if (await getItem(markerOf(job))) {
        run.alreadySent += 1;
        continue;
      }
      jobs.push(job);
    }
  }
  await sendJobs('checkin-reminders', jobs.map((job) => ({ body: job as unknown as Record<string, unknown> })));
  run.queued = jobs.length;
  return run;
}

/**
 * The worker's job: the reservation's marker and its reservation.checkin_upcoming event in one
 * transaction (the events outbox), so a reminder is published exactly once, however often the
 * message is delivered. False when an earlier delivery or run already did it.
 */
export async function remindCheckin(job: CheckinReminderJob): Promise<boolean> {
  const checkin = new Date(job.checkinDate);
  return writeEventsOnce(markerOf(job), new Date(checkin.getTime() + 7 * DAY_MS), { reservationId: job.reservationId }, [
    domainEvent('reservation.checkin_upcoming', {
      companyId: job.companyId,
      occurredAt: job.at,
      reservationId: job.reservationId,
      propertyId: job.propertyId,
      guestName: job.guestName,
      checkinDate: job.checkinDate,
      checkoutDate: job.checkoutDate,
      checkinDay: job.checkinDay,
      timezone: job.timezone,
    }),
  ]);
}
