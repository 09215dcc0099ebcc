import type { FastifyInstance } from 'fastify';

/**
 * Clients send bodyless POST/DELETE/PATCH calls with a JSON content type (LibreChat's logout,
 * share and delete-all calls do: axios sets the header without a body); an empty body is
 * taken as no body instead of being refused as malformed JSON. A body that is there is parsed,
 * and refused if malformed, as before.
 */
export function allowEmptyJsonBody(app: FastifyInstance): void {
  app.addHook('onRequest', (request, _reply, done) => {
    const { headers } = request;
    // Without Content-Length or Transfer-Encoding a request has no body (RFC 9112, 6.3).
    const hasNoBody = headers['content-length'] === '0' || (headers['content-length'] === undefined && headers['transfer-encoding'] === undefined);
    if (hasNoBody) delete headers['content-type'];
    done();
  });
}
