import type { Role } from '#shared/enums';
import { isShiftInProgress, SHIFTS, zonedTime, type Shift } from '#shared/rules';
import type { ShiftDay } from '../api/get-shifts';

export type ShiftActionLabel = 'start' | 'end';
export type ShiftActionHint = 'outsideWindow' | 'noTeams' | 'notScheduled' | 'ended' | 'checkedOut' | 'startForTeam' | 'startForSelf' | 'endForTeam' | 'endForSelf';

export interface ShiftAction {
  /** Iniciar Turno or Encerrar Turno. */
  label: ShiftActionLabel;
  disabled: boolean;
  /** Why it is disabled, or what pressing it does. */
  hint: ShiftActionHint;
}

const MANAGERS: readonly Role[] = ['ceo', 'operational_manager'];

/**
 * The bottom button of the shifts screen (SPEC): disabled unless the current local hour is inside
 * the shift; Iniciar Turno until started, then Encerrar Turno. A CEO or manager starts and closes the
 * shift for the team; a member starts (checks in) and ends (checks out) for themselves.
 */
export function shiftAction(view: ShiftDay, caller: { id: string; role: Role }, localDate: string, localHour: number): ShiftAction {
  const inProgress = view.date === localDate && isShiftInProgress(view.shift, localHour);
  const manager = MANAGERS.includes(caller.role);
  const members = view.teams.flatMap((team) => team.members);
  if (view.status === 'ended' || view.endedAt) return { label: view.startedAt ? 'end' : 'start', disabled: true, hint: 'ended' };
  if (manager) {
    if (view.startedAt) return { label: 'end', disabled: !inProgress, hint: inProgress ? 'endForTeam' : 'outsideWindow' };
    if (members.length === 0) return { label: 'start', disabled: true, hint: 'noTeams' };
    return { label: 'start', disabled: !inProgress, hint: inProgress ? 'startForTeam' : 'outsideWindow' };
  }
  const me = members.find((member) => member.id === caller.id);
  if (!me) return { label: 'start', disabled: true, hint: 'notScheduled' };
  if (me.checkedOutAt) return { label: 'end', disabled: true, hint: 'checkedOut' };
  if (me.checkedInAt) return { label: 'end', disabled: !inProgress, hint: inProgress ? 'endForSelf' : 'outsideWindow' };
  return { label: 'start', disabled: !inProgress, hint: inProgress ? 'startForSelf' : 'outsideWindow' };
}

/** The tab to open first: the shift in progress, else the next one today, else the night. */
export function defaultShift(now: Date, timeZone: string): Shift {
  const { hour } = zonedTime(now, timeZone);
  const current = SHIFTS.find((shift) => isShiftInProgress(shift, hour));
  if (current) return current;
  if (hour < 8) return 'morning';
  if (hour < 13) return 'afternoon';
  return 'night';
}
