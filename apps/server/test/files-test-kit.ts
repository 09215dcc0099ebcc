import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { startS3Server } from '@confab/testkit';
import JSZip from 'jszip';
import sharp from 'sharp';
import { afterAll, beforeAll, describe } from 'vitest';
import { writeDocx, writeTextPdf } from './document-fixtures.js';
import { TestClient } from './http-client.js';
import { DIALECTS, startTestServer, type TestServer, type TestServerOptions } from './test-server.js';
import type { Dialect } from '../src/db/database.js';
import { LocalStorage } from '../src/platform/storage/local-storage.js';
import { S3Storage } from '../src/platform/storage/s3-storage.js';
import type { StorageAdapter } from '../src/platform/storage/storage.js';

/** A store for one test server, and a way to see everything it holds. */
export interface TestStore {
  storage: StorageAdapter;
  /** Every key stored (and, for disk, every partial file), sorted. */
  keys(): Promise<string[]>;
  close(): Promise<void>;
}

export interface StorageBackend {
  name: 'local' | 's3';
  open(): Promise<TestStore>;
}

async function listFiles(root: string): Promise<string[]> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((e) => e.isFile())
    .map((e) => relative(root, join(e.parentPath, e.name)))
    .sort();
}

const localBackend: StorageBackend = {
  name: 'local',
  async open() {
    const root = await mkdtemp(join(tmpdir(), 'confab-store-'));
    return {
      storage: new LocalStorage(root),
      keys: () => listFiles(root),
      close: () => rm(root, { recursive: true, force: true }),
    };
  },
};

/** A local S3 (@confab/testkit) behind S3Storage; open multipart uploads count as something left. */
const s3Backend: StorageBackend = {
  name: 's3',
  async open() {
    const s3 = await startS3Server();
    const storage = new S3Storage({
      endpoint: s3.url,
      region: s3.region,
      bucket: s3.bucket,
      accessKeyId: s3.accessKeyId,
      secretAccessKey: s3.secretAccessKey,
      forcePathStyle: true,
    });
    return {
      storage,
      keys: async () => [...(await s3.objectKeys()), ...s3.pendingUploads().map((key) => `pending-upload:${key}`)].sort(),
      close: async () => {
        await storage.close();
        await s3.close();
      },
    };
  },
};

/** The stores every files test runs on. */
export const STORAGE_BACKENDS: StorageBackend[] = [localBackend, s3Backend];

/** Runs a describe block once per dialect and store, both in its title. */
export function describeEachBackend(title: string, body: (dialect: Dialect, backend: StorageBackend) => void): void {
  for (const dialect of DIALECTS) {
    for (const backend of STORAGE_BACKENDS) describe(`${title} [${dialect}, ${backend.name}]`, () => body(dialect, backend));
  }
}

/** A test server on the given dialect and store for the enclosing describe block, with a signed-in client. */
export function useFilesServer(
  dialect: Dialect,
  backend: StorageBackend,
  options: Omit<TestServerOptions, 'dialect' | 'storage'> = {},
): { readonly server: TestServer; readonly store: TestStore; readonly client: TestClient } {
  let server: TestServer | undefined;
  let store: TestStore | undefined;
  let client: TestClient | undefined;
  beforeAll(async () => {
    store = await backend.open();
    server = await startTestServer({
      ...options,
      dialect,
      storage: store.storage,
      env: { FILE_UPLOAD_USER_MAX: '10000', FILE_UPLOAD_IP_MAX: '10000', ...options.env },
    });
    client = new TestClient(server.baseUrl);
    await client.register();
  });
  afterAll(async () => {
    await server?.close();
    await store?.close();
  });
  const opened = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('The files server opens in beforeAll');
    return value;
  };
  return {
    get server() {
      return opened(server);
    },
    get store() {
      return opened(store);
    },
    get client() {
      return opened(client);
    },
  };
}

/** Temporary copies of uploads in flight: none may be left once a request is answered. */
export const uploadTempFiles = (server: TestServer): Promise<string[]> => listFiles(join(server.dataDir, 'tmp', 'uploads'));

export interface UploadPart {
  name: string;
  data: Buffer | string;
  /** The type the browser would send (often empty or wrong). */
  type?: string;
}

/** POSTs a multipart upload as LibreChat's client does (the name URI-encoded). */
export async function postUpload(
  baseUrl: string,
  token: string | undefined,
  files: UploadPart[],
  fields: Record<string, string> = {},
  path = '/api/files',
): Promise<{ status: number; json: any; headers: Headers }> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const file of files) {
    form.append('file', new Blob([file.data], file.type !== undefined ? { type: file.type } : {}), encodeURIComponent(file.name));
  }
  const res = await fetch(baseUrl + path, { method: 'POST', body: form, headers: token ? { authorization: `Bearer ${token}` } : {} });
  const text = await res.text();
  return { status: res.status, json: text ? JSON.parse(text) : undefined, headers: res.headers };
}

/** GETs bytes with the bearer token. */
export async function getBytes(baseUrl: string, token: string | undefined, path: string) {
  const res = await fetch(baseUrl + path, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  return { status: res.status, headers: res.headers, body: Buffer.from(await res.arrayBuffer()) };
}

export const countFileRows = async (server: TestServer): Promise<number> =>
  Number((await server.db.kysely.selectFrom('files').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

export const pngImage = (width = 64, height = 48, color = '#c03030') =>
  sharp({ create: { width, height, channels: 3, background: color } }).png().toBuffer();
export const jpegImage = (width = 64, height = 48, color = '#3030c0') =>
  sharp({ create: { width, height, channels: 3, background: color } }).jpeg().toBuffer();
export const zipArchive = () => new JSZip().file('inside.txt', 'zipped text').generateAsync({ type: 'nodebuffer' });
export const docxDocument = () => writeDocx(['Quarterly report', 'Revenue grew.']);
export const pdfDocument = () => writeTextPdf(['Page one of the manual']);
