import type { Readable } from 'node:stream';

/**
 * Where stored bytes live: one adapter for every feature (files, avatars, meme renders, audio
 * caches), chosen at start-up (local disk by default, S3 with `fileStrategy: "s3"`). Keys are
 * built by the server from generated ids only, never from a client's path or name. Owner
 * checks happen before a key is asked for: the adapter knows nothing of users.
 */
export interface StorageAdapter {
  /** The `source` the File entity records ('local' or 's3'). */
  readonly source: 'local' | 's3';
  /**
   * Stores a stream under `key`. Nothing is visible under the key until the whole stream is
   * stored; a stream that fails or is aborted leaves nothing behind. Resolves to the bytes stored.
   */
  put(key: string, body: Readable, options: { contentType: string; signal?: AbortSignal }): Promise<{ bytes: number }>;
  /** The stored bytes as a stream; rejects with StorageNotFoundError when the key is absent. */
  get(key: string): Promise<Readable>;
  /** Removes the key; absent keys are not an error. */
  delete(key: string): Promise<void>;
  /** Closes connections (S3 client); called when the app closes. */
  close?(): Promise<void>;
}

export class StorageNotFoundError extends Error {
  constructor(key: string) {
    super(`No stored object at ${key}`);
    this.name = 'StorageNotFoundError';
  }
}

/** Keys are `segment/segment/...` of generated ids: nothing that can climb out of the store. */
export function assertSafeKey(key: string): string {
  if (!/^[A-Za-z0-9_-][A-Za-z0-9._-]*(?:\/[A-Za-z0-9_-][A-Za-z0-9._-]*)*$/.test(key) || key.includes('..')) {
    throw new Error(`Unsafe storage key: ${key.slice(0, 100)}`);
  }
  return key;
}
