import type { ActiveJob } from '@confab/shared';
import type { Redis } from 'ioredis';
import type { GenerationJob, JobFrame } from './generation-job.js';

const RUNNING_TTL_S = 60 * 60;
const FINISHED_TTL_S = 5 * 60;
const ABORT_CHANNEL = 'confab:abort';
const BLOCK_MS = 5_000;

/** How long after its end a finished job's deltas are dropped from Redis (`dropDeltas`). */
const FINISHED_TRIM_DELAY_MS = 2_000;
const XDEL_IDS_PER_CALL = 1000;

/** The stream entry ids of frames 2 to lastSeq - 1, a call's worth at a time. */
function* betweenFirstAndLast(lastSeq: number): Generator<string[]> {
  for (let from = 2; from < lastSeq; from += XDEL_IDS_PER_CALL) {
    const to = Math.min(lastSeq, from + XDEL_IDS_PER_CALL);
    yield Array.from({ length: to - from }, (_, i) => `0-${from + i}`);
  }
}

const metaKey = (id: string) => `confab:job:${id}`;
const framesKey = (id: string) => `confab:frames:${id}`;
const activeKey = (userId: string) => `confab:active:${userId}`;

interface JobMeta extends ActiveJob {
  userId: string;
  status: 'running' | 'done';
}

/**
 * Job events across instances. Each frame goes to a Redis Stream with the id `0-<seq>`, so
 * any instance can replay a job from a sequence number and follow it live; aborts travel on a
 * pub/sub channel to the instance that runs the job. Writes are pipelined per tick.
 */
export class RedisJobBus {
  private subscriber: Redis;
  private queue: [string, JobFrame][] = [];

  constructor(
    private readonly redis: Redis,
    private readonly onAbort: (streamId: string) => void,
  ) {
    this.subscriber = redis.duplicate();
    void this.subscriber.subscribe(ABORT_CHANNEL);
    this.subscriber.on('message', (_channel: string, streamId: string) => this.onAbort(streamId));
  }

  /** Copies a local job's frames and state to Redis. */
  mirror(job: GenerationJob): void {
    const meta: JobMeta = { ...job.toActiveJob(), userId: job.userId, status: 'running' };
    void this.redis
      .multi()
      .hset(metaKey(job.streamId), meta as unknown as Record<string, string>)
      .expire(metaKey(job.streamId), RUNNING_TTL_S)
      .sadd(activeKey(job.userId), job.streamId)
      .exec();
    job.onFrame((frame) => {
      if (!this.queue.length) setImmediate(() => this.flush());
      this.queue.push([job.streamId, frame]);
    });
    void job.done.then(async () => {
      await this.flush();
      await this.redis
        .multi()
        .hset(metaKey(job.streamId), 'status', 'done')
        .expire(metaKey(job.streamId), FINISHED_TTL_S)
        .expire(framesKey(job.streamId), FINISHED_TTL_S)
        .srem(activeKey(job.userId), job.streamId)
        .exec();
      setTimeout(() => void this.dropDeltas(job.streamId, job.lastSeq), FINISHED_TRIM_DELAY_MS).unref();
    });
  }

  /**
   * As in memory (generation-job.ts), a finished job keeps only its first and terminal frames:
   * the terminal one holds the whole reply, and the deltas would sit in Redis for the five
   * minutes to no use. Done a little after the end, so that an instance following the job live
   * still reads every frame.
   */
  private async dropDeltas(streamId: string, lastSeq: number): Promise<void> {
    const pipeline = this.redis.pipeline();
    for (const ids of betweenFirstAndLast(lastSeq)) pipeline.xdel(framesKey(streamId), ...ids);
    try {
      await pipeline.exec();
    } catch {
      /* Redis went away: the frames expire with the key */
    }
  }

