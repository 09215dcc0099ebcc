import { EventEmitter } from 'node:events';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { GenerationJob } from './generation-job.js';
import { DELTA_WRITE_GAP_MS, deltaWriteGapMs, MAX_DELTA_WRITE_GAP_MS, streamJobToClient } from './sse.js';

describe('deltaWriteGapMs', () => {
  it('keeps the base gap for up to 200 clients, then grows with them, up to a cap', () => {
    expect(deltaWriteGapMs(1)).toBe(DELTA_WRITE_GAP_MS);
    expect(deltaWriteGapMs(200)).toBe(DELTA_WRITE_GAP_MS);
    expect(deltaWriteGapMs(500)).toBe(100);
    expect(deltaWriteGapMs(5000)).toBe(MAX_DELTA_WRITE_GAP_MS);
  });
});

/** A response that records what is written to it, call by call. */
function fakeClient() {
  const calls: { op: 'write' | 'end' | 'flushHeaders'; text?: string }[] = [];
  const res = {
    writableEnded: false,
    writeHead: () => res,
    flushHeaders: () => calls.push({ op: 'flushHeaders' }),
    write: (text: string) => calls.push({ op: 'write', text }),
    end: (text?: string) => {
      res.writableEnded = true;
      calls.push({ op: 'end', text });
    },
  };
  const request = Object.assign(new EventEmitter(), { headers: {} });
  const reply = { hijack: () => {}, raw: res };
  return { calls, request: { raw: request, headers: {} } as unknown as FastifyRequest, reply: reply as unknown as FastifyReply };
}

function join(job: GenerationJob, afterSeq = 0) {
  const client = fakeClient();
  streamJobToClient(client.request, client.reply, job.streamId, (after, onFrame, onEnd) => job.subscribe(after, onFrame, onEnd), afterSeq);
  return client.calls;
}

const delta = (text: string) => `{"event":"on_message_delta","data":{"delta":"${text}"}}`;

describe('streamJobToClient', () => {
  it('sends the head with the frames the job has, the first token at once, later tokens after the gap, the rest with the end', async () => {
    vi.useFakeTimers();
    try {
      const job = new GenerationJob('s1', 'u', 'c', 'm1', 'm2');
      job.push('message', { created: true });
      const calls = join(job);
      // Head and `created` in one write; no separate flush of the head.
      expect(calls).toEqual([{ op: 'write', text: expect.stringContaining('"created":true') }]);

      job.push('message', { event: 'on_run_step' });
      job.pushSerialized('message', delta('one'), true);
      // The first token leaves in the same turn, with its run step.
      expect(calls).toHaveLength(2);
      expect(calls[1]!.text).toMatch(/on_run_step[\s\S]*"one"/);

      job.pushSerialized('message', delta('two'), true);
      expect(calls).toHaveLength(2);
      await vi.advanceTimersByTimeAsync(DELTA_WRITE_GAP_MS);
      expect(calls).toHaveLength(3);
      expect(calls[2]!.text).toContain('"two"');

      job.pushSerialized('message', delta('three'), true);
      job.push('message', { final: true });
      job.finish();
      // What was still pending leaves with the end: one call.
      expect(calls).toHaveLength(4);
      expect(calls[3]).toEqual({ op: 'end', text: expect.stringMatching(/"three"[\s\S]*"final":true/) });
    } finally {
      vi.useRealTimers();
    }
  });

  it('replays a rejoined stream in one write, and flushes the head alone when there is nothing to replay', () => {
    const job = new GenerationJob('s2', 'u', 'c', 'm1', 'm2');
    job.push('message', { created: true });
    for (const word of ['a', 'b', 'c']) job.pushSerialized('message', delta(word), true);
    const replay = join(job, 1);
    expect(replay).toHaveLength(1);
    expect(replay[0]!.text).toMatch(/"a"[\s\S]*"b"[\s\S]*"c"/);
    expect(replay[0]!.text).not.toContain('created');

    expect(join(job, job.lastSeq)).toEqual([{ op: 'flushHeaders' }]);
  });

  it('answers a finished job with its kept frames and ends in one call', () => {
    const job = new GenerationJob('s3', 'u', 'c', 'm1', 'm2');
    job.push('message', { created: true });
    job.pushSerialized('message', delta('x'), true);
    job.push('message', { final: true });
    job.finish();
    const calls = join(job);
    expect(calls).toEqual([{ op: 'end', text: expect.stringMatching(/"created":true[\s\S]*"final":true/) }]);
  });
});
