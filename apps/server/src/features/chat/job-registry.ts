import type { ActiveJob } from '@confab/shared';
import type { Redis } from 'ioredis';
import { GenerationJob } from './generation-job.js';
import { RedisJobBus } from './redis-job-bus.js';
import type { Subscribe } from './sse.js';

/** How long a finished job stays reachable in memory for reconnects. */
const FINISHED_TTL_MS = 5 * 60 * 1000;
/**
 * At most this much frame JSON (in characters) is kept for finished jobs; past it the oldest
 * are dropped before their time, as if it had run out. A finished job keeps its whole exchange
 * (`created` and the terminal frame, each with the user's message, which may be half a million
 * characters), so a time limit alone lets a busy server, or one user sending long messages
 * fast, grow memory without bound. The messages themselves are in the database either way.
 */
export const FINISHED_JOBS_MAX_CHARS = 64 * 1024 * 1024;

export interface JobRef {
  streamId: string;
  conversationId: string;
  userMessageId: string;
  responseMessageId: string;
}

/**
 * How closely an abort key names a job: 2 by its stream id, one of its two messages, or a
 * LibreChat run key (`conversationId:latestMessageId`) whose message is one of its two; 1 by its
 * conversation alone (or a run key naming another message of it); 0 not at all.
 */
function abortKeyFit(job: JobRef, key: string): number {
  const ids = [job.streamId, job.conversationId, job.userMessageId, job.responseMessageId];
  if (key === job.conversationId) return 1;
  if (ids.includes(key)) return 2;
  const colon = key.indexOf(':');
  if (colon <= 0 || key.slice(0, colon) !== job.conversationId) return 0;
  const messageId = key.slice(colon + 1);
  return messageId === job.userMessageId || messageId === job.responseMessageId ? 2 : 1;
}

/**
 * The job an abort key names. With two running in one conversation (a regenerate started from
 * another tab), a key that names a message stops that message's job, not whichever came first.
 */
export function pickByAbortKey<J extends JobRef>(jobs: readonly J[], key: string): J | undefined {
  let best: J | undefined;
  let bestFit = 0;
  for (const job of jobs) {
    const fit = abortKeyFit(job, key);
    if (fit > bestFit) [best, bestFit] = [job, fit];
  }
  return best;
}

/** Stops a job of this instance; resolves once its partial reply is stored. */
function stopLocal(job: GenerationJob): Promise<void> {
  job.abortController.abort();
  return job.done;
}

/** Asks the instance running a job to stop it; resolves once its partial reply is stored. */
async function stopRemote(bus: RedisJobBus, streamId: string): Promise<void> {
  await bus.requestAbort(streamId);
  await bus.waitDone(streamId);
}

/**
 * Where running generations live. Jobs always run in the instance that started them; with
 * Redis their frames are mirrored to a Redis Stream so that any instance can serve a
 * reconnect, and an abort sent to any instance reaches the one running the job.
 */
export class JobRegistry {
  private jobs = new Map<string, GenerationJob>();
  /**
   * Each user's running jobs: `jobs` also holds the finished ones kept for reconnects (at 250
   * chats a second, tens of thousands), which a user's list or abort should not walk.
   */
  private running = new Map<string, Set<GenerationJob>>();
  /** Finished jobs still kept, oldest first, with the characters each holds. */
  private finished = new Map<string, number>();
  private finishedChars = 0;
  private readonly bus: RedisJobBus | undefined;

  constructor(
    redis?: Redis,
    private readonly finishedMaxChars = FINISHED_JOBS_MAX_CHARS,
  ) {
    this.bus = redis ? new RedisJobBus(redis, (streamId) => this.jobs.get(streamId)?.abortController.abort()) : undefined;
  }

  create(args: ConstructorParameters<typeof GenerationJob>): GenerationJob {
    const job = new GenerationJob(...args);
    this.jobs.set(job.streamId, job);
    const mine = this.running.get(job.userId) ?? new Set<GenerationJob>();
    this.running.set(job.userId, mine.add(job));
    this.bus?.mirror(job);
    void job.done.then(() => {
      mine.delete(job);
      if (!mine.size && this.running.get(job.userId) === mine) this.running.delete(job.userId);
      this.keepFinished(job);
      setTimeout(() => this.dropFinished(job.streamId), FINISHED_TTL_MS).unref();
    });
    return job;
  }

  private keepFinished(job: GenerationJob): void {
    const chars = job.keptChars;
    this.finished.set(job.streamId, chars);
    this.finishedChars += chars;
    // The newest finished job stays even when it alone is over the limit.
    for (const oldest of this.finished.keys()) {
      if (this.finishedChars <= this.finishedMaxChars || oldest === job.streamId) break;
      this.dropFinished(oldest);
    }
  }

  private dropFinished(streamId: string): void {
    const chars = this.finished.get(streamId);
    if (chars === undefined) return;
    this.finished.delete(streamId);
    this.finishedChars -= chars;
    this.jobs.delete(streamId);
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
    return pickByAbortKey(this.runningOf(userId), key);
  }

  /** A user's jobs running in this instance (one that has just finished is not). */
  private runningOf(userId: string): GenerationJob[] {
    return [...(this.running.get(userId) ?? [])].filter((job) => !job.isFinished);
  }

  /** Aborts the job wherever it runs and waits until its partial reply is stored. */
  async abort(userId: string, key: string): Promise<JobRef | undefined> {
    const local = this.findLocalRunning(userId, key);
    if (local) {
      await stopLocal(local);
      return local;
    }
    if (!this.bus) return undefined;
    const remote = pickByAbortKey(await this.bus.active(userId), key);
    if (!remote) return undefined;
    await stopRemote(this.bus, remote.streamId);
    return remote;
  }

  /**
   * Stops a user's running jobs in these conversations (every one with `'all'`), wherever they
   * run, and waits until each has stored its partial reply: the generation of a conversation
   * being deleted must not go on calling the provider, nor write after its rows are gone.
   */
  async abortInConversations(userId: string, conversationIds: readonly string[] | 'all'): Promise<void> {
    const isWanted = (job: JobRef) => conversationIds === 'all' || conversationIds.includes(job.conversationId);
    const local = this.runningOf(userId).filter(isWanted);
    const stops = local.map(stopLocal);
    const bus = this.bus;
    if (bus) {
      const localIds = new Set(local.map((job) => job.streamId));
      for (const remote of (await bus.active(userId)).filter(isWanted)) {
        if (!localIds.has(remote.streamId)) stops.push(stopRemote(bus, remote.streamId));
      }
    }
    await Promise.all(stops);
  }

  async active(userId: string): Promise<ActiveJob[]> {
    if (this.bus) return this.bus.active(userId);
    return this.runningOf(userId).map((j) => j.toActiveJob());
  }

  /** Aborts every local running job (shutdown): each saves its partial reply. */
  async abortAll(): Promise<void> {
    const running = [...this.running.values()].flatMap((jobs) => [...jobs]).filter((j) => !j.isFinished);
    await Promise.all(running.map(stopLocal));
    await this.bus?.close();
  }
}
