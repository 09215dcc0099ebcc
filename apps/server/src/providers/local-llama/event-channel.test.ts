import { describe, expect, it } from 'vitest';
import { EventChannel } from './event-channel.js';

async function readAll<T>(channel: EventChannel<T>): Promise<T[]> {
  const seen: T[] = [];
  for await (const event of channel) seen.push(event);
  return seen;
}

describe('EventChannel', () => {
  it('gives the events pushed before and while reading, in order, until the end', async () => {
    const channel = new EventChannel<number>();
    channel.push(1);
    const reading = readAll(channel);
    setTimeout(() => {
      channel.push(2);
      channel.push(3);
      channel.end();
      channel.push(4);
    }, 5);
    expect(await reading).toEqual([1, 2, 3]);
  });

  it('throws the failure after the events queued before it', async () => {
    const channel = new EventChannel<string>();
    const seen: string[] = [];
    channel.push('a');
    channel.fail(new Error('broken'));
    await expect(
      (async () => {
        for await (const event of channel) seen.push(event);
      })(),
    ).rejects.toThrow('broken');
    expect(seen).toEqual(['a']);
  });
});
