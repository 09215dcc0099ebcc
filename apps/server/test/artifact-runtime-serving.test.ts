import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readEnv } from '../src/env.js';
import { artifactFrameCsp } from '../src/platform/artifact-runtime-serving.js';
import { type AppOverDist, startAppOverDist } from './web-dist-app.js';

/** The artifact preview runtime's files (issue 38): served to an opaque-origin frame, with the frame's own policy. */
describe('artifact runtime serving', () => {
  let served: AppOverDist;
  beforeAll(async () => {
    served = await startAppOverDist({
      'index.html': '<!doctype html><title>app</title>',
      'artifact-runtime/frame.html': '<!doctype html><title>frame</title>',
      'artifact-runtime/assets/frame-abc123.js': 'console.log(1)',
    });
  });
  afterAll(() => served.close());

  it('serves the frame page with its strict policy, readable from an opaque origin, revalidated', async () => {
    const res = await served.app.inject({ url: '/artifact-runtime/frame.html', headers: { host: 'chat.example.com' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['set-cookie']).toBeUndefined();
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("script-src http://chat.example.com/artifact-runtime/ 'unsafe-inline' 'unsafe-eval'");
    expect(csp).toContain("connect-src 'none'");
    expect(csp).toContain("form-action 'none'");
    expect(csp).toContain('img-src data: blob:');
    expect(csp).not.toMatch(/https?:\/\/\*|script-src[^;]*'self'/);
  });

  it('serves the hashed chunks for a year, with their type', async () => {
    const res = await served.app.inject({ url: '/artifact-runtime/assets/frame-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['access-control-allow-origin']).toBe('*');
  });

  it('answers 404 for a file it does not have (not the app shell)', async () => {
    const res = await served.app.inject({ url: '/artifact-runtime/assets/gone-123.js' });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('<title>app</title>');
  });

  it('keeps a forged Host header out of the policy', async () => {
    const res = await served.app.inject({
      url: '/artifact-runtime/frame.html',
      headers: { host: 'evil.example; script-src *' },
    });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self' 'unsafe-inline' 'unsafe-eval'");
    expect(csp).not.toContain('evil');
  });

  it('opens connect-src only to the origins the administrator lists', () => {
    const env = readEnv({ ARTIFACTS_CONNECT_SRC: 'https://api.example.com, wss://*.example.org:8443' });
    expect(env.ARTIFACTS_CONNECT_SRC).toEqual(['https://api.example.com', 'wss://*.example.org:8443']);
    expect(artifactFrameCsp("'self'", env.ARTIFACTS_CONNECT_SRC)).toContain(
      'connect-src https://api.example.com wss://*.example.org:8443;',
    );
    expect(readEnv({}).ARTIFACTS_CONNECT_SRC).toEqual([]);
    expect(() => readEnv({ ARTIFACTS_CONNECT_SRC: "https://a.example 'unsafe-inline'" })).toThrow(
      /ARTIFACTS_CONNECT_SRC/,
    );
    expect(() => readEnv({ ARTIFACTS_CONNECT_SRC: 'https://a.example; script-src *' })).toThrow(
      /ARTIFACTS_CONNECT_SRC/,
    );
  });
});
