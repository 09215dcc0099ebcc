import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchRemotePicture } from './meme-source-fetch.js';
import { MemeSourceError } from './meme-sources.js';

let server: Server;
let origin: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.url === '/hang') return; // never answers: only an abort ends it
    if (req.url === '/loop') return res.writeHead(302, { location: '/loop' }).end();
    if (req.url === '/ftp') return res.writeHead(302, { location: 'ftp://example.com/x.png' }).end();
    if (req.url === '/declared-huge') return res.writeHead(200, { 'content-length': String(50 * 1024 * 1024) }).end();
    res.writeHead(200).end('ok');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
});

describe('fetchRemotePicture', () => {
  it('stops when the tool call is aborted, with the abort itself (not an error for the model)', async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(new Error('stopped by the user')), 50);
    const failure = await fetchRemotePicture(fetch, new URL(`${origin}/hang`), controller.signal).catch(
      (err: unknown) => err,
    );
    expect(failure).not.toBeInstanceOf(MemeSourceError);
    expect((failure as Error).message).toBe('stopped by the user');
  });

  it('refuses endless redirects, a redirect to another scheme and a declared size over the limit', async () => {
    const signal = new AbortController().signal;
    await expect(fetchRemotePicture(fetch, new URL(`${origin}/loop`), signal)).rejects.toThrow(/redirects too often/);
    await expect(fetchRemotePicture(fetch, new URL(`${origin}/ftp`), signal)).rejects.toThrow(/not http or https/);
    await expect(fetchRemotePicture(fetch, new URL(`${origin}/declared-huge`), signal)).rejects.toThrow(
      /larger than 20 MB/,
    );
  });

  it('says why a host could not be reached', async () => {
    // A port that was just free: nothing listens there now.
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const port = (probe.address() as AddressInfo).port;
    await new Promise((resolve) => probe.close(resolve));
    const closed = new URL(`http://127.0.0.1:${port}/none.png`);
    await expect(fetchRemotePicture(fetch, closed, new AbortController().signal)).rejects.toThrow(
      /could not be reached \(.*ECONNREFUSED/,
    );
  });
});
