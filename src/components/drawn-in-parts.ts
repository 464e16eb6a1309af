import { startTransition, useEffect, useState } from 'react';
import { nextTask } from '../lib/after-first-paint';

/**
 * How many of a screen's `count` parts to draw: none at first, then one more per task, each
 * as a transition. A long form drawn at once is one long task of React's render and another
 * of the browser's style and layout on a slow phone; in parts, neither holds the phone for
 * long, and a tap meanwhile is answered first. `count` 0 draws nothing (yet).
 */
export function useDrawnInParts(count: number): number {
  const [drawn, setDrawn] = useState(0);
  const pending = count > 0 && drawn < count;
  useEffect(() => {
    if (!pending) return;
    let live = true;
    void nextTask().then(() => {
      if (live) startTransition(() => setDrawn((n) => n + 1));
    });
    return () => {
      live = false;
    };
  }, [pending, drawn]);
  return Math.min(drawn, count);
}
