import { createWriteStream, type WriteStream } from 'node:fs';
import { once } from 'node:events';
import { Readable, Transform, type TransformCallback } from 'node:stream';

/**
 * The first `bytes` of a stream, read before anything else is done with it, and the whole
 * stream again (those bytes included) to pass on. `discard` ends the source when the caller
 * refuses the file after looking at its head.
 */
export async function sniffStream(
  source: Readable,
  bytes: number,
): Promise<{ head: Buffer; body: Readable; discard(): Promise<void> }> {
  const iterator = source[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  const chunks: Buffer[] = [];
  let size = 0;
  let ended = false;
  while (size < bytes) {
    const next = await iterator.next();
    if (next.done) {
      ended = true;
      break;
    }
    chunks.push(next.value);
    size += next.value.length;
  }
  const head = Buffer.concat(chunks);
  async function* replay(): AsyncGenerator<Buffer> {
    try {
      if (head.length) yield head;
      while (!ended) {
        const next = await iterator.next();
        if (next.done) return;
        yield next.value;
      }
    } finally {
      await iterator.return?.();
    }
  }
  return {
    head: head.subarray(0, bytes),
    body: Readable.from(replay(), { objectMode: false }),
    discard: async () => {
      await iterator.return?.();
    },
  };
}

/**
 * Counts the bytes flowing through and fails the stream the moment `refusal` objects to their
 * number, so an oversized file is refused while it arrives, never after it was stored whole.
 */
export class ByteLimit extends Transform {
  bytes = 0;
  constructor(private readonly refusal: (bytes: number) => Error | undefined) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.bytes += chunk.length;
    callback(this.refusal(this.bytes) ?? null, chunk);
  }
}

/**
 * Passes the bytes on and writes a copy to `path` (a local copy for text extraction while the
 * original goes to storage), waiting on the slower of the two.
 */
export class TapToFile extends Transform {
  private readonly file: WriteStream;
  constructor(path: string) {
    super();
    this.file = createWriteStream(path, { flags: 'wx' });
    this.file.on('error', (err) => this.destroy(err));
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    if (this.file.write(chunk)) {
      callback(null, chunk);
      return;
    }
    once(this.file, 'drain').then(
      () => callback(null, chunk),
      (err: Error) => callback(err),
    );
  }

  override _flush(callback: TransformCallback): void {
    this.file.end((err?: Error | null) => callback(err ?? null));
  }

  // Settles once the file is closed: destroyed before it finished opening, it would still be
  // created afterwards and outlive the request's clean-up.
  override _destroy(err: Error | null, callback: (error?: Error | null) => void): void {
    if (this.file.closed) {
      callback(err);
      return;
    }
    this.file.once('close', () => callback(err));
    this.file.destroy();
  }
}
