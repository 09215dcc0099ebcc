import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { parseByteRange, sliceStream } from './meme-video-range.js';

describe('parseByteRange', () => {
  it('reads a single range, open-ended and suffix ranges, clipped to the file', () => {
    expect(parseByteRange('bytes=0-99', 1000)).toEqual({ start: 0, end: 99 });
    expect(parseByteRange('bytes=900-', 1000)).toEqual({ start: 900, end: 999 });
    expect(parseByteRange('bytes=900-5000', 1000)).toEqual({ start: 900, end: 999 });
    expect(parseByteRange('bytes=-10', 1000)).toEqual({ start: 990, end: 999 });
    expect(parseByteRange('bytes=-5000', 1000)).toEqual({ start: 0, end: 999 });
  });

  it('answers the whole file for no range, several ranges, another unit or nonsense', () => {
    for (const header of [undefined, 'bytes=0-1,5-6', 'items=0-1', 'bytes=-', 'bytes=5-1', 'bytes=a-b'])
      expect(parseByteRange(header, 1000)).toBeUndefined();
  });

  it('cannot satisfy a range that starts past the end', () => {
    expect(parseByteRange('bytes=1000-', 1000)).toBe('unsatisfiable');
    expect(parseByteRange('bytes=-0', 1000)).toBe('unsatisfiable');
  });
});

describe('sliceStream', () => {
  it('passes only the asked bytes across chunk edges, and closes the source early', async () => {
    const bytes = Buffer.from(Array.from({ length: 100 }, (_, i) => i));
    const chunks = [bytes.subarray(0, 30), bytes.subarray(30, 60), bytes.subarray(60, 100)];
    const source = Readable.from(chunks);
    const parts: Buffer[] = [];
    for await (const part of sliceStream(source, { start: 25, end: 44 })) parts.push(part as Buffer);
    expect(Buffer.concat(parts)).toEqual(bytes.subarray(25, 45));
    expect(source.destroyed).toBe(true);
  });
});
