// Pure helpers of the board: where a move puts a card (optimistic view), the new due instant, the
// row of a member, and whether a card can move at all.
import { zonedInstant, zonedTime } from '#shared/rules';
import type { DispatchBoard, DispatchCard, DispatchRow } from '#shared/dispatch';

/** A row's key: the member id, or "unassigned". */
export const UNASSIGNED_ROW = 'unassigned';
export const rowKey = (row: DispatchRow): string => row.member?.id ?? UNASSIGNED_ROW;

/** Only open work moves: completed and cancelled tasks stay where they were done. */
export const isMovable = (card: DispatchCard): boolean => card.task.status === 'pending' || card.task.status === 'in_progress';

/**
 * Why a move cannot be made, or null: only open work moves, and never to a day that has passed in
 * the company's zone (the task would be overdue the moment it lands, and its assignee told of work
 * "yesterday"). Reassigning a task on its own past day is still allowed: an overdue task changes hands.
 */
export function moveRefusal(card: DispatchCard, day: string, now: Date, timeZone: string): 'notOpen' | 'pastDay' | null {
  if (!isMovable(card)) return 'notOpen';
  if (day !== card.day && day < zonedTime(now, timeZone).date) return 'pastDay';
  return null;
}

/** The same local time of day on `day` (company zone). */
export function dueOnDay(dueDate: string, day: string, timeZone: string): string {
  const local = zonedTime(new Date(dueDate), timeZone);
  return zonedInstant(day, local.hour, local.minute, timeZone).toISOString();
}

export function findCard(board: DispatchBoard, taskId: string): { card: DispatchCard; row: DispatchRow } | undefined {
  for (const row of board.rows) {
    const card = row.cards.find((c) => c.task.id === taskId);
    if (card) return { card, row };
  }
  return undefined;
}

function withCards(row: DispatchRow, cards: DispatchCard[]): DispatchRow {
  const minutesByDay: Record<string, number> = Object.fromEntries(Object.keys(row.minutesByDay).map((day) => [day, 0]));
  for (const card of cards) minutesByDay[card.day] = (minutesByDay[card.day] ?? 0) + card.minutes;
  return {
    ...row,
    cards,
    minutesByDay,
    workloadMinutes: cards.reduce((sum, card) => sum + card.minutes, 0),
    warningCount: cards.reduce((sum, card) => sum + card.warnings.length, 0),
  };
}

/**
 * The board as it will look once the move lands: the card in its new row and day, its warnings
 * dropped until the server computes them again.
 */
export function applyMove(board: DispatchBoard, taskId: string, targetRow: string, day: string, dueDate: string): DispatchBoard {
  const found = findCard(board, taskId);
  if (!found) return board;
  const assignedUserId = targetRow === UNASSIGNED_ROW ? null : targetRow;
  const moved: DispatchCard = {
    ...found.card,
    task: { ...found.card.task, assignedUserId, dueDate },
    day,
    endsAt: new Date(Date.parse(dueDate) + found.card.minutes * 60_000).toISOString(),
    warnings: [],
  };
  const rows = board.rows.map((row) => {
    const without = row.cards.filter((card) => card.task.id !== taskId);
    const cards = rowKey(row) === targetRow
      ? [...without, moved].sort((a, b) => Date.parse(a.task.dueDate ?? '') - Date.parse(b.task.dueDate ?? ''))
      : without;
    return cards.length === row.cards.length && rowKey(row) !== targetRow ? row : withCards(row, cards);
  });
  return { ...board, rows };
}

/** "7.5 h" style workload: hours with at most one decimal. */
export function hoursOf(minutes: number): number {
  return Math.round((minutes / 60) * 10) / 10;
}
