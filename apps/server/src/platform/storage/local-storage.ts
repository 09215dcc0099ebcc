import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { assertSafeKey, StorageNotFoundError, type StorageAdapter } from './storage.js';

/**
 * Files on local disk under `root` (DATA_DIR/uploads by default). A put writes to a temporary
 * name beside the target and renames it into place once complete, so a cut-off upload never
 * leaves a partial file under its key.
 */
export class LocalStorage implements StorageAdapter {
  readonly source = 'local' as const;
  private readonly root: string;

  constructor(root: string) {
    this.root = resolve(root);
  }

  private pathOf(key: string): string {
    return join(this.root, assertSafeKey(key));
  }

  async put(
    key: string,
    body: Readable,
    options: { contentType: string; signal?: AbortSignal },
  ): Promise<{ bytes: number }> {
    const target = this.pathOf(key);
    await mkdir(dirname(target), { recursive: true });
    const temporary = `${target}.${randomUUID()}.partial`;
    try {
      await pipeline(body, createWriteStream(temporary, { flags: 'wx' }), { signal: options.signal });
      const { size } = await stat(temporary);
      await rename(temporary, target);
      return { bytes: size };
    } catch (err) {
      await rm(temporary, { force: true });
      throw err;
    }
  }

  async get(key: string): Promise<Readable> {
    const path = this.pathOf(key);
    try {
      await stat(path);
    } catch {
      throw new StorageNotFoundError(key);
    }
    return createReadStream(path);
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }
}
