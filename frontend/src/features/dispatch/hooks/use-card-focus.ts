import { useCallback, useEffect, useState } from 'react';
import type { DispatchBoard } from '#shared/dispatch';
import { findCard, rowKey } from '../utils/board-moves';

/** The id of a card's element (DispatchCard), to give it focus. */
export const cardElementId = (taskId: string) => `dispatch-card-${taskId}`;

interface FocusTarget {
  taskId: string;
  /** Where the card is going: focus waits until the board shows it there. None: wherever it is. */
  row?: string;
  day?: string;
}

/**
 * Where focus goes when the Move dialog closes, so a keyboard user keeps their place on the board:
 * after a move, the moved card in its new place (once the board, optimistically, shows it there:
 * the old element is gone); after Cancel or Escape, the card it was opened from. The dialog does
 * not restore focus itself (it would aim at the card's old element).
 */
export function useCardFocus(board: DispatchBoard | undefined, dialogOpen: boolean) {
  const [target, setTarget] = useState<FocusTarget | null>(null);

  useEffect(() => {
    if (!target || dialogOpen || !board) return;
    const found = findCard(board, target.taskId);
    if (found && target.row !== undefined && (rowKey(found.row) !== target.row || found.card.day !== target.day)) return; // not drawn there yet
    if (found) document.getElementById(cardElementId(target.taskId))?.focus();
    setTarget(null);
  }, [target, dialogOpen, board]);

  /** Cancel, Escape: back to the card (a move just asked for keeps its own target). */
  const returnTo = useCallback((taskId: string) => {
    setTarget((current) => (current?.taskId === taskId ? current : { taskId }));
  }, []);

  /** A move to `row` and `day`: to the card once it is there. */
  const follow = useCallback((taskId: string, row: string, day: string) => setTarget({ taskId, row, day }), []);

  /**
   * The move is over (saved, refused, put back): if focus is still waiting, or was lost when a
   * refusal put the card back, to the card wherever it is.
   */
  const settle = useCallback((taskId: string) => {
    const lost = !document.activeElement || document.activeElement === document.body;
    setTarget((current) => (current?.taskId === taskId || (lost && !current) ? { taskId } : current));
  }, []);

  return { returnTo, follow, settle };
}
