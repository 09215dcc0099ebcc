import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';

/** One taken slot: give it back once the work it stands for has ended. */
export interface Slot {
  /** Idempotent; never throws (a lost release only waits for the lease to run out). */
  release(): Promise<void>;
}

export interface SlotLimiter {
  /** Takes one of `max` slots of `key`, or answers undefined when all of them are taken. */
  acquire(key: string, max: number): Promise<Slot | undefined>;
}

export interface SlotLimiterOptions {
  keyPrefix: string;
  /**
   * With Redis, how long a slot outlives its last renewal. The holder renews it every third of
   * this while it runs, so only a crashed instance's slots run out (LibreChat's "wait one minute").
   */
  leaseMs?: number;
}

const DEFAULT_LEASE_MS = 60_000;

/**
 * Drops the expired slots, then takes one when fewer than ARGV[2] are held. Expiry is Redis's
 * own clock (TIME), so instances whose clocks differ agree on it.
 * KEYS[1] the sorted set of slot ids scored by expiry; ARGV: slot id, max, lease ms.
 */
const ACQUIRE = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[2]) then return 0 end
redis.call('ZADD', KEYS[1], now + tonumber(ARGV[3]), ARGV[1])
redis.call('PEXPIRE', KEYS[1], tonumber(ARGV[3]))
return 1`;

/** Pushes a held slot's expiry on (only if it is still held). */
const RENEW = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
if redis.call('ZADD', KEYS[1], 'XX', 'CH', now + tonumber(ARGV[2]), ARGV[1]) == 1 then
  redis.call('PEXPIRE', KEYS[1], tonumber(ARGV[2]))
end
return 1`;

function memorySlots(): SlotLimiter {
  const held = new Map<string, Set<string>>();
  return {
    async acquire(key, max) {
      const slots = held.get(key) ?? new Set<string>();
      if (slots.size >= max) return undefined;
      const id = randomUUID();
      held.set(key, slots.add(id));
      return {
        async release() {
          slots.delete(id);
          if (!slots.size && held.get(key) === slots) held.delete(key);
        },
      };
    },
  };
}

function redisSlots(redis: Redis, prefix: string, leaseMs: number): SlotLimiter {
  return {
    async acquire(key, max) {
      const setKey = `${prefix}:${key}`;
      const id = randomUUID();
      const taken = await redis.eval(ACQUIRE, 1, setKey, id, max, leaseMs);
      if (taken !== 1) return undefined;
      // Renewed while held; unref'd so a pending renewal never keeps the process alive.
      const renewal = setInterval(() => {
        redis.eval(RENEW, 1, setKey, id, leaseMs).catch(() => undefined);
      }, Math.max(1, Math.floor(leaseMs / 3)));
      renewal.unref();
      let released = false;
      return {
        async release() {
          if (released) return;
          released = true;
          clearInterval(renewal);
          await redis.zrem(setKey, id).catch(() => undefined);
        },
      };
    },
  };
}

/**
 * Concurrency limits (how many of something run at once), shared across instances through Redis
 * when it is configured. A count alone would leak: an instance that crashes holding a slot never
 * gives it back. So each slot is a lease that its holder renews, and a crashed holder's lease
 * runs out on its own.
 */
export function createSlotLimiter(redis: Redis | undefined, options: SlotLimiterOptions): SlotLimiter {
  return redis ? redisSlots(redis, options.keyPrefix, options.leaseMs ?? DEFAULT_LEASE_MS) : memorySlots();
}
