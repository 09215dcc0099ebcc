import type { ActiveJob } from '@confab/shared';
import type { Redis } from 'ioredis';
import { GenerationJob } from './generation-job.js';
import { RedisJobBus } from './redis-job-bus.js';
import type { Subscribe } from './sse.js';

/** How long a finished job stays reachable in memory for reconnects. */
const FINISHED_TTL_MS = 5 * 60 * 1000;

export interface JobRef {
  streamId: string;
  conversationId: string;
  userMessageId: string;
  responseMessageId: string;
}

/**
 * Whether an abort key names this job: its stream id, its conversation, or one of its two
 * messages. LibreChat clients also send `conversationId:latestMessageId` (their run key).
 */
export function matchesAbortKey(job: JobRef, key: string): boolean {
  const ids = [job.streamId, job.conversationId, job.userMessageId, job.responseMessageId];
  if (ids.includes(key)) return true;
  const colon = key.indexOf(':');
  return colon > 0 && key.slice(0, colon) === job.conversationId;
}

/**
 * Where running generations live. Jobs always run in the instance that started them; with
 * Redis their frames are mirrored to a Redis Stream so that any instance can serve a
 * reconnect, and an abort sent to any instance reaches the one running the job.
 */
export class JobRegistry {
  private jobs = new Map<string, GenerationJob>();
  private readonly bus: RedisJobBus | undefined;

  constructor(redis?: Redis) {
    this.bus = redis ? new RedisJobBus(redis, (streamId) => this.jobs.get(streamId)?.abortController.abort()) : undefined;
  }

  create(args: ConstructorParameters<typeof GenerationJob>): GenerationJob {
    const job = new GenerationJob(...args);
    this.jobs.set(job.streamId, job);
    this.bus?.mirror(job);
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

  /** A way to follow the stream, from this instance's memory or from Redis. */
  async subscriber(userId: string, streamId: string): Promise<Subscribe | undefined> {
    const local = this.get(userId, streamId);
    if (local) return (after, onFrame, onEnd) => local.subscribe(after, onFrame, onEnd);
    if (this.bus && (await this.bus.meta(userId, streamId))) {
      const bus = this.bus;
      return (after, onFrame, onEnd) => bus.follow(streamId, after, onFrame, onEnd);
    }
    return undefined;
  }

  /** A running job addressed by stream id or conversation id (the LibreChat abortKey). */
  private findLocalRunning(userId: string, key: string): GenerationJob | undefined {
    for (const job of this.jobs.values()) {
      if (job.userId !== userId || job.isFinished) continue;
      if (matchesAbortKey(job, key)) return job;
    }
    return undefined;
  }

  /** Aborts the job wherever it runs and waits until its partial reply is stored. */
  async abort(userId: string, key: string): Promise<JobRef | undefined> {
    const local = this.findLocalRunning(userId, key);
    if (local) {
      local.abortController.abort();
      await local.done;
      return local;
    }
    if (!this.bus) return undefined;
    const remote = (await this.bus.active(userId)).find((j) => matchesAbortKey(j, key));
    if (!remote) return undefined;
    await this.bus.requestAbort(remote.streamId);
    await this.bus.waitDone(remote.streamId);
    return remote;
  }

  async active(userId: string): Promise<ActiveJob[]> {
    if (this.bus) return this.bus.active(userId);
    return [...this.jobs.values()].filter((j) => j.userId === userId && !j.isFinished).map((j) => j.toActiveJob());
  }

  /** Aborts every local running job (shutdown): each saves its partial reply. */
  async abortAll(): Promise<void> {
    const running = [...this.jobs.values()].filter((j) => !j.isFinished);
    for (const job of running) job.abortController.abort();
    await Promise.all(running.map((j) => j.done));
    await this.bus?.close();
  }
}
