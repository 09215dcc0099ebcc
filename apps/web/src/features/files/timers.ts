export interface Timers {
  set(fn: () => void, ms: number): ReturnType<typeof setTimeout>;
  clear(id: ReturnType<typeof setTimeout>): void;
}

// Wrapped: a browser's setTimeout called as a method of another object throws "Illegal invocation".
export const DEFAULT_TIMERS: Timers = {
  set: (fn, ms) => setTimeout(fn, ms),
  clear: (id) => clearTimeout(id),
};
