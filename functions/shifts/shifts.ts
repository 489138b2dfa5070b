// Shifts (Turnos): a week of them (Monday start), today's marked. "Today" and the local hour are
// those of the company's time zone.
//
// Attendance rules:
// - A CEO or manager schedules teams of members for a shift of today (or a later day).
// - Iniciar Turno is possible only while the shift is in progress (local hours 8-11, 13-16, 18-21).
//   A member starts for themselves; a CEO or manager starts for the members who are there (all the
//   scheduled members unless named). The first start also starts the shift.
// - A member who starts at most 15 minutes (the company's team setting) after the window start is
//   present, later is late.
// - Encerrar Turno: a manager closes the shift for everyone; a member checks out.
// - Members who never started are absent once the shift is closed or its window has ended.
import { ulid } from 'ulid';
import { addDays } from '#shared/days';
import { mondayOf, weekDays } from '#shared/dispatch';
import { isManagerRole, type Role } from '#shared/enums';
import {
  SHIFTS,
  attendanceStatus,
  isShiftInProgressAt,
  isShiftOver,
  shiftStatus,
  shiftTimeRange,
  zonedTime,
  type AttendanceStatus,
  type Shift,
  type ShiftStatus,
} from '#shared/rules';
import type { Company, ShiftAssignmentBody, ShiftParams, ShiftRecord, ShiftStartBody, User } from '#shared/schemas';
import { requireCompany } from '#functions/data/repositories/companies';
import { getOperationsSettings } from '#functions/data/repositories/operations-settings';
import { shiftsBetween } from '#functions/data/repositories/dispatch';
import { checkIn, checkOut, closeShift, getShift, saveShiftAssignment } from '#functions/data/repositories/shifts';
import { listUsers } from '#functions/data/repositories/users';
import { BadRequestError, ConflictError, ForbiddenError, NotFoundError, type FieldErrors } from '#functions/lib/errors';
import type { Caller } from '#functions/lib/http';
import { clock } from './clock';

const isManager = (caller: Caller) => isManagerRole(caller.role);

export interface ShiftMemberView {
  id: string;
  firstName: string | null;
  lastName: string | null;
  role: Role;
  profileImageUrl: string | null;
  status: AttendanceStatus;
  checkedInAt: string | null;
  checkedOutAt: string | null;
}

export interface ShiftTeamView {
  id: string;
  name: string;
  start: string;
  end: string;
  members: ShiftMemberView[];
}

export interface ShiftView {
  date: string;
  shift: Shift;
  timezone: string;
  /** A start more than this many minutes after the window opens is late (team settings). */
  lateAfterMinutes: number;
  start: string;
  end: string;
  inProgress: boolean;
  status: ShiftStatus;
  startedAt: string | null;
  endedAt: string | null;
  teams: ShiftTeamView[];
}

/** What the company decides about its shifts: its time zone, and how late a start may be. */
interface ShiftRules {
  timeZone: string;
  lateAfterMinutes: number;
}

function timezoneOf(company: Company): string {
  return company.timezone ?? 'America/New_York';
}

async function shiftRules(companyId: string): Promise<ShiftRules> {
  const [company, settings] = await Promise.all([requireCompany(companyId), getOperationsSettings(companyId)]);
  return { timeZone: timezoneOf(company), lateAfterMinutes: settings.shiftLateAfterMinutes };
}

function viewOf(shift: Shift, date: string, record: ShiftRecord | undefined, people: Map<string, User>, now: Date, rules: ShiftRules): ShiftView {
  const { timeZone, lateAfterMinutes } = rules;
  const range = shiftTimeRange(shift);
  const endedAt = record?.endedAt ?? null;
  return {
    date,
    shift,
    timezone: timeZone,
    lateAfterMinutes,
    ...range,
    inProgress: isShiftInProgressAt(shift, date, now, timeZone),
    status: shiftStatus(shift, date, record ?? {}, now, timeZone),
    startedAt: record?.startedAt ?? null,
    endedAt,
    teams: (record?.teams ?? []).map((team) => ({
      id: team.id,
      name: team.name,
      ...range,
      members: team.memberIds.flatMap((memberId) => {
        const user = people.get(memberId);
        if (!user) return []; // no longer in the company
        const attendance = record?.attendance?.[memberId];
        return [
          {
            id: user.id,
            firstName: user.firstName ?? null,
            lastName: user.lastName ?? null,
            role: user.role,
            profileImageUrl: user.profileImageUrl ?? null,
            status: attendanceStatus(shift, date, attendance?.checkedInAt, endedAt, now, timeZone, lateAfterMinutes),
            checkedInAt: attendance?.checkedInAt ?? null,
            checkedOutAt: attendance?.checkedOutAt ?? null,
          },
        ];
      }),
    })),
  };
}

async function peopleOf(companyId: string): Promise<Map<string, User>> {
  return new Map((await listUsers(companyId)).map((user) => [user.id, user]));
}

export interface ShiftWeekView {
  timezone: string;
  /** Today in the company's time zone (it may lie outside the week). */
  today: string;
  /** Monday to Sunday, and the Mondays of the weeks before and after. */
  week: { start: string; days: string[]; previous: string; next: string };
  /** The three shifts of each day, scheduled or not: day by day, morning to night (21). */
  shifts: ShiftView[];
}

/**
 * GET /api/shifts[?week=YYYY-MM-DD]: the week (Monday to Sunday, the company's time zone) holding
 * that date, this week when absent; every day's three shifts, scheduled or not. One Query.
 */
