import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import { createSlotLimiter } from './concurrency.js';

describe('slot limiter in memory', () => {
  it('gives out at most max slots per key, and a released one again', async () => {
    const slots = createSlotLimiter(undefined, { keyPrefix: 'test' });
    const first = await slots.acquire('u1', 2);
    const second = await slots.acquire('u1', 2);
    expect(first && second).toBeTruthy();
    expect(await slots.acquire('u1', 2)).toBeUndefined();
    expect(await slots.acquire('u2', 2)).toBeDefined();
    await first!.release();
    await first!.release();
    expect(await slots.acquire('u1', 2)).toBeDefined();
    expect(await slots.acquire('u1', 2)).toBeUndefined();
  });
});

const describeWithRedis = process.env.TEST_REDIS_URI ? describe : describe.skip;

describeWithRedis('slot limiter in Redis', () => {
  it('shares the slots between instances, and a crashed holder\'s slot runs out with its lease', async () => {
    const url = process.env.TEST_REDIS_URI!;
    const crashing = new Redis(url);
    const survivor = new Redis(url);
    const key = randomUUID();
    try {
      const a = createSlotLimiter(crashing, { keyPrefix: 'confab:test_slots', leaseMs: 300 });
      const b = createSlotLimiter(survivor, { keyPrefix: 'confab:test_slots', leaseMs: 300 });
      expect(await a.acquire(key, 1)).toBeDefined();
      expect(await b.acquire(key, 1)).toBeUndefined();
      // The holder's instance dies without giving the slot back: its renewals stop.
      crashing.disconnect();
      await expect.poll(async () => Boolean(await b.acquire(key, 1)), { timeout: 5000, interval: 50 }).toBe(true);
      expect(await b.acquire(key, 1)).toBeUndefined();
    } finally {
      crashing.disconnect();
      survivor.disconnect();
    }
  });

  it('a renewed slot outlives its lease; released, it is free at once', async () => {
    const redis = new Redis(process.env.TEST_REDIS_URI!);
    const key = randomUUID();
    try {
      const slots = createSlotLimiter(redis, { keyPrefix: 'confab:test_slots', leaseMs: 150 });
      const held = await slots.acquire(key, 1);
      expect(held).toBeDefined();
      // Several leases long (read from Redis's own clock), the renewals keep it held.
      const until = Number((await redis.time())[0]) + 1;
      while (Number((await redis.time())[0]) <= until) expect(await slots.acquire(key, 1)).toBeUndefined();
      await held!.release();
      expect(await slots.acquire(key, 1)).toBeDefined();
    } finally {
      redis.disconnect();
    }
  });
});
