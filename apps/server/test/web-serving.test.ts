import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAppOverDist } from './web-dist-app.js';

describe('serving the built web app', () => {
  let app: FastifyInstance;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ app, close } = await startAppOverDist(
      { 'index.html': '<!doctype html><div id="root"></div>', 'assets/app-123.js': 'console.log(1)' },
      ({ dir }) => writeFileSync(join(dir, 'secret.txt'), 'do not serve'),
    ));
  });
  afterAll(async () => {
    await close();
  });

  it('answers app routes with index.html and a CSP', async () => {
    for (const url of ['/', '/c/new', '/login', '/share/abc']) {
      const res = await app.inject({ url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.headers['content-security-policy']).toMatch(/default-src 'self'/);
    }
  });

  it('serves fingerprinted assets with a long cache', async () => {
    const res = await app.inject({ url: '/assets/app-123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toMatch(/immutable/);
  });

  it('answers a chunk of an older build with a 404, not the page shell', async () => {
    const res = await app.inject({ url: '/assets/index-0ld8u1ld.js' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).not.toContain('text/html');
  });

  it('keeps unknown API routes JSON 404s and never serves outside the folder', async () => {
    const api = await app.inject({ url: '/api/nope' });
    expect(api.statusCode).toBe(404);
    expect(api.json().code).toBe('not_found');
    const escape = await app.inject({ url: '/..%2fsecret.txt' });
    expect(escape.body).not.toContain('do not serve');
  });

  it("answers the router's own refusals in the API's error shape, without echoing the URL", async () => {
    const long = await app.inject({ url: `/api/messages/${'x'.repeat(200)}` });
    expect(long.statusCode).toBe(414);
    expect(long.json()).toEqual({ code: 'uri_too_long', message: 'A part of the URL is too long.' });
    const bad = await app.inject({ url: '/api/messages/%E0%A4%A' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('bad_request');
    expect(bad.body).not.toContain('%E0');
  });

  it("answers Node's own refusals (headers or URL over the size limit) in the API's error shape", async () => {
    // Node's HTTP parser refuses these before Fastify routes anything: only a real socket shows it.
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    for (const init of [
      { path: `/api/convos?search=${'a'.repeat(20_000)}` },
      { path: '/api/convos', headers: { authorization: `Bearer ${'x'.repeat(20_000)}` } },
    ]) {
      const res = await fetch(address + init.path, { headers: init.headers });
      expect(res.status).toBe(431);
      expect(await res.json()).toEqual({
        code: 'headers_too_large',
        message: 'The request headers or URL are too large.',
      });
    }
  });

  it('answers /health and /api/config', async () => {
    expect((await app.inject({ url: '/health' })).body).toBe('OK');
    const config = (await app.inject({ url: '/api/config' })).json();
    expect(config).toMatchObject({
      appTitle: 'Confab',
      registrationEnabled: true,
      emailLoginEnabled: true,
      balance: { enabled: false },
    });
    expect(config.interface.modelSelect).toBe(true);
    const banner = await app.inject({ url: '/api/banner' });
    expect(banner.statusCode).toBe(200);
    expect(banner.json()).toBeNull();
  });

  it('sends the security headers on API answers and errors too', async () => {
    for (const url of ['/api/config', '/api/convos']) {
      const res = await app.inject({ url });
      expect(res.headers['content-security-policy']).toContain("frame-ancestors 'self'");
      expect(res.headers['content-security-policy']).toContain("object-src 'none'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['strict-transport-security']).toMatch(/max-age=/);
      expect(res.headers['cross-origin-embedder-policy']).toBeUndefined();
    }
  });
});
