import type { ShiftDay, ShiftMember } from '../api/get-shifts';
import { defaultShift, shiftAction } from './shift-action';
import { zonedInstant } from '#shared/rules';

const member = (id: string, extra: Partial<ShiftMember> = {}): ShiftMember => ({
  id,
  firstName: 'A',
  lastName: 'B',
  role: 'staff',
  profileImageUrl: null,
  status: 'scheduled',
  checkedInAt: null,
  checkedOutAt: null,
  ...extra,
});

const day = (extra: Partial<ShiftDay> = {}): ShiftDay => ({
  date: '2030-06-03',
  shift: 'morning',
  timezone: 'America/New_York',
  lateAfterMinutes: 15,
  start: '08:00',
  end: '12:00',
  inProgress: false,
  status: 'scheduled',
  startedAt: null,
  endedAt: null,
  teams: [{ id: 't1', name: 'A', start: '08:00', end: '12:00', members: [member('ana'), member('bruno')] }],
  ...extra,
});

const manager = { id: 'boss', role: 'operational_manager' as const };
const ana = { id: 'ana', role: 'staff' as const };
const TODAY = '2030-06-03';

describe('the shift button', () => {
  it.each([
    [7, true],
    [8, false],
    [11, false],
    [12, true],
  ])('for a manager at %i:xx reads Iniciar Turno, disabled: %s', (hour, disabled) => {
    expect(shiftAction(day(), manager, TODAY, hour)).toMatchObject({ label: 'start', disabled });
  });

  it('reads Encerrar Turno once started, enabled only inside the window', () => {
    const started = day({ startedAt: '2030-06-03T12:05:00Z', status: 'in_progress' });
    expect(shiftAction(started, manager, TODAY, 9)).toEqual({ label: 'end', disabled: false, hint: 'endForTeam' });
    expect(shiftAction(started, manager, TODAY, 12)).toMatchObject({ label: 'end', disabled: true });
  });

  it('is disabled on another day, with no team, and once the shift has ended', () => {
    expect(shiftAction(day(), manager, '2030-06-04', 9).disabled).toBe(true);
    expect(shiftAction(day({ teams: [] }), manager, TODAY, 9)).toEqual({ label: 'start', disabled: true, hint: 'noTeams' });
    expect(shiftAction(day({ status: 'ended', startedAt: 'x', endedAt: 'y' }), manager, TODAY, 9)).toEqual({ label: 'end', disabled: true, hint: 'ended' });
  });

  it('lets a scheduled member start and then end for themselves, and nobody else', () => {
    expect(shiftAction(day(), ana, TODAY, 9)).toEqual({ label: 'start', disabled: false, hint: 'startForSelf' });
    expect(shiftAction(day(), { id: 'zoe', role: 'staff' }, TODAY, 9)).toEqual({ label: 'start', disabled: true, hint: 'notScheduled' });
    const checkedIn = day({ startedAt: 'x', teams: [{ id: 't1', name: 'A', start: '08:00', end: '12:00', members: [member('ana', { checkedInAt: 'x', status: 'present' })] }] });
    expect(shiftAction(checkedIn, ana, TODAY, 9)).toEqual({ label: 'end', disabled: false, hint: 'endForSelf' });
    const checkedOut = day({ startedAt: 'x', teams: [{ id: 't1', name: 'A', start: '08:00', end: '12:00', members: [member('ana', { checkedInAt: 'x', checkedOutAt: 'y' })] }] });
    expect(shiftAction(checkedOut, ana, TODAY, 9)).toEqual({ label: 'end', disabled: true, hint: 'checkedOut' });
  });
});

describe('the first tab', () => {
  const at = (hour: number, minute = 0) => zonedInstant(TODAY, hour, minute, 'America/New_York');
  it.each([
    [6, 'morning'],
    [9, 'morning'],
    [12, 'afternoon'],
    [14, 'afternoon'],
    [17, 'night'],
    [23, 'night'],
  ])('at %i:00 is %s', (hour, shift) => {
    expect(defaultShift(at(hour), 'America/New_York')).toBe(shift);
  });
});
