// The dispatch board of one week (GET /api/dispatch?week=YYYY-MM-DD, CEO and managers; or seven days
// from a date: ?view=rolling&from=YYYY-MM-DD, the default at weekends): a row per
// member and one for unassigned work, each task a card on the local day it starts, and warnings
// computed here so every screen shows the same ones:
// - overlap: two open tasks of one member share time ([due, due + planned minutes));
// - checkin: an open cleaning would still run when the next guest checks in at its property (a
//   booking, not a block or a cancelled stay, checking in at or after the start and before the end);
// - offShift: the member is scheduled on at least one shift that local day (/shifts) and the task
//   does not fit inside one of those shift windows. A member with no shift that day is not
//   warned: the company does not run shifts for them that day.
// Moves go through PUT /api/tasks/{id} (the task editor's route): the board has no write of its own.
import {
  boardDays,
  plannedMinutes,
  weekDays,
  type DispatchBoard,
  type DispatchCard,
  type DispatchMember,
  type DispatchRow,
  type DispatchWarning,
  type TaskDurations,
} from '#shared/dispatch';
import { addDays, localDay } from '#shared/days';
import { SHIFTS, shiftWindowInstants, zonedInstant, zonedTime, type Shift } from '#shared/rules';
import type { Property, Reservation, ShiftRecord, Task, User } from '#shared/schemas';
import { getItems } from '#functions/data/db';
import { isInvitationPending, type InvitedUser } from '#functions/data/invitations';
import { keys } from '#functions/data/keys';
import { getCompany } from '#functions/data/repositories/companies';
import { checkinsBetween, ensureTasksDueIndexed, shiftsBetween, tasksDueBetween } from '#functions/data/repositories/dispatch';
import { getOperationsSettings } from '#functions/data/repositories/operations-settings';
import { listMembers } from '#functions/data/repositories/users';
import { clock } from './clock';


const MINUTE = 60_000;
const isOpen = (task: Task) => task.status === 'pending' || task.status === 'in_progress';

export interface BoardInput {
  /** The first of the seven days: a Monday for the calendar week, any day for a rolling one. */
  monday: string;
  view?: 'week' | 'rolling';
  today: string;
  timeZone: string;
  durations: TaskDurations;
  members: User[];
  tasks: Task[];
  propertyNames: Map<string, string>;
  checkins: Reservation[];
  shifts: ShiftRecord[];
}

const memberName = (user: Pick<User, 'firstName' | 'lastName' | 'email'>) => [user.firstName, user.lastName].filter(Boolean).join(' ') || user.email;

