import { startTransition, useEffect, useState, type ReactNode } from 'react';
import { yieldToBrowser } from '../../lib/yield';

/**
 * Renders a long list's items a few at a time: `first` with the screen, then `step` more in each
 * following task until all are. React commits a transition's tree in one piece, so a first screen of
 * 25 task cards was one commit of about 35 ms and a layout of about the same on a desktop, four times
 * that on a phone (bench/results.md); in steps, each commit and layout stays short and a tap in
 * between is answered. The first items are the ones on screen, so nothing visible waits.
 *
 * The count is this component's own state, so a step re-renders only the items it adds: the items
 * already drawn are the same elements as before, which React does not render again.
 */
export function RenderInSteps({ children, first = 6, step = 6 }: { children: ReactNode[]; first?: number; step?: number }) {
  const total = children.length;
  const [count, setCount] = useState(first);
  useEffect(() => {
    if (count >= total) return;
    let live = true;
    void yieldToBrowser().then(() => {
      if (live) startTransition(() => setCount((current) => current + step));
    });
    return () => {
      live = false;
    };
  }, [count, total, step]);
  return <>{count >= total ? children : children.slice(0, count)}</>;
}
