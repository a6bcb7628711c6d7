import { useEffect, useState } from 'react';

/**
 * True once the screen has been painted with `ready` content: what is rendered behind it (the
 * breakdown below the fold, then the chart's chunk) neither delays nor lengthens the paint of the
 * numbers on top.
 */
export function usePaintedOnce(ready: boolean): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    if (!ready || painted) return;
    let timer: number | undefined;
    // The frame after this commit, then a task: the browser has painted the commit by then.
    const frame = window.requestAnimationFrame(() => {
      timer = window.setTimeout(() => setPainted(true), 0);
    });
    return () => {
      window.cancelAnimationFrame(frame);
      window.clearTimeout(timer);
    };
  }, [ready, painted]);
  return painted;
}
