/**
 * The run-code throttle (SPEC 9: one run a second per user), as a short queue rather than a
 * refusal: a press within the second waits for its turn and then runs, so a double click or a
 * client that does not throttle itself (LibreChat's does) still gets its output. Only a backlog
 * longer than `maxWaitMs` is refused (429 run_code_limit), which bounds what one user can queue.
 * Kept per instance: with several instances a user may run once a second on each, still bounded.
 */
export class RunPacer {
  /** When each user's next run may start (epoch ms). */
  private readonly nextStart = new Map<string, number>();

  constructor(
    private readonly intervalMs: number,
    private readonly maxWaitMs: number,
  ) {}

  /**
   * Takes the user's next turn: resolves when the run may start, or answers false at once when
   * the wait would pass maxWaitMs. An abort while waiting ends the wait early (the turn is spent).
   */
  async takeTurn(key: string, signal?: AbortSignal): Promise<boolean> {
    const now = Date.now();
    this.prune(now);
    const start = Math.max(now, this.nextStart.get(key) ?? 0);
    if (start - now > this.maxWaitMs) return false;
    this.nextStart.set(key, start + this.intervalMs);
    if (start > now) await delay(start - now, signal);
    return true;
  }

  private prune(now: number): void {
    if (this.nextStart.size < 10_000) return;
    for (const [key, next] of this.nextStart) if (next <= now) this.nextStart.delete(key);
  }
}

function delay(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
    signal?.addEventListener('abort', done, { once: true });
  });
}
