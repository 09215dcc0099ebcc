import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * Clients send bodyless POST/DELETE/PATCH calls with a JSON content type (LibreChat's share and
 * delete-all calls do); treat an empty body as no body instead of refusing it as malformed JSON.
 * Registered inside a feature's plugin, it applies to that plugin's routes only.
 */
export function allowEmptyJsonBody(app: FastifyInstance): void {
  app.addHook('onRequest', async (request: FastifyRequest) => {
    const { headers } = request;
    // Without Content-Length or Transfer-Encoding a request has no body (RFC 9112, 6.3).
    const hasNoBody = headers['content-length'] === '0' || (headers['content-length'] === undefined && headers['transfer-encoding'] === undefined);
    if (hasNoBody) delete headers['content-type'];
  });
}
