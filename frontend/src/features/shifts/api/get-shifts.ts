import useSWR from 'swr';
import type { Role } from '#shared/enums';
import type { AttendanceStatus, Shift, ShiftStatus } from '#shared/rules';
import type { ApiError } from '../../../lib/api-client';

export const SHIFTS_KEY = '/api/shifts';

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

/** One of today's shifts as GET /api/shifts answers it (functions/shifts/shifts.ts, ShiftView). */
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

export interface ShiftsState {
  shifts: ShiftDay[];
  isLoading: boolean;
  error: ApiError | undefined;
  refresh: () => Promise<unknown>;
}

/** GET /api/shifts: today's morning, afternoon and night shifts (company time zone). */
export function useShifts(): ShiftsState {
  const { data, error, isLoading, mutate } = useSWR<ShiftDay[], ApiError>(SHIFTS_KEY);
  return { shifts: Array.isArray(data) ? data : [], isLoading, error, refresh: () => mutate() };
}
