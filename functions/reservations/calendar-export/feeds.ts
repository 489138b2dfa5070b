// What the calendar exports say (issue 39 point 5).
// - A property's export, for the channels (Airbnb, Booking.com, Vrbo): every night a reservation
//   holds from 30 days ago to two years ahead (stays, blocks, owner stays, imported bookings, double
//   bookings; never a cancelled one), one all-day busy event per reservation from its check-in day to
//   its check-out day (DTEND, exclusive), "Reserved" for a stay and "Not available" for a block. No
//   guest name, note, source or any other detail of the stay: the UID is a hash of the reservation's
//   id, stable across polls, and DTSTAMP is when the reservation last changed, so the file (and its
//   ETag) changes only when a night does.
// - A member's own task feed, for their phone: their assigned open tasks due in the same horizon,
//   each with its title and property. A title that names the stay's guest (an automatic turnover's
//   "Turnover cleaning — Ana") says the task's kind instead. A task due at midnight (company time) is
//   an all-day event on that day; any other is a one-hour event from its due time.
import { createHash } from 'node:crypto';
import { addDays, localDay } from '#shared/days';
import { translateMessage, type MessageKey } from '#shared/messages';
import type { Property, Reservation, Task } from '#shared/schemas';
import { utcDay, zonedTime } from '#shared/rules';
import { getItem, getItems } from '#functions/data/db';
import { keys } from '#functions/data/keys';
import { getCompany } from '#functions/data/repositories/companies';
import { assignedTaskEntries, tasksByIds } from '#functions/data/repositories/assigned-tasks';
import { getReservations, isCancelled, isBlock, reservationsOverlapping, stayDays } from '#functions/data/repositories/reservations';
import { getUser } from '#functions/data/repositories/users';
import { companyLanguage } from '../turnovers';
import { writeCalendar, type IcalEvent } from './ical-writer';

/** How far the exports reach: from this many days ago… */
export const EXPORT_PAST_DAYS = 30;
/** …to this many days ahead. */
export const EXPORT_FUTURE_DAYS = 731;

export const BOOKED_SUMMARY = 'Reserved';
export const BLOCKED_SUMMARY = 'Not available';

const DEFAULT_TIME_ZONE = 'America/New_York';
const TASK_EVENT_MS = 60 * 60 * 1000;

/** The file, and when what it says last changed (undefined for an empty calendar). */
export interface ExportFile {
  body: string;
  lastModified?: string;
}

/** An event's UID: a hash of the company and the record, so nothing internal is shown, stable across polls. */
const uidOf = (companyId: string, kind: string, id: string) =>
  `${createHash('sha256').update(`${companyId}:${kind}:${id}`).digest('hex').slice(0, 32)}@rentalops`;

const latest = (values: readonly (string | undefined | null)[]): string | undefined =>
  values.filter((value): value is string => Boolean(value)).sort().at(-1);

export function exportHorizon(now: Date): { from: string; to: string } {
  const today = utcDay(now);
  return { from: addDays(today, -EXPORT_PAST_DAYS), to: addDays(today, EXPORT_FUTURE_DAYS) };
}

/** The busy events of a property's reservations (pure: tests and the handler share it). */
export function propertyEvents(companyId: string, reservations: readonly Reservation[], horizon: { from: string; to: string }): IcalEvent[] {
  return reservations
    .filter((reservation) => !isCancelled(reservation))
    .map((reservation) => ({ reservation, ...stayDays(reservation) }))
    .filter(({ checkinDay, checkoutDay }) => checkinDay < checkoutDay && checkinDay < horizon.to && checkoutDay > horizon.from)
    .sort((a, b) => a.checkinDay.localeCompare(b.checkinDay) || a.reservation.id.localeCompare(b.reservation.id))
    .map(({ reservation, checkinDay, checkoutDay }) => ({
      uid: uidOf(companyId, 'reservation', reservation.id),
      stamp: reservation.updatedAt || reservation.createdAt,
      summary: isBlock(reservation) ? BLOCKED_SUMMARY : BOOKED_SUMMARY,
      days: { start: checkinDay, end: checkoutDay },
      transparency: 'OPAQUE' as const,
    }));
}

