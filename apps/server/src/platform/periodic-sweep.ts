import type { FastifyInstance } from 'fastify';

/**
 * Runs `sweep` once after `firstDelayMs`, then every `intervalMs`: one at a time per instance (a
 * slow one is never stacked upon), on unref'd timers that never keep the process alive, stopped
 * when the app closes, which waits for a sweep in flight so the database does not close under it.
 * A failure is logged with `label` and the next interval tries again.
 *
 * @example schedulePeriodicSweep(app, { label: 'temporary chat sweep', firstDelayMs: 5_000, intervalMs: 600_000, sweep });
 */
export function schedulePeriodicSweep(
  app: FastifyInstance,
  options: { label: string; firstDelayMs: number; intervalMs: number; sweep: () => Promise<void> },
): void {
  let running: Promise<unknown> | undefined;
  const run = () => {
    if (running) return;
    running = options
      .sweep()
      .catch((err: unknown) => app.log.error({ err }, `${options.label} failed`))
      .finally(() => {
        running = undefined;
      });
  };
  const first = setTimeout(run, options.firstDelayMs);
  const timer = setInterval(run, options.intervalMs);
  first.unref();
  timer.unref();
  app.addHook('onClose', async () => {
    clearTimeout(first);
    clearInterval(timer);
    await running;
  });
}
