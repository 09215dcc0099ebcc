import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

/**
 * The largest body a request may declare for the server to read its unread rest after
 * answering it (keeping the connection); a larger one has its connection closed instead.
 */
export const UNREAD_BODY_DRAIN_BYTES = 4 * 1024 * 1024;

const hasBody = (headers: IncomingHttpHeaders): boolean =>
  headers['transfer-encoding'] !== undefined || Number(headers['content-length'] ?? 0) > 0;

/** Reads the rest of a body nobody will read, to the end the client declared, and drops it. */
function drain(raw: IncomingMessage): void {
  // A parser that stopped reading (busboy after a refused file) stays piped and paused.
  raw.unpipe();
  raw.resume();
}

/**
 * A response sent before its request's body was read to the end (an upload refused for its
 * size or type, a 401 or 429 decided before the body, a body over the limit) must not leave the
 * connection waiting for that body: HTTP/1.1 reads the next request on a connection only after
 * this one's body, and Node drains a body itself only when nobody started reading it (one a
 * multipart parser started and left stays unread). A browser reusing the connection then waited
 * over a minute for its next answer.
 *
 * So, in one place for every route: a body that is all received, or declared no larger than
 * UNREAD_BODY_DRAIN_BYTES, is read to its end and dropped once the answer is sent, and the
 * connection serves the next request; a larger or undeclared one is answered with
 * `Connection: close`, so the client sends its next request on a new connection rather than
 * upload the rest for nothing (the connection closes once the answer is written).
 */
export function settleUnreadBodies(app: FastifyInstance): void {
  app.addHook('onSend', (request, reply, payload, done) => {
    const { raw } = request;
    if (!raw.readableEnded && hasBody(raw.headers)) {
      const declared = Number(raw.headers['content-length'] ?? Infinity);
      if (raw.complete || declared <= UNREAD_BODY_DRAIN_BYTES) reply.raw.once('finish', () => drain(raw));
      else reply.header('Connection', 'close');
    }
    done(null, payload);
  });
}
