// The check-in reminder job (hourly: EventBridge Scheduler in AWS, a timer under `npm start`):
// publishes reservation.checkin_upcoming once for every reservation whose check-in is tomorrow in
// its company's time zone. It reads the cross-company check-in-day index (keys.checkinsOnDay) for
// the UTC days around now, so every time zone's "tomorrow" is covered, and claims a marker per
// reservation and check-in date before publishing, so reruns and overlapping runs never remind
// twice. A reminder whose event could not be published gives its marker back for the next run.
import type { Company } from '#shared/schemas';
import { domainEvent, type DomainEvent } from '../../events/catalogue';
import { keys } from '#functions/data/keys';
import { getCompany } from '#functions/data/repositories/companies';
import { claimOnce, releaseClaim, reservationsCheckingInOn } from '#functions/data/repositories/notifications';
import { publishEvents } from '#functions/events/publisher';

const DAY_MS = 86_400_000;
const DEFAULT_TIME_ZONE = 'America/New_York';

/** YYYY-MM-DD of an instant in a time zone. */
export function localDay(instant: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(instant);
}

export function nextDay(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);
}

export interface ReminderRun {
  published: number;
  alreadySent: number;
  failed: number;
}

export async function sendCheckinReminders(
  now: Date,
  publish: (events: readonly DomainEvent[]) => Promise<boolean> = publishEvents,
): Promise<ReminderRun> {
  const run: ReminderRun = { published: 0, alreadySent: 0, failed: 0 };
  // "Tomorrow" anywhere (UTC-12 to UTC+14) falls within these UTC days.
  const days = [-1, 0, 1, 2, 3].map((offset) => new Date(now.getTime() + offset * DAY_MS).toISOString().slice(0, 10));
  const companies = new Map<string, Promise<Company | undefined>>();
  const companyOf = (id: string) => {
    if (!companies.has(id)) companies.set(id, getCompany(id));
    return companies.get(id)!;
  };
  for (const day of days) {
    for (const reservation of await reservationsCheckingInOn(day)) {
      const timeZone = (await companyOf(reservation.companyId))?.timezone ?? DEFAULT_TIME_ZONE;
      const checkin = new Date(reservation.checkinDate);
      const checkinDay = localDay(checkin, timeZone);
      if (checkinDay !== nextDay(localDay(now, timeZone))) continue;
      const marker = keys.checkinReminder(reservation.companyId, reservation.id, checkin.toISOString());
      if (!(await claimOnce(marker, new Date(checkin.getTime() + 7 * DAY_MS), { reservationId: reservation.id }))) {
        run.alreadySent += 1;
        continue;
      }
      const event = domainEvent('reservation.checkin_upcoming', {
        companyId: reservation.companyId,
        occurredAt: now.toISOString(),
        reservationId: reservation.id,
        propertyId: reservation.propertyId,
        guestName: reservation.guestName,
        checkinDate: checkin.toISOString(),
        checkoutDate: new Date(reservation.checkoutDate).toISOString(),
        checkinDay,
        timezone: timeZone,
      });
      if (await publish([event])) {
        run.published += 1;
      } else {
        run.failed += 1;
        await releaseClaim(marker);
      }
    }
  }
  return run;
}
