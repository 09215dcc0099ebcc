import { useEffect, useState } from 'react';

function todayKey(): string {
  const now = new Date();
  return `${now.getFullYear()}-${now.getMonth()}-${now.getDate()}`;
}

/** Changes when the local date does (checked every minute), so "Today" moves on at midnight. */
export function useDayKey(): string {
  const [key, setKey] = useState(todayKey);
  useEffect(() => {
    const timer = setInterval(() => setKey((k) => (k === todayKey() ? k : todayKey())), 60_000);
    return () => clearInterval(timer);
  }, []);
  return key;
}
