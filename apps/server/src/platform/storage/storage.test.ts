import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { startS3Server } from '@confab/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalStorage } from './local-storage.js';
import { S3Storage } from './s3-storage.js';
import { StorageNotFoundError, type StorageAdapter } from './storage.js';

/** One adapter under test and a look behind it: every entry the store holds, unfinished ones included. */
interface Harness {
  storage: StorageAdapter;
  /** Local: every file under the root (`.partial` ones too). S3: object keys, and `pending-upload:<key>` per open multipart upload. */
  entries(): Promise<string[]>;
  close(): Promise<void>;
}

const adapters: { name: string; source: 'local' | 's3'; start(): Promise<Harness> }[] = [
  {
    name: 'LocalStorage',
    source: 'local',
    async start() {
      const root = await mkdtemp(join(tmpdir(), 'confab-storage-'));
      return {
        storage: new LocalStorage(root),
        async entries() {
          const found = await readdir(root, { recursive: true, withFileTypes: true });
          return found.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name).slice(root.length + 1));
        },
        close: () => rm(root, { recursive: true, force: true }),
      };
    },
  },
  {
    name: 'S3Storage',
    source: 's3',
    async start() {
      const server = await startS3Server();
      const storage = new S3Storage({
        endpoint: server.url,
        region: server.region,
        bucket: server.bucket,
        accessKeyId: server.accessKeyId,
        secretAccessKey: server.secretAccessKey,
        forcePathStyle: true,
      });
      return {
        storage,
        async entries() {
          return [...(await server.objectKeys()), ...server.pendingUploads().map((key) => `pending-upload:${key}`)];
        },
        async close() {
          await storage.close();
          await server.close();
        },
      };
    },
  },
];

const MB = 1024 * 1024;

/** `total` bytes in 64 KiB chunks, yielding to the event loop between them as a network body does. */
function chunked(data: Buffer, options: { failAfter?: number; onProgress?: (sent: number) => void } = {}): Readable {
  return Readable.from(
    (async function* () {
      for (let sent = 0; sent < data.length;) {
        if (options.failAfter !== undefined && sent >= options.failAfter) throw new Error('source broke');
        const chunk = data.subarray(sent, sent + 64 * 1024);
        sent += chunk.length;
        yield chunk;
        options.onProgress?.(sent);
        await nextTurn();
      }
    })(),
  );
}

async function readAll(stream: Readable): Promise<Buffer> {
  return Buffer.concat(await stream.toArray());
}

describe.each(adapters)('$name honours the storage contract', ({ source, start }) => {
  let h: Harness;
  const userKey = (suffix = '') => `${randomUUID()}/${randomUUID()}${suffix}`;
  const under = async (key: string) => (await h.entries()).filter((entry) => entry.includes(key));

  beforeAll(async () => {
    h = await start();
  });
  afterAll(async () => {
    await h.close();
  });

  it('names its source', () => {
    expect(h.storage.source).toBe(source);
  });

  it('round-trips binary bytes, an empty body and a thumbnail key', async () => {
    const every = Buffer.from(Array.from({ length: 256 * 4 }, (_, i) => i % 256));
    const key = userKey();
    expect(await h.storage.put(key, Readable.from([every]), { contentType: 'application/octet-stream' })).toEqual({
      bytes: every.length,
    });
    expect((await readAll(await h.storage.get(key))).equals(every)).toBe(true);

    const empty = userKey('.thumb');
    expect(await h.storage.put(empty, Readable.from([]), { contentType: 'image/png' })).toEqual({ bytes: 0 });
    expect((await readAll(await h.storage.get(empty))).length).toBe(0);
  });

  it('streams a 12 MB body in and out (multipart on S3)', async () => {
    const data = randomBytes(12 * MB + 12345);
    const key = userKey();
    expect(await h.storage.put(key, chunked(data), { contentType: 'application/pdf' })).toEqual({ bytes: data.length });
    expect(await under(key)).toEqual([key]);
    expect((await readAll(await h.storage.get(key))).equals(data)).toBe(true);
  });

  it('answers StorageNotFoundError for a key never stored', async () => {
    await expect(h.storage.get(userKey())).rejects.toBeInstanceOf(StorageNotFoundError);
  });

  it('deletes, and deleting again (or an absent key) is not an error', async () => {
    const key = userKey();
    await h.storage.put(key, Readable.from([Buffer.from('bye')]), { contentType: 'text/plain' });
    await h.storage.delete(key);
    await h.storage.delete(key);
    await h.storage.delete(userKey());
    await expect(h.storage.get(key)).rejects.toBeInstanceOf(StorageNotFoundError);
    expect(await under(key)).toEqual([]);
  });

  it.each([
    ['within the first part', 2 * MB],
    ['after a multipart upload began', 7 * MB],
  ])('leaves nothing when the source fails %s', async (_, failAfter) => {
    const key = userKey();
    const put = h.storage.put(key, chunked(randomBytes(12 * MB), { failAfter }), { contentType: 'text/plain' });
    await expect(put).rejects.toThrow('source broke');
    expect(await under(key)).toEqual([]);
    await expect(h.storage.get(key)).rejects.toBeInstanceOf(StorageNotFoundError);
  });

  it.each([
    ['before any byte', 0],
    ['midway through the first part', 1 * MB],
    ['after a multipart upload began', 7 * MB],
  ])('leaves nothing when the put is aborted %s', async (_, abortAt) => {
    const key = userKey();
    const controller = new AbortController();
    if (abortAt === 0) controller.abort();
    const body = chunked(randomBytes(12 * MB), {
      onProgress: (sent) => {
        if (sent >= abortAt) controller.abort();
      },
    });
    const put = h.storage.put(key, body, { contentType: 'text/plain', signal: controller.signal });
    await expect(put).rejects.toMatchObject({ name: 'AbortError' });
    expect(await under(key)).toEqual([]);
    await expect(h.storage.get(key)).rejects.toBeInstanceOf(StorageNotFoundError);
  });

  it('leaves nothing when aborted after the last byte was read', async () => {
    const key = userKey();
    const controller = new AbortController();
    const data = randomBytes(3 * MB);
    const body = chunked(data, {
      onProgress: (sent) => {
        // The source is done: the store is writing or completing the object when the abort comes.
        if (sent === data.length) setTimeout(() => controller.abort(), 0);
      },
    });
    const put = h.storage.put(key, body, { contentType: 'text/plain', signal: controller.signal });
    const outcome = await put.then(
      () => 'stored',
      (err: unknown) => (err instanceof Error ? err.name : 'other'),
    );
    // Either the put finished before the abort (and the object is whole) or it failed and left nothing.
    if (outcome === 'stored') {
      expect((await readAll(await h.storage.get(key))).equals(data)).toBe(true);
    } else {
      expect(outcome).toBe('AbortError');
      expect(await under(key)).toEqual([]);
    }
  });

  it.each(['../escape', '/etc/passwd', 'user/../../etc', 'user//file', '', 'user/.hidden', 'user/a b', 'user\\file'])(
    'refuses the unsafe key %j for every operation',
    async (key) => {
      const before = await h.entries();
      await expect(
        h.storage.put(key, Readable.from([Buffer.from('x')]), { contentType: 'text/plain' }),
      ).rejects.toThrow(/Unsafe storage key/);
      await expect(h.storage.get(key)).rejects.toThrow(/Unsafe storage key/);
      await expect(h.storage.delete(key)).rejects.toThrow(/Unsafe storage key/);
      expect(await h.entries()).toEqual(before);
    },
  );
});