/** The board from what was read (pure: tests feed it directly too). */
export function buildBoard(input: BoardInput): DispatchBoard {
  const { monday, timeZone, durations } = input;
  const days = weekDays(monday);
  const cards: DispatchCard[] = input.tasks
    .filter((task) => task.status !== 'cancelled' && task.dueDate)
    .map((task) => {
      const minutes = plannedMinutes(task, durations);
      const start = Date.parse(task.dueDate!);
      return {
        task,
        propertyName: input.propertyNames.get(task.propertyId) ?? task.propertyId,
        day: localDay(task.dueDate!, timeZone),
        minutes,
        endsAt: new Date(start + minutes * MINUTE).toISOString(),
        warnings: [] as DispatchWarning[],
      };
    })
    .sort((a, b) => Date.parse(a.task.dueDate!) - Date.parse(b.task.dueDate!) || a.task.id.localeCompare(b.task.id));

  // Shifts per member and local date.
  const shiftsOf = new Map<string, Map<string, Shift[]>>();
  for (const record of input.shifts) {
    for (const memberId of record.memberIds ?? []) {
      const byDay = shiftsOf.get(memberId) ?? new Map<string, Shift[]>();
      byDay.set(record.date, [...(byDay.get(record.date) ?? []), record.shift].sort((a, b) => SHIFTS.indexOf(a) - SHIFTS.indexOf(b)));
      shiftsOf.set(memberId, byDay);
    }
  }
  // Bookings' check-ins per property, in order.
  const checkinsAt = new Map<string, Reservation[]>();
  for (const stay of input.checkins) {
    if (stay.status === 'cancelled' || stay.kind === 'block') continue;
    checkinsAt.set(stay.propertyId, [...(checkinsAt.get(stay.propertyId) ?? []), stay]);
  }
  for (const list of checkinsAt.values()) list.sort((a, b) => Date.parse(a.checkinDate) - Date.parse(b.checkinDate));

  const byAssignee = new Map<string | null, DispatchCard[]>();
  for (const card of cards) {
    const key = card.task.assignedUserId ?? null;
    byAssignee.set(key, [...(byAssignee.get(key) ?? []), card]);
  }

  for (const card of cards.filter((c) => isOpen(c.task))) {
    const start = Date.parse(card.task.dueDate!);
    const end = Date.parse(card.endsAt);
    if (card.task.type === 'cleaning') {
      const next = (checkinsAt.get(card.task.propertyId) ?? []).find((stay) => Date.parse(stay.checkinDate) >= start);
      if (next && Date.parse(next.checkinDate) < end) {
        card.warnings.push({ kind: 'checkin', taskId: card.task.id, reservationId: next.id, checkinAt: new Date(next.checkinDate).toISOString() });
      }
    }
    const assignee = card.task.assignedUserId;
    if (!assignee) continue;
    const onShifts = shiftsOf.get(assignee)?.get(card.day) ?? [];
    if (onShifts.length) {
      const inside = onShifts.some((shift) => {
        const window = shiftWindowInstants(shift, card.day, timeZone);
        return start >= window.start.getTime() && end <= window.end.getTime();
      });
      if (!inside) card.warnings.push({ kind: 'offShift', taskId: card.task.id, shifts: onShifts });
    }
    for (const other of byAssignee.get(assignee) ?? []) {
      if (other === card || !isOpen(other.task)) continue;
      const otherStart = Date.parse(other.task.dueDate!);
      if (otherStart < end && start < Date.parse(other.endsAt)) {
        card.warnings.push({ kind: 'overlap', taskId: card.task.id, withTaskId: other.task.id });
      }
    }
  }

  const known = new Map(input.members.map((user) => [user.id, user]));
  const row = (member: DispatchMember | null, list: DispatchCard[]): DispatchRow => {
    const minutesByDay: Record<string, number> = Object.fromEntries(days.map((day) => [day, 0]));
    for (const card of list) minutesByDay[card.day] = (minutesByDay[card.day] ?? 0) + card.minutes;
    const shiftsByDay: Record<string, string[]> = {};
    if (member) for (const [day, shifts] of shiftsOf.get(member.id) ?? []) if (days.includes(day)) shiftsByDay[day] = shifts;
    return {
      member,
      workloadMinutes: list.reduce((sum, card) => sum + card.minutes, 0),
      minutesByDay,
      shiftsByDay,
      warningCount: list.reduce((sum, card) => sum + card.warnings.length, 0),
      cards: list,
    };
  };
  const memberRows = input.members
    .filter((user) => !isInvitationPending(user as InvitedUser) || byAssignee.has(user.id))
    .map((user) => row({ id: user.id, name: memberName(user), role: user.role }, byAssignee.get(user.id) ?? []))
    .sort((a, b) => a.member!.name.localeCompare(b.member!.name));
  // Tasks still assigned to someone who left the company.
  const formerRows = [...byAssignee.keys()]
    .filter((id): id is string => id !== null && !known.has(id))
    .map((id) => row({ id, name: '', role: 'staff', former: true }, byAssignee.get(id) ?? []));
  return {
    week: { view: input.view ?? 'week', start: monday, days, timeZone, today: input.today, previous: addDays(monday, -7), next: addDays(monday, 7) },
    durations,
    rows: [row(null, byAssignee.get(null) ?? []), ...memberRows, ...formerRows],
  };
}

/**
 * Reads the seven days the query names for the caller's company (shared/dispatch.ts boardDays: the
 * week holding `week`, seven days from `from`, or by default this week on weekdays and from today
 * at weekends, in the company's time zone).
 */
export async function loadDispatchBoard(
  companyId: string,
  query: { week?: string; from?: string; view?: 'week' | 'rolling' },
  now = clock.now(),
): Promise<DispatchBoard & { truncated: boolean }> {
  const [company, settings, members] = await Promise.all([getCompany(companyId), getOperationsSettings(companyId), listMembers(companyId), ensureTasksDueIndexed(companyId)]);
  const timeZone = company?.timezone ?? 'America/New_York';
  const today = zonedTime(now, timeZone).date;
  const { view, start: monday } = boardDays(query, today);
  const from = zonedInstant(monday, 0, 0, timeZone).toISOString();
  const to = zonedInstant(addDays(monday, 7), 0, 0, timeZone).toISOString();
  const longest = Math.max(...Object.values(settings.taskDurations));
  const [{ tasks, truncated }, checkins, shifts] = await Promise.all([
    tasksDueBetween(companyId, from, to),
    checkinsBetween(companyId, from, new Date(Date.parse(to) + longest * MINUTE).toISOString()),
    shiftsBetween(companyId, monday, addDays(monday, 6)),
  ]);
  const propertyIds = [...new Set(tasks.map((task) => task.propertyId))];
  const propertyNames = new Map<string, string>();
  for (let i = 0; i < propertyIds.length; i += 100) {
    const found = await getItems(propertyIds.slice(i, i + 100).map((id) => keys.property(companyId, id)));
    for (const property of found as Array<Property | undefined>) if (property) propertyNames.set(property.id, property.name);
  }
  return {
    ...buildBoard({ monday, view, today, timeZone, durations: settings.taskDurations, members, tasks, propertyNames, checkins, shifts }),
    truncated,
  };
}
