/** SPEC 9: on window focus, the server is checked again when the last check is older than this. */
export const HEALTH_FOCUS_RECHECK_MS = 5 * 60_000;

export interface HealthCheckOptions {
  /** One GET /health; a rejection is a failed check. */
  check(): Promise<unknown>;
  /** Every this many milliseconds (SPEC 9: 10 minutes). */
  intervalMs: number;
  /** A focus re-checks when the last check is older than this. */
  recheckOnFocusAfterMs: number;
  /** Registers the window-focus listener; returns its removal. */
  onFocus(listener: () => void): () => void;
  /** Failures are only logged (SPEC 8). */
  logFailure(error: unknown): void;
  now?: () => number;
}

/**
 * Checks the server's health now, then every `intervalMs`, and on window focus when the last
 * check is stale. A failure is logged, never retried. Returns the function that stops it.
 * @example const stop = startHealthChecks({ check, intervalMs: 600_000, recheckOnFocusAfterMs: 300_000, onFocus, logFailure: console.warn })
 */
export function startHealthChecks({
  check,
  intervalMs,
  recheckOnFocusAfterMs,
  onFocus,
  logFailure,
  now = Date.now,
}: HealthCheckOptions): () => void {
  let lastCheckAt = 0;
  let isRunning = false;
  const run = () => {
    if (isRunning) return;
    isRunning = true;
    lastCheckAt = now();
    check()
      .catch(logFailure)
      .finally(() => {
        isRunning = false;
      });
  };
  run();
  const timer = setInterval(run, intervalMs);
  const stopFocus = onFocus(() => {
    if (now() - lastCheckAt > recheckOnFocusAfterMs) run();
  });
  return () => {
    clearInterval(timer);
    stopFocus();
  };
}

/** GET /health: the server and its database answer (200 "OK"). */
export async function fetchHealth(signal?: AbortSignal): Promise<void> {
  const response = await fetch('/health', { cache: 'no-store', signal });
  if (!response.ok) throw new Error(`GET /health answered ${response.status}`);
}
