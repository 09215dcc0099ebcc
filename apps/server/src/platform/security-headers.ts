import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/** Where Google Tag Manager (ANALYTICS_GTM_ID) loads from and sends to; allowed only when a container is set. */
const TAG_MANAGER = {
  script: ['https://www.googletagmanager.com'],
  connect: ['https://www.googletagmanager.com', 'https://*.google-analytics.com', 'https://*.analytics.google.com'],
};

const helmetOptions = (withTagManager: boolean): HelmetOptions => ({
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", ...(withTagManager ? TAG_MANAGER.script : [])],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'", ...(withTagManager ? TAG_MANAGER.connect : [])],
      // A tool's video may live elsewhere (an MCP video tool's https URL): it plays, as its images show.
      mediaSrc: ["'self'", 'blob:', 'data:', 'https:'],
      frameSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'self'"],
      upgradeInsecureRequests: null,
    },
  },
  // Cross-origin isolation would block provider images shown in chat.
  crossOriginEmbedderPolicy: false,
});

/**
 * Helmet's security headers (CSP, HSTS, nosniff, frame options...) on every response. The
 * middleware is built once: @fastify/helmet built it, directives parsed, for every request,
 * ~3 % of a busy server's thread (bench/README.md).
 */
export function addSecurityHeaders(app: FastifyInstance, options: { tagManager?: boolean } = {}): void {
  const apply = helmet(helmetOptions(options.tagManager ?? false));
  app.addHook('onRequest', (request, reply, done) =>
    apply(request.raw, reply.raw, (err) => done(err as Error | undefined)),
  );
}
