// A property's access fields (access notes, door code) and who may see them, for both sides:
// the CEO and managers always; a staff member only for a property where they are the assignee of an
// open task due by the end of tomorrow (company time zone), i.e. from the day before the task until
// it is done. Also the map link every screen derives from the address, and the shape of
// GET /api/me/tasks (the staff member's own days).
import { isManagerRole, type TaskStatus, type TaskType } from './enums';
import { zonedInstant, zonedTime } from './rules';
import type { Reservation, Task } from './schemas';
import { addDays } from './days';

export const ACCESS_FIELDS = ['accessNotes', 'doorCode'] as const;

/** A link that opens the address in the phone's map app (Google Maps' universal search URL). */
export function mapUrl(address: string | null | undefined): string | null {
  const text = (address ?? '').trim();
  return text ? `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(text)}` : null;
}

/** YYYY-MM-DD `days` after `day`. */
/** Midnight (company zone) starting the local day `days` after the one of `now`. */
export function startOfLocalDay(now: Date, timeZone: string, days = 0): Date {
  return zonedInstant(addDays(zonedTime(now, timeZone).date, days), 0, 0, timeZone);
}

/**
 * Open tasks due before this instant open their property's access fields to their assignee: the
 * start of the day after tomorrow (company zone).
 */
export function accessWindowEnd(now: Date, timeZone: string): Date {
  return startOfLocalDay(now, timeZone, 2);
}

/** Whether a caller of this role always sees access fields. */
export const seesAllAccess = (role: string | null | undefined): boolean => isManagerRole(role);

/** A property with its map link, and its access fields only when `visible` (otherwise left out). */
export function propertyWithAccess<P extends { address?: string | null; accessNotes?: string | null; doorCode?: string | null }>(
  property: P,
  visible: boolean,
): Omit<P, 'accessNotes' | 'doorCode'> & { mapUrl: string | null; accessNotes?: string | null; doorCode?: string | null } {
  const { accessNotes, doorCode, ...rest } = property;
  const base = { ...rest, mapUrl: mapUrl(property.address) };
  return visible ? { ...base, accessNotes: accessNotes ?? null, doorCode: doorCode ?? null } : base;
}

/** The first confirmed check-in at or after `after` in `checkins` (earliest first), as the screens and notices show it
 * (`sameDay`: the guest arrives on the task's own day, company zone). */
export function nextCheckinAfter(checkins: ReadonlyArray<Pick<Reservation, 'checkinDate' | 'guestName'>>, after: string | null | undefined, timeZone: string, now: Date): NextCheckin | null {
  const since = after ? Date.parse(after) : now.getTime();
  const next = checkins.find((reservation) => Date.parse(reservation.checkinDate) >= since);
  if (!next) return null;
  const sameDay = Boolean(after) && zonedTime(new Date(next.checkinDate), timeZone).date === zonedTime(new Date(after!), timeZone).date;
  return { checkinDate: new Date(next.checkinDate).toISOString(), guestName: next.guestName, sameDay };
}

// ---- GET /api/me/tasks ------------------------------------------------------------------------

export interface MyTaskProperty {
  id: string;
  name: string;
  address: string;
  mapUrl: string | null;
  /** Present only when the caller may see them (see above). */
  accessNotes?: string | null;
  doorCode?: string | null;
}

export interface NextCheckin {
  /** ISO instant of the next guest's arrival at the property after the task. */
  checkinDate: string;
  guestName: string;
  /** The guest arrives on the task's own day (company zone): a same-day turnover. */
  sameDay: boolean;
}

export interface MyTaskPhoto {
  key: string;
  uploadedAt: string;
  uploadedBy: string;
  /** Short-lived presigned GET. */
  url: string;
}

export interface MyTask {
  id: string;
  type: TaskType;
  title: string;
  description?: string | null;
  propertyId: string;
  reservationId?: string | null;
  assignedUserId?: string | null;
  status: TaskStatus;
  dueDate?: string | null;
  completedAt?: string | null;
  updatedAt: string;
  createdAt: string;
  /** Due before today (company zone) and still open. */
  overdue: boolean;
  property: MyTaskProperty | null;
  nextCheckin: NextCheckin | null;
  /** The task's checklist as GET /api/tasks/{id}/checklist answers it, or null. */
  checklist: unknown;
  photos: MyTaskPhoto[];
  checklistId?: string | null;
  openRequiredItems?: number;
  /** Issue 40: an inspection names its cleaning; a cleaning its latest inspection round (a fail's note and items). */
  inspectsTaskId?: string | null;
  inspectionRound?: number | null;
  inspection?: Task['inspection'];
  /** Issue 40 point 4: a turnover whose guests said "we have left" through their link: when. */
  guestLeftAt?: string | null;
}

export interface MyTasksResponse {
  /** The company's IANA time zone: every day and hour on the screen is read in it. */
  timeZone: string;
  /** Today (company zone), YYYY-MM-DD, and the window's last day. */
  from: string;
  to: string;
  days: number;
  /** Overdue open tasks first, then by due time; undated open tasks last. */
  tasks: MyTask[];
}
