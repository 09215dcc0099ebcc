import type { FastifyBaseLogger } from 'fastify';
import type { Mailer, OutgoingMail } from '../../platform/mailer.js';

type Job = { label: string; compose: () => Promise<OutgoingMail | undefined> };

/**
 * Mail goes out after the request is answered, never inside it: how long a send takes would
 * tell whether an address belongs to an account, and a slow or broken mail server must not fail
 * a sign-up. A job composes its mail when it runs (issuing its token too, so an unknown address
 * and a known one do the same work in the request). Failures are logged, not retried.
 */
export class MailOutbox {
  private readonly queue: Job[] = [];
  private running = 0;
  private readonly idle = new Set<() => void>();

  constructor(
    private readonly mailer: Mailer,
    private readonly log: FastifyBaseLogger,
    /** Sends at once; more wait their turn (a burst of sign-ups is not a burst of connections). */
    private readonly concurrency = 4,
  ) {}

  enqueue(label: string, compose: () => Promise<OutgoingMail | undefined>): void {
    this.queue.push({ label, compose });
    // After the reply: setImmediate runs once the current I/O (the response write) is done.
    setImmediate(() => this.pump());
  }

  /** Resolves when every queued mail has been sent or has failed (shutdown, tests). */
  drain(): Promise<void> {
    if (this.running === 0 && this.queue.length === 0) return Promise.resolve();
    return new Promise((resolve) => this.idle.add(resolve));
  }

  private pump(): void {
    while (this.running < this.concurrency) {
      const job = this.queue.shift();
      if (!job) break;
      this.running++;
      void this.run(job).finally(() => {
        this.running--;
        this.pump();
        if (this.running === 0 && this.queue.length === 0) {
          for (const resolve of this.idle) resolve();
          this.idle.clear();
        }
      });
    }
  }

  private async run(job: Job): Promise<void> {
    try {
      const mail = await job.compose();
      if (mail) await this.mailer.send(mail);
    } catch (err) {
      // Not the address: a log line must not become a list of who has an account.
      this.log.error({ err, mail: job.label }, 'a mail could not be sent');
    }
  }
}
