import { useCallback } from 'react';
import useSWR from 'swr';
import type { Role } from '#shared/enums';
import type { AttendanceStatus, Shift, ShiftStatus } from '#shared/rules';
import type { ApiError } from '../../../lib/api-client';

/** GET /api/shifts: this week (company time zone). Every week's key starts with it. */
export const SHIFTS_KEY = '/api/shifts';

/** The week holding `week` (its Monday, as the screen's address keeps it); none: this week. */
export function shiftsKey(week: string | undefined): string {
  return week ? `${SHIFTS_KEY}?week=${encodeURIComponent(week)}` : SHIFTS_KEY;
}

/** Whether an SWR key is one of the weeks' (not a shift's own URL). */
export const isShiftsWeekKey = (key: unknown): boolean => typeof key === 'string' && (key === SHIFTS_KEY || key.startsWith(`${SHIFTS_KEY}?`));

export interface ShiftMember {
  id: string;
  firstName: string | null;
  lastName: string | null;
  role: Role;
  profileImageUrl: string | null;
  status: AttendanceStatus;
  checkedInAt: string | null;
  checkedOutAt: string | null;
}

export interface ShiftTeam {
  id: string;
  name: string;
  start: string;
  end: string;
  members: ShiftMember[];
}

/** One shift of one day as GET /api/shifts answers it (functions/shifts/shifts.ts, ShiftView). */
export interface ShiftDay {
  date: string;
  shift: Shift;
  timezone: string;
  /** A start more than this many minutes after the window opens is late (the company's team settings). */
  lateAfterMinutes: number;
  start: string;
  end: string;
  inProgress: boolean;
  status: ShiftStatus;
  startedAt: string | null;
  endedAt: string | null;
  teams: ShiftTeam[];
}

/** GET /api/shifts[?week=]: a week, Monday to Sunday, three shifts a day (functions/shifts/shifts.ts, ShiftWeekView). */
export interface ShiftWeek {
  timezone: string;
  /** Today in the company's time zone. */
  today: string;
  week: { start: string; days: string[]; previous: string; next: string };
  shifts: ShiftDay[];
}

export interface ShiftsState {
  data: ShiftWeek | undefined;
  shifts: ShiftDay[];
  isLoading: boolean;
  error: ApiError | undefined;
  refresh: () => Promise<unknown>;
}

/** The week's shifts; the week before stays on screen while the next one loads. */
export function useShifts(week: string | undefined): ShiftsState {
  const { data, error, isLoading, mutate } = useSWR<ShiftWeek, ApiError>(shiftsKey(week), { keepPreviousData: true });
  const valid = data && Array.isArray(data.shifts) ? data : undefined;
  const refresh = useCallback(() => mutate(), [mutate]);
  return { data: valid, shifts: valid?.shifts ?? [], isLoading, error, refresh };
}
