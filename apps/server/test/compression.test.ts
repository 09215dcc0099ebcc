import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { NO_PARENT } from '@confab/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useChatServer } from './chat-harness.js';
import { startAppOverDist } from './web-dist-app.js';

const COMPRESS_SCRIPT = new URL('../../../scripts/compress-web-assets.mjs', import.meta.url).pathname;

/** Text that compresses well and is well over the 1 KB below which nothing is compressed. */
const appScript = Array.from(
  { length: 400 },
  (_, i) => `export const value${i} = compute(${i}, 'label ${i % 7}');`,
).join('\n');
const indexHtml = `<!doctype html><html><head>${'<link rel="modulepreload" href="/assets/chunk.js">'.repeat(40)}</head><body><div id="root"></div></body></html>`;

describe('web assets compressed at build time and served by content negotiation', () => {
  let app: FastifyInstance;
  let dist: string;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ app, dist, close } = await startAppOverDist(
      {
        'index.html': indexHtml,
        'assets/app-abc123.js': appScript,
        'assets/tiny-def456.js': 'console.log(1)',
        'assets/font-789.woff2': randomBytes(4096),
      },
      // What the web build runs after `vite build`.
      ({ dist: built }) => execFileSync(process.execPath, [COMPRESS_SCRIPT, built], { stdio: 'pipe' }),
    ));
  });
  afterAll(async () => {
    await close();
  });

  const get = (url: string, headers: Record<string, string> = {}) => app.inject({ url, headers });

  it('the build writes brotli and gzip siblings of text assets over 1 KB only', () => {
    for (const file of ['index.html', 'assets/app-abc123.js']) {
      expect(existsSync(join(dist, `${file}.br`))).toBe(true);
      expect(existsSync(join(dist, `${file}.gz`))).toBe(true);
    }
    for (const file of ['assets/tiny-def456.js', 'assets/font-789.woff2']) {
      expect(existsSync(join(dist, `${file}.br`))).toBe(false);
      expect(existsSync(join(dist, `${file}.gz`))).toBe(false);
    }
  });

  it('sends the brotli variant to a client that takes br, with Vary, the original type and the variant length', async () => {
    const res = await get('/assets/app-abc123.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['content-type']).toMatch(/^(?:text|application)\/javascript/);
    expect(Number(res.headers['content-length'])).toBe(statSync(join(dist, 'assets/app-abc123.js.br')).size);
    expect(res.rawPayload.length).toBeLessThan(appScript.length / 4);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(appScript);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('sends gzip when br is not taken, or refused with q=0', async () => {
    for (const accept of ['gzip', 'br;q=0, gzip']) {
      const res = await get('/assets/app-abc123.js', { 'accept-encoding': accept });
      expect(res.headers['content-encoding']).toBe('gzip');
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(gunzipSync(res.rawPayload).toString()).toBe(appScript);
    }
  });

  it('sends the original bytes when no encoding is taken, still varying on Accept-Encoding', async () => {
    const refusals: Record<string, string>[] = [
      {},
      { 'accept-encoding': 'identity' },
      { 'accept-encoding': 'br;q=0, gzip;q=0' },
    ];
    for (const headers of refusals) {
      const res = await get('/assets/app-abc123.js', headers);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.body).toBe(appScript);
      expect(res.headers['cache-control']).toMatch(/immutable/);
    }
  });

  it('sends small and already compressed files as they are, never compressed per request', async () => {
    const tiny = await get('/assets/tiny-def456.js', { 'accept-encoding': 'br, gzip' });
    expect(tiny.headers['content-encoding']).toBeUndefined();
    expect(tiny.body).toBe('console.log(1)');
    const font = await get('/assets/font-789.woff2', { 'accept-encoding': 'br, gzip' });
    expect(font.headers['content-encoding']).toBeUndefined();
    expect(font.rawPayload).toEqual(readFileSync(join(dist, 'assets/font-789.woff2')));
  });

  it('answers every page with the compressed HTML shell, revalidated by its ETag', async () => {
    for (const url of ['/', '/c/new', '/login']) {
      const res = await get(url, { 'accept-encoding': 'br' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['content-encoding']).toBe('br');
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(brotliDecompressSync(res.rawPayload).toString()).toBe(indexHtml);
      const etag = res.headers.etag;
      expect(etag).toEqual(expect.any(String));
      const again = await get(url, { 'accept-encoding': 'br', 'if-none-match': String(etag) });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
    }
    // Each encoding is its own representation with its own ETag, so a cache never mixes them up.
    const plain = await get('/c/new');
    expect(plain.headers['cache-control']).toBe('no-cache');
    expect(plain.body).toBe(indexHtml);
    expect(plain.headers.etag).not.toBe((await get('/c/new', { 'accept-encoding': 'br' })).headers.etag);
  });
});

interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  /** Each piece of the body as it arrived, with when (ms since the request was sent). */
  chunks: { at: number; bytes: Buffer }[];
  endedAt: number;
}

