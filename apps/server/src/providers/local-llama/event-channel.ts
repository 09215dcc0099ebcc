/**
 * Events a callback API produces (llama.cpp's token callbacks), read with `for await`. The
 * producer pushes, then ends or fails; the reader waits only when nothing is queued.
 */
export class EventChannel<T> implements AsyncIterable<T> {
  private readonly queued: T[] = [];
  private isEnded = false;
  private failure: { error: unknown } | undefined;
  private wake: (() => void) | undefined;

  push(event: T): void {
    if (this.isEnded) return;
    this.queued.push(event);
    this.notify();
  }

  end(): void {
    this.isEnded = true;
    this.notify();
  }

  fail(error: unknown): void {
    if (this.isEnded) return;
    this.failure = { error };
    this.end();
  }

  private notify(): void {
    const wake = this.wake;
    this.wake = undefined;
    wake?.();
  }

  async *[Symbol.asyncIterator](): AsyncIterator<T> {
    for (;;) {
      const next = this.queued.shift();
      if (next !== undefined) {
        yield next;
        continue;
      }
      if (this.failure) throw this.failure.error;
      if (this.isEnded) return;
      await new Promise<void>((resolve) => (this.wake = resolve));
    }
  }
}
