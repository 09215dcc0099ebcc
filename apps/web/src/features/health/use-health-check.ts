import { TIMING } from '@confab/shared';
import { useEffect } from 'react';
import { fetchHealth, HEALTH_FOCUS_RECHECK_MS, startHealthChecks } from './health-check';

/** The server health check of SPEC 7, for the whole app: mounted once, in the root layout. */
export function useHealthCheck(): void {
  useEffect(() => {
    const controller = new AbortController();
    const stop = startHealthChecks({
      check: () => fetchHealth(controller.signal),
      intervalMs: TIMING.healthCheckIntervalMs,
      recheckOnFocusAfterMs: HEALTH_FOCUS_RECHECK_MS,
      onFocus: (listener) => {
        window.addEventListener('focus', listener);
        return () => window.removeEventListener('focus', listener);
      },
      logFailure: (error) => {
        if (!controller.signal.aborted) console.warn('[health] check failed', error);
      },
    });
    return () => {
      stop();
      controller.abort();
    };
  }, []);
}