/** One request over node:http, which (unlike fetch) neither asks for nor undoes any compression itself. */
function rawRequest(
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: unknown } = {},
): Promise<RawResponse> {
  const start = performance.now();
  const payload = init.body === undefined ? undefined : JSON.stringify(init.body);
  const headers = { ...init.headers, ...(payload ? { 'content-type': 'application/json' } : {}) };
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method: init.method ?? 'GET', headers }, (res) => {
      const chunks: RawResponse['chunks'] = [];
      res.on('data', (bytes: Buffer) => chunks.push({ at: performance.now() - start, bytes }));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, chunks, endedAt: performance.now() - start }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(payload);
  });
}

const bodyOf = (res: RawResponse) => Buffer.concat(res.chunks.map((c) => c.bytes));

describe('API answers compressed above 1 KB, chat streams never', () => {
  const chat = useChatServer('sqlite');
  const auth = () => ({ authorization: `Bearer ${chat.client.token}`, 'accept-encoding': 'br, gzip' });

  it('compresses a large JSON answer with brotli, and leaves a small one alone', async () => {
    // A page of conversations, each with a title long enough for the list to pass 1 KB.
    for (let i = 0; i < 8; i++) {
      chat.sim.enqueue({ text: `Reply ${i}` });
      await chat.ask({ text: `Conversation ${i} about compressing answers over a kilobyte` });
    }
    const big = await rawRequest(`${chat.server.baseUrl}/api/convos`, { headers: auth() });
    expect(big.status).toBe(200);
    expect(big.headers['content-encoding']).toBe('br');
    expect(big.headers.vary).toMatch(/accept-encoding/i);
    const list = JSON.parse(brotliDecompressSync(bodyOf(big)).toString());
    expect(list.conversations).toHaveLength(8);
    expect(JSON.stringify(list).length).toBeGreaterThan(1024);

    const gzipped = await rawRequest(`${chat.server.baseUrl}/api/convos`, {
      headers: { ...auth(), 'accept-encoding': 'gzip' },
    });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(bodyOf(gzipped)).toString())).toEqual(list);

    const small = await rawRequest(`${chat.server.baseUrl}/api/banner`, { headers: auth() });
    expect(small.status).toBe(200);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(bodyOf(small).toString()).toBe('null');
  });

  it('streams a chat reply uncompressed, its first frame arriving long before the last', async () => {
    chat.sim.enqueue({ text: 'word '.repeat(60), chunkSize: 10, delayMs: 30 });
    const res = await rawRequest(`${chat.server.baseUrl}/api/ask/openAI`, {
      method: 'POST',
      headers: auth(),
      body: {
        endpoint: 'openAI',
        model: 'gpt-4o-mini',
        parentMessageId: NO_PARENT,
        conversationId: null,
        text: 'Stream slowly',
      },
    });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/event-stream/);
    expect(res.headers['content-encoding']).toBeUndefined();
    const first = res.chunks[0];
    expect(first?.bytes.toString()).toMatch(/^id: \d+\nevent: /);
    // 30 chunks 30 ms apart: a compressor holding the stream back would deliver it all at the end.
    expect(res.endedAt - (first?.at ?? res.endedAt)).toBeGreaterThan(500);
    expect(bodyOf(res).toString()).toContain('"final":true');
  });
});
