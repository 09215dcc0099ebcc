import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';

/** Where the runtime's files are served; the web's ArtifactFrame loads `${PREFIX}frame.html`. */
export const ARTIFACT_RUNTIME_PREFIX = '/artifact-runtime/';
/** The frame's chunks are named by content hash: a URL never changes meaning. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * The policy of the preview frame. The frame is sandboxed without allow-same-origin (an opaque
 * origin, no cookies, storage or parent DOM); this policy is what keeps its code off the network:
 * - script-src: the runtime's own path only, plus 'unsafe-eval' (the artifact's transpiled code runs
 *   through `new Function`) and 'unsafe-inline' (HTML artifacts' inline scripts and onclick= handlers).
 *   Neither widens what the frame reaches: the artifact's code is meant to run there, and no outside
 *   script can load.
 * - style-src 'unsafe-inline': Tailwind writes its compiled CSS into <style> tags, Radix and recharts set style="".
 * - img-src/font-src/media-src data: and blob: only; connect-src 'none' unless ARTIFACTS_CONNECT_SRC says where.
 * - frame-src: HTML artifacts render in a nested srcdoc frame (covered by 'self').
 * - form-action 'none' and base-uri 'none': a form posts nowhere, a <base> cannot repoint the runtime.
 * - frame-ancestors 'self': only this app embeds it.
 */
export function artifactFrameCsp(runtimeUrl: string, connectSrc: readonly string[]): string {
  return [
    "default-src 'none'",
    `script-src ${runtimeUrl} 'unsafe-inline' 'unsafe-eval'`,
    `style-src ${runtimeUrl} 'unsafe-inline'`,
    'img-src data: blob:',
    'font-src data:',
    'media-src data: blob:',
    `connect-src ${connectSrc.length ? connectSrc.join(' ') : "'none'"}`,
    "frame-src 'self'",
    "form-action 'none'",
    "base-uri 'none'",
    "frame-ancestors 'self'",
  ].join('; ');
}

/**
 * The runtime's own URL as a CSP source (scripts from elsewhere on this server are not needed).
 * The Host header is the client's to choose: anything but a plain host[:port] falls back to 'self'
 * rather than reach the policy text.
 */
function runtimeSource(reply: FastifyReply): string {
  const { protocol, host } = reply.request;
  if (!/^(?:[a-z0-9.-]+|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i.test(host)) return "'self'";
  return `${protocol}://${host}${ARTIFACT_RUNTIME_PREFIX}`;
}

/**
 * Serves the artifact preview runtime (packages/artifact-runtime, built into the web's dist) from
 * `dir`. The frame runs at an opaque origin, so to it these are cross-origin files: they carry
 * `Access-Control-Allow-Origin: *` (module scripts are fetched in CORS mode) and
 * `Cross-Origin-Resource-Policy: cross-origin` (helmet's same-origin default would block them).
 * Nothing here needs or reads a cookie.
 */
export async function serveArtifactRuntime(
  app: FastifyInstance,
  dir: string,
  options: { connectSrc: readonly string[] },
): Promise<void> {
  // Registered even while the folder is missing (a build in progress): files are looked up per request.
  await app.register(fastifyStatic, {
    root: dir,
    prefix: ARTIFACT_RUNTIME_PREFIX,
    decorateReply: false,
    index: false,
    preCompressed: true,
    globIgnore: ['**/*.br', '**/*.gz'],
    setHeaders: (reply: FastifyReply, path: string) => {
      reply.header('Access-Control-Allow-Origin', '*');
      reply.header('Cross-Origin-Resource-Policy', 'cross-origin');
      if (/\/frame\.html(?:\.br|\.gz)?$/.test(path)) {
        reply.header('Content-Security-Policy', artifactFrameCsp(runtimeSource(reply), options.connectSrc));
        // The page names the current build's chunks: revalidated on each load (a 304 when unchanged).
        reply.header('Cache-Control', 'no-cache');
      } else {
        reply.header('Cache-Control', IMMUTABLE);
      }
    },
  });
}