  private async flush(): Promise<void> {
    const batch = this.queue;
    this.queue = [];
    if (!batch.length) return;
    const pipeline = this.redis.pipeline();
    for (const [streamId, frame] of batch) {
      pipeline.xadd(framesKey(streamId), `0-${frame.seq}`, 'e', frame.event, 'd', frame.data);
      pipeline.expire(framesKey(streamId), RUNNING_TTL_S);
    }
    await pipeline.exec();
  }

  async meta(userId: string, streamId: string): Promise<JobMeta | undefined> {
    const raw = (await this.redis.hgetall(metaKey(streamId))) as unknown as JobMeta;
    return raw.userId === userId ? raw : undefined;
  }

  async active(userId: string): Promise<ActiveJob[]> {
    const ids = await this.redis.smembers(activeKey(userId));
    const metas = await Promise.all(ids.map((id) => this.meta(userId, id)));
    return metas
      .filter((m): m is JobMeta => m?.status === 'running')
      .map(({ streamId, conversationId, userMessageId, responseMessageId, startedAt }) => ({
        streamId,
        conversationId,
        userMessageId,
        responseMessageId,
        startedAt,
      }));
  }

  requestAbort(streamId: string): Promise<number> {
    return this.redis.publish(ABORT_CHANNEL, streamId);
  }

  /** Waits until a remote job is marked done (its final state is then in the database). */
  async waitDone(streamId: string, timeoutMs = 30_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if ((await this.redis.hget(metaKey(streamId), 'status')) !== 'running') return;
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  /**
   * Replays frames after `afterSeq` and follows new ones until the terminal frame (or the job
   * is gone). Returns a stop function.
   */
  private async isRunning(streamId: string): Promise<boolean> {
    return (await this.redis.hget(metaKey(streamId), 'status')) === 'running';
  }

  /**
   * Once a job has finished every frame is in Redis, and a Last-Event-ID past the last one was
   * never sent (a client's bug, a forged header): it replays from the start, as in memory. While
   * the job runs Redis may trail it by a tick, so such an id may be real: callers ask only once
   * the job has finished.
   */
  private async isPastLastFrame(streamId: string, afterSeq: number): Promise<boolean> {
    const [tail] = (await this.redis.xrevrange(framesKey(streamId), '+', '-', 'COUNT', 1)) as [string, string[]][];
    return afterSeq > (tail ? Number(tail[0].split('-')[1]) : 0);
  }

  follow(streamId: string, afterSeq: number, onFrame: (frame: JobFrame) => void, onEnd: () => void): () => void {
    const reader = this.redis.duplicate();
    let stopped = false;
    const stop = () => {
      if (stopped) return;
      stopped = true;
      reader.disconnect();
    };
    void (async () => {
      let last = afterSeq;
      try {
        if (last > 0 && !(await this.isRunning(streamId)) && (await this.isPastLastFrame(streamId, last))) last = 0;
        while (!stopped) {
          const result = (await reader.xread('COUNT', 500, 'BLOCK', BLOCK_MS, 'STREAMS', framesKey(streamId), `0-${last}`)) as
            | [string, [string, string[]][]][]
            | null;
          const entries = result?.[0]?.[1] ?? [];
          for (const [id, fields] of entries) {
            const seq = Number(id.split('-')[1]);
            const event = fields[fields.indexOf('e') + 1] as JobFrame['event'];
            const data = fields[fields.indexOf('d') + 1] ?? '';
            last = seq;
            onFrame({ seq, event, data });
            if (event === 'error' || data.startsWith('{"final":true')) {
              stopped = true;
              break;
            }
          }
          if (!entries.length && !(await this.isRunning(streamId))) {
            if (!(await this.isPastLastFrame(streamId, last))) break;
            last = 0;
          }
        }
      } catch {
        /* the connection closed: the client went away */
      } finally {
        stop();
        onEnd();
      }
    })();
    return stop;
  }

  async close(): Promise<void> {
    await this.flush();
    this.subscriber.disconnect();
  }
}
