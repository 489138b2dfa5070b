import { mutate } from 'swr';
import type { Shift } from '#shared/rules';
import type { ShiftAssignmentBody } from '#shared/schemas';
import { apiRequest } from '../../../lib/api-client';
import { SHIFTS_KEY, isShiftsWeekKey, type ShiftDay, type ShiftWeek } from './get-shifts';

const shiftUrl = (date: string, shift: Shift) => `${SHIFTS_KEY}/${encodeURIComponent(date)}/${shift}`;

/** Puts the answer (the changed shift) into every week read that holds it, then re-reads them. */
async function applyAndRefresh(request: Promise<ShiftDay>): Promise<ShiftDay> {
  try {
    const updated = await request;
    const replace = (current: ShiftWeek | undefined) =>
      current && Array.isArray(current.shifts)
        ? { ...current, shifts: current.shifts.map((s) => (s.shift === updated.shift && s.date === updated.date ? updated : s)) }
        : current;
    await mutate<ShiftWeek>(isShiftsWeekKey, replace, { revalidate: true });
    return updated;
  } catch (error) {
    void mutate(isShiftsWeekKey);
    throw error;
  }
}

/** PUT /api/shifts/{date}/{shift}: the whole list of teams of the shift (CEO and managers). */
export function assignShift(date: string, shift: Shift, body: ShiftAssignmentBody): Promise<ShiftDay> {
  return applyAndRefresh(apiRequest<ShiftDay>('PUT', shiftUrl(date, shift), body));
}

/** POST …/start (Iniciar Turno): managers name who is there; members start for themselves. */
export function startShift(date: string, shift: Shift, memberIds?: string[]): Promise<ShiftDay> {
  return applyAndRefresh(apiRequest<ShiftDay>('POST', `${shiftUrl(date, shift)}/start`, memberIds ? { memberIds } : {}));
}

/** POST …/end (Encerrar Turno): managers close the shift; members check out. */
export function endShift(date: string, shift: Shift): Promise<ShiftDay> {
  return applyAndRefresh(apiRequest<ShiftDay>('POST', `${shiftUrl(date, shift)}/end`));
}
