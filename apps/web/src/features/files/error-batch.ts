import { DEFAULT_TIMERS, type Timers } from './timers';

/**
 * Collects messages that arrive close together and hands them over once, after `delayMs` of
 * the first (SPEC 8, Uploads: several errors are batched within 250 ms into one toast). The
 * same message twice is kept once.
 */
export function createMessageBatcher(
  delayMs: number,
  flush: (messages: string[]) => void,
  timers: Timers = DEFAULT_TIMERS,
): { add(message: string): void; cancel(): void } {
  let pending: string[] = [];
  let timer: ReturnType<typeof setTimeout> | null = null;
  return {
    add(message) {
      if (!pending.includes(message)) pending.push(message);
      timer ??= timers.set(() => {
        const messages = pending;
        pending = [];
        timer = null;
        flush(messages);
      }, delayMs);
    },
    cancel() {
      if (timer) timers.clear(timer);
      timer = null;
      pending = [];
    },
  };
}
