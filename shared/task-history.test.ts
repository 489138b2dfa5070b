// Time on task and history rules, with generated inputs.
import fc from 'fast-check';
import { SYNC_ACTOR_ID } from '../events/catalogue';
import { TASK_STATUSES } from './enums';
import type { Task } from './schemas';
import { CALENDAR_SYNC_ACTOR_ID, formatDuration, memberDurations, minutesBetween, statusAction, taskChangeEntries, timeOnTask } from './task-history';

const task: Task = {
  id: 'T1',
  type: 'cleaning',
  title: 'Clean',
  description: null,
  propertyId: 'P1',
  reservationId: null,
  assignedUserId: null,
  status: 'pending',
  dueDate: null,
  completedAt: null,
  createdAt: '2030-01-01T00:00:00.000Z',
  updatedAt: '2030-01-01T00:00:00.000Z',
};

describe('time on task', () => {
  it('never gives a negative or non-integer duration, and only when completed', () => {
    const instant = fc.date({ min: new Date('2020-01-01'), max: new Date('2040-01-01'), noInvalidDate: true }).map((d) => d.toISOString());
    fc.assert(
      fc.property(fc.constantFrom(...TASK_STATUSES), fc.constantFrom(...TASK_STATUSES), fc.option(instant), fc.option(instant), instant, (from, to, startedAt, completedAt, at) => {
        const result = timeOnTask({ status: from, startedAt, completedAt }, to, at);
        if (result.actualMinutes != null) {
          expect(Number.isInteger(result.actualMinutes) && result.actualMinutes >= 0).toBe(true);
          expect(to).toBe('completed');
        }
        if (to !== 'completed') expect(result.completedAt).toBeNull();
        if (to === 'pending') expect(result.startedAt).toBeNull();
        if (to === 'in_progress') expect(result.startedAt).toBe(startedAt ?? at);
      }),
    );
  });

  it('counts whole minutes and refuses times out of order', () => {
    expect(minutesBetween('2030-01-01T10:00:00Z', '2030-01-01T10:44:31Z')).toBe(45);
    expect(minutesBetween('2030-01-01T10:00:00Z', '2030-01-01T09:00:00Z')).toBeNull();
    expect(minutesBetween('garbage', '2030-01-01T09:00:00Z')).toBeNull();
    expect(formatDuration(45)).toBe('45 min');
    expect(formatDuration(125)).toBe('2 h 05 min');
    expect(formatDuration(null)).toBeUndefined();
    expect(memberDurations({ completedTasks: 3, timedTasks: 2, workedMinutes: 61 })).toEqual({ completedTasks: 3, timedTasks: 2, totalMinutes: 61, averageMinutes: 31 });
    expect(memberDurations({}).averageMinutes).toBeNull();
  });
});

describe('history entries', () => {
  it('names every status change', () => {
    expect(statusAction('pending', 'in_progress')).toBe('started');
    expect(statusAction('in_progress', 'completed')).toBe('completed');
    expect(statusAction('completed', 'in_progress')).toBe('reopened');
    expect(statusAction('cancelled', 'pending')).toBe('reopened');
    expect(statusAction('in_progress', 'pending')).toBe('status_changed');
    expect(statusAction('pending', 'cancelled')).toBe('cancelled');
  });

  it('records nothing for a write that changes nothing, and clips long texts', () => {
    expect(taskChangeEntries(task, { ...task, updatedAt: '2030-01-02T00:00:00.000Z' }, 'U1', '2030-01-02T00:00:00.000Z')).toEqual([]);
    const [edited] = taskChangeEntries(task, { ...task, description: 'x'.repeat(5000) }, 'U1', '2030-01-02T00:00:00.000Z');
    expect(edited.action).toBe('edited');
    expect(String(edited.changes[0].to).length).toBe(501);
  });

  it('records the calendar sync with the events\' own actor id', () => {
    expect(CALENDAR_SYNC_ACTOR_ID).toBe(SYNC_ACTOR_ID);
    const [created] = taskChangeEntries(undefined, { ...task, reservationId: 'R1' }, SYNC_ACTOR_ID, task.createdAt);
    expect(created).toMatchObject({ action: 'created', actorUserId: 'calendar-sync', details: { reservationId: 'R1' } });
  });
});
