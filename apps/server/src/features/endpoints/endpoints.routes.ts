import type { FastifyInstance } from 'fastify';
import type { EndpointCatalog } from '../../providers/endpoint-catalog.js';
import type { ModelList } from '../../providers/model-list.js';

/** GET /api/endpoints (and its config override) and GET /api/models, in LibreChat's shapes. */
export async function endpointsRoutes(
  app: FastifyInstance,
  opts: { catalog: EndpointCatalog; models: ModelList },
): Promise<void> {
  app.get('/api/endpoints', { preHandler: app.authenticate }, async () =>
    Object.fromEntries(
      opts.catalog.list().map((e) => [
        e.name,
        {
          order: e.order,
          userProvide: e.apiKey === 'user_provided',
          userProvideURL: e.baseURL === 'user_provided',
          ...(e.family === 'custom' ? { type: 'custom' } : {}),
          ...(e.modelDisplayLabel ? { modelDisplayLabel: e.modelDisplayLabel } : {}),
          ...(e.iconURL ? { iconURL: e.iconURL } : {}),
        },
      ]),
    ),
  );

  // LibreChat's clients ask at start-up for a configuration that overrides the endpoints; false is "none".
  app.get('/api/endpoints/config/override', { preHandler: app.authenticate }, () => false);

  app.get('/api/models', { preHandler: app.authenticate }, () => opts.models.all());
}
