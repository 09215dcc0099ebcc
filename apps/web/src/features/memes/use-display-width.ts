import { useLayoutEffect, useState, type RefObject } from 'react';

/**
 * The CSS width an element is shown at, rounded down to `step` px so that a resize redraws only
 * when it matters; 0 until measured (or while the element is not laid out).
 */
export function useDisplayWidth(ref: RefObject<HTMLElement | null>, step = 10): number {
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => setWidth(Math.floor(element.getBoundingClientRect().width / step) * step);
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, step]);
  return width;
}
