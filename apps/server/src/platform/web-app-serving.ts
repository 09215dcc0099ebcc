import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { ARTIFACT_RUNTIME_PREFIX, serveArtifactRuntime } from './artifact-runtime-serving.js';
import { sendRouteNotFound } from './errors.js';

/** Vite fingerprints every file under assets/ with its content hash, so a URL there never changes meaning. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/**
 * Everything else (index.html above all, the shell of every page) may be kept but is revalidated
 * on every use: its ETag makes that a 304 when nothing changed, and a new build is seen at once.
 */
const REVALIDATE = 'no-cache';

/**
 * Serves the built SPA: every page gets index.html, files are sent as their prebuilt brotli or
 * gzip variant when the request's Accept-Encoding takes one (never compressed per request).
 *
 * @fastify/static's `preCompressed` does the negotiation (br before gzip, q=0 honoured), keeps the
 * original file's Content-Type, sends the variant's Content-Length and ETag, and adds
 * `Vary: Accept-Encoding` even when it falls back to the original file; the SPA fallback below
 * goes through the same path via `reply.sendFile`.
 */
export async function serveWebApp(app: FastifyInstance, root: string): Promise<void> {
  const assetsDir = join(root, 'assets');
  await app.register(fastifyStatic, {
    root,
    wildcard: false,
    index: false,
    preCompressed: true,
    // The variants scripts/compress-web-assets.mjs writes are reached through their original's URL.
    // The artifact runtime has its own route and headers (below).
    globIgnore: ['**/*.br', '**/*.gz', 'artifact-runtime/**'],
    setHeaders: (reply: FastifyReply, path: string) => {
      // `path` is the file actually sent, a variant (assets/app.js.br, index.html.gz) or the original.
      reply.header('Cache-Control', path.startsWith(assetsDir + '/') ? IMMUTABLE : REVALIDATE);
    },
  });
  await serveArtifactRuntime(app, join(root, ARTIFACT_RUNTIME_PREFIX), {
    connectSrc: app.env.ARTIFACTS_CONNECT_SRC,
  });
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    if (request.method !== 'GET' || path.startsWith('/api/') || path === '/api')
      return sendRouteNotFound(request, reply);
    // A file added after start (no route of its own) is still served as itself.
    const file = join(root, path);
    if (file.startsWith(root) && path !== '/' && existsSync(file) && !file.endsWith('/'))
      return reply.sendFile(path.slice(1));
    // A chunk of an older build is gone: a 404 (not the page shell, which a script tag would run
    // as JavaScript) lets the app's stale-chunk guard reload onto the new build.
    if (path.startsWith('/assets/') || path.startsWith(ARTIFACT_RUNTIME_PREFIX)) return sendRouteNotFound(request, reply);
    return reply.sendFile('index.html');
  });
}
