// Choosing free nights on the portfolio calendar: with the mouse (press on a free night, drag along
// the row, release) or the keyboard (arrow keys move the focused cell, shift + arrows extend the
// choice along the row, Enter confirms, Escape drops it). The choice never covers a taken night.
import { useCallback, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { addDays } from '#shared/days';

export interface Cell {
  row: number;
  day: number;
}

export interface NightChoice {
  row: number;
  /** Inclusive day indexes of the first and last night. */
  first: number;
  last: number;
}

interface Options {
  rows: number;
  days: number;
  /** Whether the night `day` of row `row` is free. */
  isFree: (row: number, day: number) => boolean;
  /** The nights chosen (confirmed by mouse release or Enter). */
  onChoose: (choice: NightChoice) => void;
  /** Enter on a taken night (opens what is there). */
  onActivate?: (cell: Cell) => void;
}

export function useNightSelection({ rows, days, isFree, onChoose, onActivate }: Options) {
  const [focus, setFocus] = useState<Cell>({ row: 0, day: 0 });
  const [anchor, setAnchor] = useState<Cell | null>(null);
  const [end, setEnd] = useState<number | null>(null);
  const dragging = useRef(false);

  /** The free stretch from the anchor towards `day`, stopping before a taken night. */
  const reach = useCallback(
    (from: Cell, day: number) => {
      const step = day >= from.day ? 1 : -1;
      let last = from.day;
      for (let d = from.day + step; step > 0 ? d <= day : d >= day; d += step) {
        if (!isFree(from.row, d)) break;
        last = d;
      }
      return last;
    },
    [isFree],
  );

  const choice: NightChoice | null = anchor && end !== null ? { row: anchor.row, first: Math.min(anchor.day, end), last: Math.max(anchor.day, end) } : null;
  const clear = useCallback(() => {
    setAnchor(null);
    setEnd(null);
    dragging.current = false;
  }, []);

  // A drag ends wherever the pointer is released.
  useEffect(() => {
    const release = () => {
      if (!dragging.current) return;
      dragging.current = false;
      if (!choice) return;
      clear();
      onChoose(choice);
    };
    window.addEventListener('pointerup', release);
    return () => window.removeEventListener('pointerup', release);
  }, [choice, onChoose, clear]);

  const pointerDown = (cell: Cell, button: number) => {
    if (button !== 0 || !isFree(cell.row, cell.day)) return;
    dragging.current = true;
    setFocus(cell);
    setAnchor(cell);
    setEnd(cell.day);
  };
  const pointerEnter = (cell: Cell) => {
    if (!dragging.current || !anchor || cell.row !== anchor.row) return;
    setEnd(reach(anchor, cell.day));
  };

  const keyDown = (event: KeyboardEvent) => {
    const { row, day } = focus;
    const moves: Record<string, Cell> = {
      ArrowLeft: { row, day: Math.max(0, day - 1) },
      ArrowRight: { row, day: Math.min(days - 1, day + 1) },
      ArrowUp: { row: Math.max(0, row - 1), day },
      ArrowDown: { row: Math.min(rows - 1, row + 1), day },
      Home: { row, day: 0 },
      End: { row, day: days - 1 },
    };
    if (event.key in moves) {
      event.preventDefault();
      const next = moves[event.key];
      if (event.shiftKey && (event.key === 'ArrowLeft' || event.key === 'ArrowRight')) {
        const start = anchor && anchor.row === row ? anchor : isFree(row, day) ? { row, day } : null;
        if (!start) return;
        const last = reach(start, next.day);
        setAnchor(start);
        setEnd(last);
        setFocus({ row, day: last });
        return;
      }
      if (!event.shiftKey) clear();
      setFocus(next);
    } else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      if (choice) {
        clear();
        onChoose(choice);
      } else if (isFree(row, day)) onChoose({ row, first: day, last: day });
      else onActivate?.(focus);
    } else if (event.key === 'Escape' && choice) {
      event.preventDefault();
      clear();
    }
  };

  const isChosen = (cell: Cell) => Boolean(choice && choice.row === cell.row && cell.day >= choice.first && cell.day <= choice.last);
  return { focus, setFocus, choice, clear, isChosen, pointerDown, pointerEnter, keyDown };
}

/** The stay days of a choice: check-in the first night, check-out the morning after the last. */
export const choiceDays = (from: string, choice: NightChoice) => ({ checkinDay: addDays(from, choice.first), checkoutDay: addDays(from, choice.last + 1) });
