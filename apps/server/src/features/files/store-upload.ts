import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { PassThrough, Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { StorageAdapter } from '../../platform/storage/storage.js';
import { TapToFile, type ByteLimit } from './upload-streams.js';

/**
 * Streams `body` through `limit` into storage under `key`, and into a local copy at `copyTo` when
 * given. Resolves once both are complete; on any failure (the limit, the client, the store)
 * nothing stays under the key (the adapter's promise) and the error of the upload's side wins,
 * since it is the reason. `onStored` learns of a key the moment it holds bytes, so a caller
 * refusing the upload later can remove them.
 */
export async function streamToStorage(input: {
  storage: StorageAdapter;
  key: string;
  contentType: string;
  body: Readable;
  limit: ByteLimit;
  copyTo?: string | undefined;
  onStored: (key: string) => void;
}): Promise<number> {
  const pass = new PassThrough();
  const stages = input.copyTo ? [input.limit, new TapToFile(input.copyTo)] : [input.limit];
  // A store that gives up without reading everything must stop the upload too, or it would
  // wait on a full buffer forever.
  const putting = input.storage.put(input.key, pass, { contentType: input.contentType }).catch((err: unknown) => {
    pass.destroy(err instanceof Error ? err : new Error(String(err)));
    throw err;
  });
  const [flowed, stored] = await Promise.allSettled([pipeline([input.body, ...stages, pass]), putting]);
  if (stored.status === 'fulfilled') input.onStored(input.key);
  if (flowed.status === 'rejected') throw flowed.reason;
  if (stored.status === 'rejected') throw stored.reason;
  return input.limit.bytes;
}

/**
 * Writes `body` through `limit` to a local file (an image before it is processed). On a failure
 * it settles only once the file is closed: a write stream destroyed before its file finished
 * opening still creates the file afterwards, which would outlive the caller's clean-up.
 */
export async function streamToFile(body: Readable, limit: ByteLimit, path: string): Promise<number> {
  const file = createWriteStream(path, { flags: 'wx' });
  try {
    await pipeline(body, limit, file);
  } catch (err) {
    if (!file.closed) await once(file, 'close').catch(() => undefined);
    throw err;
  }
  return limit.bytes;
}

/** Stores bytes already in memory (a processed image). */
export async function putBuffer(
  storage: StorageAdapter,
  key: string,
  data: Buffer,
  contentType: string,
  onStored: (key: string) => void,
): Promise<void> {
  await storage.put(key, Readable.from([data]), { contentType });
  onStored(key);
}