export async function listWeekShifts(companyId: string, week?: string): Promise<ShiftWeekView> {
  const now = clock.now();
  const rules = await shiftRules(companyId);
  const today = zonedTime(now, rules.timeZone).date;
  const monday = mondayOf(week ?? today);
  const days = weekDays(monday);
  const [records, people] = await Promise.all([shiftsBetween(companyId, days[0], days[6]), peopleOf(companyId)]);
  const byDayAndShift = new Map(records.map((record) => [`${record.date}#${record.shift}`, record]));
  return {
    timezone: rules.timeZone,
    today,
    week: { start: monday, days, previous: addDays(monday, -7), next: addDays(monday, 7) },
    shifts: days.flatMap((day) => SHIFTS.map((shift) => viewOf(shift, day, byDayAndShift.get(`${day}#${shift}`), people, now, rules))),
  };
}

/** PUT /api/shifts/{date}/{shift}: the teams of a shift of today or later that is not over. */
export async function assignShift(caller: Caller, params: ShiftParams, body: ShiftAssignmentBody): Promise<ShiftView> {
  const now = clock.now();
  const rules = await shiftRules(caller.companyId);
  const { timeZone } = rules;
  if (params.date < zonedTime(now, timeZone).date) throw new BadRequestError('shift.pastDate', { date: 'shift.pastDate' });
  const people = await peopleOf(caller.companyId);
  const errors: FieldErrors = {};
  body.teams.forEach((team, t) =>
    team.memberIds.forEach((memberId, m) => {
      if (!people.has(memberId)) errors[`teams.${t}.memberIds.${m}`] = 'shift.unknownMember';
    }),
  );
  if (Object.keys(errors).length) throw new BadRequestError('error.badRequest', errors);
  const existing = await getShift(caller.companyId, params.date, params.shift);
  if (isShiftOver(params.shift, params.date, existing?.endedAt, now, timeZone)) throw new ConflictError('shift.closed');
  // Teams keep their id when their name is kept, so the screen's cards stay put across edits.
  const previousIds = new Map((existing?.teams ?? []).map((team) => [team.name, team.id]));
  const record = await saveShiftAssignment({
    companyId: caller.companyId,
    date: params.date,
    shift: params.shift,
    teams: body.teams.map((team) => ({ id: previousIds.get(team.name) ?? ulid(), name: team.name, memberIds: team.memberIds })),
    by: caller.userId,
    at: now.toISOString(),
  });
  return viewOf(params.shift, params.date, record, people, now, rules);
}

async function scheduledShift(caller: Caller, params: ShiftParams) {
  const now = clock.now();
  const rules = await shiftRules(caller.companyId);
  const record = await getShift(caller.companyId, params.date, params.shift);
  if (!record || record.memberIds.length === 0) throw new NotFoundError();
  if (isShiftOver(params.shift, params.date, record.endedAt, now, rules.timeZone)) throw new ConflictError('shift.closed');
  return { now, rules, record };
}

/** POST /api/shifts/{date}/{shift}/start (Iniciar Turno). */
export async function startShift(caller: Caller, params: ShiftParams, body: ShiftStartBody): Promise<ShiftView> {
  const { now, rules, record } = await scheduledShift(caller, params);
  if (!isShiftInProgressAt(params.shift, params.date, now, rules.timeZone)) {
    throw new ConflictError('shift.notInProgress', shiftTimeRange(params.shift));
  }
  const scheduled = new Set(record.memberIds);
  let members: string[];
  if (isManager(caller)) {
    members = [...new Set(body.memberIds ?? record.memberIds)];
    const errors: FieldErrors = {};
    members.forEach((memberId, i) => {
      if (!scheduled.has(memberId)) errors[`memberIds.${i}`] = 'shift.notScheduled';
    });
    if (Object.keys(errors).length) throw new BadRequestError('error.badRequest', errors);
    if (members.length === 0) throw new BadRequestError('error.badRequest', { memberIds: 'shift.membersRequired' });
  } else {
    if (body.memberIds?.some((memberId) => memberId !== caller.userId)) throw new ForbiddenError();
    if (!scheduled.has(caller.userId)) throw new ForbiddenError('shift.notScheduled');
    members = [caller.userId];
  }
  const updated = await checkIn(caller.companyId, params.date, params.shift, members, caller.userId, now.toISOString());
  return viewOf(params.shift, params.date, updated, await peopleOf(caller.companyId), now, rules);
}

/** POST /api/shifts/{date}/{shift}/end (Encerrar Turno): managers close the shift, members check out. */
export async function endShift(caller: Caller, params: ShiftParams): Promise<ShiftView> {
  const { now, rules, record } = await scheduledShift(caller, params);
  let updated: ShiftRecord;
  if (isManager(caller)) {
    if (!record.startedAt) throw new ConflictError('shift.notStarted');
    updated = await closeShift(caller.companyId, params.date, params.shift, caller.userId, now.toISOString());
  } else {
    if (!record.memberIds.includes(caller.userId)) throw new ForbiddenError('shift.notScheduled');
    const attendance = record.attendance?.[caller.userId];
    if (!attendance) throw new ConflictError('shift.notStarted');
    updated = attendance.checkedOutAt ? record : await checkOut(caller.companyId, params.date, params.shift, caller.userId, now.toISOString());
  }
  return viewOf(params.shift, params.date, updated, await peopleOf(caller.companyId), now, rules);
}
