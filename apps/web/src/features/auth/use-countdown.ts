import { useEffect, useRef, useState } from 'react';

/** Counts whole seconds down from `seconds` once `isRunning`, then calls `onDone` once. */
export function useCountdown(seconds: number, isRunning: boolean, onDone: () => void): number {
  const [remaining, setRemaining] = useState(seconds);
  const onDoneRef = useRef(onDone);
  onDoneRef.current = onDone;

  useEffect(() => {
    if (!isRunning) return;
    setRemaining(seconds);
    const startedAt = Date.now();
    const timer = setInterval(() => {
      const left = Math.max(0, seconds - Math.floor((Date.now() - startedAt) / 1000));
      setRemaining(left);
      if (left === 0) {
        clearInterval(timer);
        onDoneRef.current();
      }
    }, 200);
    return () => clearInterval(timer);
  }, [isRunning, seconds]);

  return remaining;
}
