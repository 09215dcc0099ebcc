import { Readable } from 'node:stream';

/** The inclusive byte range a `Range` header asks for, within `size` bytes. */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * Reads a single `bytes=` range (RFC 9110 §14.1.2): `a-b`, `a-` or the last `-n` bytes, the end
 * clipped to the file. Undefined when there is no header or it is one we answer with the whole
 * file (several ranges, another unit, nonsense); 'unsatisfiable' when it starts past the end.
 */
export function parseByteRange(header: string | undefined, size: number): ByteRange | 'unsatisfiable' | undefined {
  const match = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!match) return undefined;
  const [, from = '', to = ''] = match;
  if (!from && !to) return undefined;
  if (!from) {
    const suffix = Number(to);
    if (suffix === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(from);
  const end = to ? Math.min(Number(to), size - 1) : size - 1;
  if (to && Number(to) < start) return undefined;
  if (start >= size) return 'unsatisfiable';
  return { start, end };
}

/**
 * The bytes `start..end` of a stored stream. The storage adapters stream whole objects, so the
 * bytes before the range are read and dropped; the source is closed as soon as the range is sent.
 * Meme videos are a few MB at most, so skipping costs little.
 */
export function sliceStream(source: Readable, { start, end }: ByteRange): Readable {
  async function* slice() {
    let offset = 0;
    for await (const chunk of source as AsyncIterable<Buffer>) {
      const chunkEnd = offset + chunk.length;
      if (chunkEnd > start) yield chunk.subarray(Math.max(0, start - offset), Math.min(chunk.length, end + 1 - offset));
      offset = chunkEnd;
      // Leaving the loop destroys the source.
      if (offset > end) return;
    }
  }
  return Readable.from(slice(), { objectMode: false });
}
