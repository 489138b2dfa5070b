// The board's optimistic move and its new due instant, without a browser.
import type { DispatchBoard, DispatchCard, DispatchRow } from '#shared/dispatch';
import type { Task } from '#shared/schemas';
import { UNASSIGNED_ROW, applyMove, dueOnDay, hoursOf, isMovable, moveRefusal } from './board-moves';

const NY = 'America/New_York';
const task = (id: string, fields: Partial<Task> = {}): Task =>
  ({ id, type: 'cleaning', title: id, propertyId: 'p', status: 'pending', assignedUserId: null, dueDate: '2030-03-08T15:00:00.000Z', createdAt: 'x', updatedAt: 'x', ...fields }) as Task;
const card = (t: Task, day: string, minutes = 120): DispatchCard => ({ task: t, propertyName: 'Casa', day, minutes, endsAt: '', warnings: [{ kind: 'overlap', taskId: t.id, withTaskId: 'z' }] });
const row = (id: string | null, cards: DispatchCard[]): DispatchRow => ({
  member: id ? { id, name: id, role: 'staff' } : null,
  workloadMinutes: cards.reduce((s, c) => s + c.minutes, 0),
  minutesByDay: { '2030-03-08': 0, '2030-03-09': 0, '2030-03-10': 0 },
  shiftsByDay: {},
  warningCount: cards.length,
  cards,
});

describe('dueOnDay', () => {
  it('keeps the local time of day across a DST change (10:00 in New York stays 10:00)', () => {
    // Friday 2030-03-08 10:00 EST (15:00Z) to Monday 2030-03-11, after clocks went forward: 10:00 EDT = 14:00Z.
    expect(dueOnDay('2030-03-08T15:00:00.000Z', '2030-03-11', NY)).toBe('2030-03-11T14:00:00.000Z');
    expect(dueOnDay('2030-03-08T15:00:00.000Z', '2030-03-07', NY)).toBe('2030-03-07T15:00:00.000Z');
  });
});

describe('applyMove', () => {
  const board: DispatchBoard = {
    week: { view: 'week', start: '2030-03-04', days: [], timeZone: NY, today: '2030-03-04', previous: '', next: '' },
    durations: { cleaning: 120, maintenance: 90, laundry: 60, inspection: 30 },
    rows: [row(null, [card(task('a'), '2030-03-08')]), row('ana', [card(task('b', { assignedUserId: 'ana' }), '2030-03-08', 60)])],
  };

  it('puts the card in its new row and day, drops its warnings and sums the rows again', () => {
    const moved = applyMove(board, 'a', 'ana', '2030-03-09', '2030-03-09T15:00:00.000Z');
    expect(moved.rows[0].cards).toEqual([]);
    expect(moved.rows[0].workloadMinutes).toBe(0);
    const ana = moved.rows[1];
    expect(ana.cards.map((c) => c.task.id)).toEqual(['b', 'a']);
    expect(ana.cards[1]).toMatchObject({ day: '2030-03-09', warnings: [], task: { assignedUserId: 'ana', dueDate: '2030-03-09T15:00:00.000Z' }, endsAt: '2030-03-09T17:00:00.000Z' });
    expect(ana.workloadMinutes).toBe(180);
    expect(ana.minutesByDay).toMatchObject({ '2030-03-08': 60, '2030-03-09': 120 });
    // The board it came from is untouched (a rollback restores it).
    expect(board.rows[0].cards).toHaveLength(1);
  });

  it('unassigns with the unassigned row, and ignores an unknown task', () => {
    const moved = applyMove(board, 'b', UNASSIGNED_ROW, '2030-03-08', '2030-03-08T15:00:00.000Z');
    expect(moved.rows[0].cards.map((c) => c.task.assignedUserId)).toEqual([null, null]);
    expect(applyMove(board, 'nope', 'ana', '2030-03-09', '2030-03-09T15:00:00.000Z')).toBe(board);
  });

  it('moves only open work and shows hours with one decimal', () => {
    expect(isMovable(card(task('c', { status: 'completed' }), '2030-03-08'))).toBe(false);
    expect(isMovable(card(task('d', { status: 'in_progress' }), '2030-03-08'))).toBe(true);
    expect(hoursOf(90)).toBe(1.5);
    expect(hoursOf(100)).toBe(1.7);
  });
});

describe('moveRefusal', () => {
  // 2030-03-09 at 01:00 UTC is still March 8 in New York.
  const now = new Date('2030-03-09T01:00:00Z');
  it('refuses a day that has passed in the company zone, not today nor later', () => {
    const open = card(task('a', { dueDate: '2030-03-10T15:00:00.000Z' }), '2030-03-10');
    expect(moveRefusal(open, '2030-03-07', now, NY)).toBe('pastDay');
    expect(moveRefusal(open, '2030-03-08', now, NY)).toBeNull();
    expect(moveRefusal(open, '2030-03-09', now, NY)).toBeNull();
    // In Lisbon it is already March 9: the 8th has passed.
    expect(moveRefusal(open, '2030-03-08', now, 'Europe/Lisbon')).toBe('pastDay');
  });
  it('lets an overdue task change hands on its own day, and refuses closed work anywhere', () => {
    const overdue = card(task('b', { dueDate: '2030-03-06T15:00:00.000Z' }), '2030-03-06');
    expect(moveRefusal(overdue, '2030-03-06', now, NY)).toBeNull();
    expect(moveRefusal(card(task('c', { status: 'completed' }), '2030-03-10'), '2030-03-11', now, NY)).toBe('notOpen');
  });
});
