import type { FastifyReply } from 'fastify';
import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { AppError } from './errors.js';

export interface LimiterOptions {
  keyPrefix: string;
  points: number;
  durationSeconds: number;
}

export interface Limiter {
  /** Counts one attempt (or `points` of work); returns seconds to wait when over the limit, else 0. */
  consume(key: string, points?: number): Promise<number>;
  /** Peeks without counting: seconds to wait when already over the limit, else 0. */
  check(key: string): Promise<number>;
  reset(key: string): Promise<void>;
}

/** Rate limits shared across instances through Redis when it is configured. */
export function createLimiterFactory(redis: Redis | undefined) {
  return (options: LimiterOptions): Limiter => {
    const common = { keyPrefix: options.keyPrefix, points: options.points, duration: options.durationSeconds };
    const limiter: RateLimiterAbstract = redis
      ? new RateLimiterRedis({ ...common, storeClient: redis })
      : new RateLimiterMemory(common);
    return {
      async consume(key, points = 1) {
        try {
          await limiter.consume(key, points);
          return 0;
        } catch (res) {
          if (res instanceof RateLimiterRes) return Math.ceil(res.msBeforeNext / 1000);
          throw res;
        }
      },
      async check(key) {
        const res = await limiter.get(key);
        if (res && res.consumedPoints >= options.points) return Math.ceil(res.msBeforeNext / 1000);
        return 0;
      },
      async reset(key) {
        await limiter.delete(key);
      },
    };
  };
}
export type LimiterFactory = ReturnType<typeof createLimiterFactory>;

/**
 * Refuses a request with 429 and Retry-After when any of `waits` (the results of `consume`)
 * says to wait; `what` says what was refused ("Too many imports").
 */
export async function refuseWhenLimited(reply: FastifyReply, what: string, ...waits: Promise<number>[]): Promise<void> {
  const wait = Math.max(0, ...(await Promise.all(waits)));
  if (!wait) return;
  reply.header('Retry-After', String(wait));
  throw new AppError('rate_limited', `${what}; try again in ${wait} seconds.`, { retryAfter: wait });
}
