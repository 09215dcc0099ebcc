import { describe, expect, it } from 'vitest';
import { readAllWithTimeout } from './read-aloud';

const streamOf = (chunks: number[][], stallAfter = Infinity) => {
  let sent = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent >= stallAfter) return new Promise<void>(() => undefined);
      const chunk = chunks[sent++];
      if (chunk) controller.enqueue(new Uint8Array(chunk));
      else controller.close();
    },
  });
};

describe('readAllWithTimeout', () => {
  it('collects every chunk of the audio stream', async () => {
    const chunks = await readAllWithTimeout(streamOf([[1, 2], [3]]));
    expect(chunks.map((c) => [...c])).toEqual([[1, 2], [3]]);
  });

  it("fails with SPEC 8's message when a read stalls past the timeout", async () => {
    await expect(readAllWithTimeout(streamOf([[1], [2]], 1), 20)).rejects.toThrow('Reader promise timed out');
  });
});
