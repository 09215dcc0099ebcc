import { constants } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** Smaller answers fit in a packet or two: compressing them costs more than it saves. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/**
 * JSON answers and the text exports (Markdown, plain text). This replaces the plugin's default
 * list, which takes application/octet-stream: downloads of arbitrary bytes are left as they are.
 * The plugin adds what mime-db marks compressible; text/event-stream, audio and images are not.
 */
const COMPRESSIBLE_TYPE = /^(?:application\/(?:[\w.-]+\+)?json|text\/(?:plain|markdown))\s*(?:;|$)/i;

/**
 * Compresses API answers above COMPRESSION_THRESHOLD_BYTES with brotli (preferred) or gzip, by the
 * request's Accept-Encoding. Register before any route: the plugin attaches itself to routes as
 * they are added.
 *
 * Never compressed: the chat streams (they hijack the reply, so no onSend hook sees them; a
 * compressor would hold frames back until its block fills), and everything outside /api/: the web
 * app's files are compressed once at build time (platform/web-app-serving.ts), /health is tiny.
 */
export async function registerResponseCompression(app: FastifyInstance): Promise<void> {
  // Runs before the plugin's own onRoute hook, which reads `compress` to skip a route.
  app.addHook('onRoute', (route) => {
    if (route.compress === undefined && !route.url.startsWith('/api/')) route.compress = false;
  });
  await app.register(fastifyCompress, {
    global: true,
    // Compressed request bodies would get around the body size limits; nothing sends them.
    globalDecompression: false,
    threshold: COMPRESSION_THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
    customTypes: COMPRESSIBLE_TYPE,
    // Quality 4 is near gzip's speed at a better ratio; 11 is for the build-time assets only.
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
  });
}
