import { useEffect, useRef, useState } from 'react';

/**
 * The value, updated at most once every `intervalMs`: a change inside the interval shows at its
 * end (the latest one), so the last value always arrives.
 */
export function useThrottledValue<T>(value: T, intervalMs: number): T {
  const [shown, setShown] = useState(value);
  const lastAt = useRef(0);
  useEffect(() => {
    const wait = lastAt.current + intervalMs - performance.now();
    if (wait <= 0) {
      lastAt.current = performance.now();
      setShown(value);
      return;
    }
    const timer = setTimeout(() => {
      lastAt.current = performance.now();
      setShown(value);
    }, wait);
    return () => clearTimeout(timer);
  }, [value, intervalMs]);
  return shown;
}
