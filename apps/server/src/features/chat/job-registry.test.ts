import { describe, expect, it } from 'vitest';
import { JobRegistry, pickByAbortKey, type JobRef } from './job-registry.js';

const matchesAbortKey = (job: JobRef, key: string) => pickByAbortKey([job], key) !== undefined;

describe('pickByAbortKey', () => {
  const job = { streamId: 's', conversationId: 'c', userMessageId: 'u', responseMessageId: 'r' };

  it('names a job by its stream, its conversation, either message, or a LibreChat run key', () => {
    expect(['s', 'c', 'u', 'r', 'c:r', 'c:'].map((key) => matchesAbortKey(job, key))).toEqual([true, true, true, true, true, true]);
  });

  it('names no job by anything else', () => {
    expect(['x', 'x:c', ':c', '', 'c r'].map((key) => matchesAbortKey(job, key))).toEqual([false, false, false, false, false]);
  });

  it('picks, of two jobs in one conversation, the one whose message the key names', () => {
    const first = { streamId: 's1', conversationId: 'c', userMessageId: 'u1', responseMessageId: 'r1' };
    const second = { streamId: 's2', conversationId: 'c', userMessageId: 'u2', responseMessageId: 'r2' };
    const jobs = [first, second];
    expect(['c:r2', 'c:u2', 'r2', 's2', 'c:r1'].map((key) => pickByAbortKey(jobs, key)?.streamId)).toEqual([
      's2',
      's2',
      's2',
      's2',
      's1',
    ]);
    // A key naming only the conversation (or a message of neither) stops the first.
    expect(['c', 'c:other'].map((key) => pickByAbortKey(jobs, key)?.streamId)).toEqual(['s1', 's1']);
    expect(pickByAbortKey(jobs, 'x:r2')).toBeUndefined();
  });
});

describe("a user's running jobs", () => {
  it("lists and aborts only the caller's running jobs, and forgets a job once it finishes", async () => {
    const registry = new JobRegistry();
    const mine = registry.create(['s1', 'u1', 'c1', 'm1', 'r1']);
    const theirs = registry.create(['s2', 'u2', 'c2', 'm2', 'r2']);
    const done = registry.create(['s3', 'u1', 'c3', 'm3', 'r3']);
    done.finish();
    // A job that has finished is not running, even before its end is processed.
    expect((await registry.active('u1')).map((j) => j.streamId)).toEqual(['s1']);
    await done.done;
    expect((await registry.active('u1')).map((j) => j.streamId)).toEqual(['s1']);
    // Another user's job is not found by its keys.
    expect(await registry.abort('u1', 'c2')).toBeUndefined();
    expect(theirs.abortController.signal.aborted).toBe(false);
    // The caller's is, by its conversation; it ends and leaves the list.
    const aborting = registry.abort('u1', 'c1');
    expect(mine.abortController.signal.aborted).toBe(true);
    mine.finish();
    expect((await aborting)?.streamId).toBe('s1');
    expect(await registry.active('u1')).toEqual([]);
    expect((await registry.active('u2')).map((j) => j.streamId)).toEqual(['s2']);
    // Finished jobs stay reachable for reconnects, but are nobody's running job.
    expect(registry.get('u1', 's1')?.isFinished).toBe(true);
    expect(await registry.abort('u1', 'c1')).toBeUndefined();
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