/** The export of a property: its taken nights in the horizon; undefined when the property is gone. */
export async function propertyExport(companyId: string, propertyId: string, now = new Date()): Promise<ExportFile | undefined> {
  const horizon = exportHorizon(now);
  const [property, reservations] = await Promise.all([
    getItem<Property>(keys.property(companyId, propertyId)),
    reservationsOverlapping(companyId, propertyId, horizon.from, horizon.to),
  ]);
  if (!property) return undefined;
  const events = propertyEvents(companyId, reservations, horizon);
  const kept = new Set(events.map((event) => event.uid));
  return {
    body: writeCalendar({ events }),
    lastModified: latest(reservations.filter((r) => kept.has(uidOf(companyId, 'reservation', r.id))).map((r) => r.updatedAt || r.createdAt)),
  };
}

const TASK_TYPE_KEYS: Record<Task['type'], MessageKey> = {
  cleaning: 'calendarExport.taskType.cleaning',
  maintenance: 'calendarExport.taskType.maintenance',
  laundry: 'calendarExport.taskType.laundry',
  inspection: 'calendarExport.taskType.inspection',
};

/** Whether a title names the guest of its stay (by name, whole, at least two letters, any case). */
export function namesGuest(title: string, guestName: string | undefined): boolean {
  const name = guestName?.trim().toLocaleLowerCase();
  return Boolean(name && name.length >= 2 && title.toLocaleLowerCase().includes(name));
}

/**
 * A member's task feed, or undefined when the member is no longer in the company (their feed ends
 * with them).
 */
export async function memberTaskExport(companyId: string, userId: string, now = new Date()): Promise<ExportFile | undefined> {
  const [user, company] = await Promise.all([getUser(companyId, userId), getCompany(companyId)]);
  if (!user) return undefined;
  const timeZone = company?.timezone ?? DEFAULT_TIME_ZONE;
  const language = companyLanguage(company?.preferredLanguage);
  const from = new Date(now.getTime() - EXPORT_PAST_DAYS * 86_400_000);
  const to = new Date(now.getTime() + EXPORT_FUTURE_DAYS * 86_400_000);
  const entries = await assignedTaskEntries(companyId, userId, { from, to });
  const open = entries.filter((entry) => (entry.status === 'pending' || entry.status === 'in_progress') && entry.dueDate && entry.dueDate >= from.toISOString());
  const tasks = (await tasksByIds(companyId, open.map((entry) => entry.taskId))).filter(
    (task) => task.assignedUserId === userId && (task.status === 'pending' || task.status === 'in_progress') && task.dueDate,
  );
  const propertyIds = [...new Set(tasks.map((task) => task.propertyId))];
  const reservationIds = [...new Set(tasks.map((task) => task.reservationId).filter((id): id is string => Boolean(id)))];
  const [propertyItems, reservations] = await Promise.all([
    propertyIds.length ? getItems(propertyIds.map((id) => keys.property(companyId, id))) : Promise.resolve([]),
    getReservations(companyId, reservationIds),
  ]);
  const propertyName = new Map(propertyIds.map((id, index) => [id, (propertyItems[index] as Property | undefined)?.name ?? '']));
  const guestOf = new Map(reservations.map((reservation) => [reservation.id, reservation.guestName]));
  const events: IcalEvent[] = tasks
    .sort((a, b) => String(a.dueDate).localeCompare(String(b.dueDate)) || a.id.localeCompare(b.id))
    .map((task) => {
      const due = new Date(task.dueDate as string);
      const title = task.reservationId && namesGuest(task.title, guestOf.get(task.reservationId)) ? translateMessage(TASK_TYPE_KEYS[task.type], language) : task.title;
      const place = propertyName.get(task.propertyId);
      const wall = zonedTime(due, timeZone);
      const allDay = wall.hour === 0 && wall.minute === 0;
      const day = localDay(due, timeZone);
      return {
        uid: uidOf(companyId, 'task', task.id),
        stamp: task.updatedAt || task.createdAt,
        summary: place ? `${title} · ${place}` : title,
        ...(allDay ? { days: { start: day, end: addDays(day, 1) } } : { times: { start: due, end: new Date(due.getTime() + TASK_EVENT_MS) } }),
        transparency: 'OPAQUE' as const,
      };
    });
  return {
    body: writeCalendar({ name: translateMessage('calendarExport.taskFeedName', language), events }),
    lastModified: latest(tasks.map((task) => task.updatedAt || task.createdAt)),
  };
}
