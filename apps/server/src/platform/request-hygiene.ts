import type { FastifyInstance } from 'fastify';
import { AppError } from './errors.js';

/**
 * What every request gets before routing, in one hook (each hook costs every request):
 * - A NUL in a path or query is refused: it would reach PostgreSQL, which refuses it with an error of its own.
 * - An empty body is taken as no body: clients send bodyless POST/DELETE/PATCH calls with a JSON
 *   content type (LibreChat's logout, share and delete-all calls do: axios sets the header without
 *   a body), which would otherwise be refused as malformed JSON. A body that is there is parsed,
 *   and refused if malformed, as before.
 */
export function addRequestHygiene(app: FastifyInstance): void {
  app.addHook('onRequest', (request, _reply, done) => {
    if (request.url.includes('\u0000') || /%00/.test(request.url)) {
      return done(new AppError('validation_error', 'NUL characters are not allowed in URLs'));
    }
    const { headers } = request;
    // Without Content-Length or Transfer-Encoding a request has no body (RFC 9112, 6.3).
    const hasNoBody = headers['content-length'] === '0' || (headers['content-length'] === undefined && headers['transfer-encoding'] === undefined);
    if (hasNoBody) delete headers['content-type'];
    done();
  });
}
