import { describe, expect, it } from 'vitest';
import { JobRegistry, matchesAbortKey } from './job-registry.js';

describe('matchesAbortKey', () => {
  const job = { streamId: 's', conversationId: 'c', userMessageId: 'u', responseMessageId: 'r' };

  it('names a job by its stream, its conversation, either message, or a LibreChat run key', () => {
    expect(['s', 'c', 'u', 'r', 'c:r', 'c:'].map((key) => matchesAbortKey(job, key))).toEqual([true, true, true, true, true, true]);
  });

  it('names no job by anything else', () => {
    expect(['x', 'x:c', ':c', '', 'c r'].map((key) => matchesAbortKey(job, key))).toEqual([false, false, false, false, false]);
  });
});

describe('finished jobs kept for reconnects', () => {
  /** A job whose `created` and terminal frames hold `chars` characters of JSON between them. */
  const finishJob = async (registry: JobRegistry, id: string, chars: number, user = 'u1') => {
    const job = registry.create([id, user, `c-${id}`, `m-${id}`, `r-${id}`]);
    job.pushSerialized('message', 'x'.repeat(chars / 2));
    job.pushSerialized('message', '{"delta":1}', true);
    job.pushSerialized('message', 'y'.repeat(chars / 2));
    job.finish();
    await job.done;
    await Promise.resolve();
    return job;
  };

  it('drops the oldest finished jobs once their frames pass the limit, never a running one', async () => {
    const registry = new JobRegistry(undefined, 1000);
    const running = registry.create(['running', 'u1', 'c', 'm', 'r']);
    running.pushSerialized('message', 'z'.repeat(5000));
    await finishJob(registry, 'a', 400);
    await finishJob(registry, 'b', 400);
    expect(registry.get('u1', 'a')).toBeDefined();
    await finishJob(registry, 'c', 400);
    // 1,200 characters kept is over 1,000: the oldest goes, the two newest stay.
    expect(registry.get('u1', 'a')).toBeUndefined();
    expect(registry.get('u1', 'b')?.isFinished).toBe(true);
    expect(registry.get('u1', 'c')?.isFinished).toBe(true);
    expect(registry.get('u1', 'running')?.isFinished).toBe(false);
    expect(await registry.subscriber('u1', 'a')).toBeUndefined();
  });

  it('keeps the newest finished job even when it alone is over the limit', async () => {
    const registry = new JobRegistry(undefined, 1000);
    await finishJob(registry, 'small', 200);
    await finishJob(registry, 'huge', 5000);
    expect(registry.get('u1', 'small')).toBeUndefined();
    const frames: string[] = [];
    registry.get('u1', 'huge')?.subscribe(0, (f) => frames.push(f.data), () => {});
    // What a finished job replays: its first and terminal frames, the delta between them dropped.
    expect(frames.map((d) => d[0])).toEqual(['x', 'y']);
  });
});
