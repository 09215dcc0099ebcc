import { GenerationJob } from './generation-job.js';

/** How long a finished job stays reachable for reconnects before the database answers instead. */
const FINISHED_TTL_MS = 5 * 60 * 1000;

/**
 * The in-process home of running generations (one instance). The Redis adapter for several
 * instances implements the same surface.
 */
export class JobRegistry {
  private jobs = new Map<string, GenerationJob>();

  create(args: ConstructorParameters<typeof GenerationJob>): GenerationJob {
    const job = new GenerationJob(...args);
    this.jobs.set(job.streamId, job);
    void job.done.then(() => {
      setTimeout(() => this.jobs.delete(job.streamId), FINISHED_TTL_MS).unref();
    });
    return job;
  }

  /** Owner-checked: another user's stream id is indistinguishable from an unknown one. */
  get(userId: string, streamId: string): GenerationJob | undefined {
    const job = this.jobs.get(streamId);
    return job && job.userId === userId ? job : undefined;
  }

  /** A running job addressed by stream id or conversation id (the LibreChat abortKey). */
  findRunning(userId: string, key: string): GenerationJob | undefined {
    const direct = this.get(userId, key);
    if (direct && !direct.isFinished) return direct;
    for (const job of this.jobs.values()) {
      if (job.userId === userId && !job.isFinished && (job.conversationId === key || job.userMessageId === key)) return job;
    }
    return undefined;
  }

  active(userId: string): GenerationJob[] {
    return [...this.jobs.values()].filter((j) => j.userId === userId && !j.isFinished);
  }

  /** Aborts every running job (shutdown): each saves its partial reply. */
  async abortAll(): Promise<void> {
    const running = [...this.jobs.values()].filter((j) => !j.isFinished);
    for (const job of running) job.abortController.abort();
    await Promise.all(running.map((j) => j.done));
  }
}
