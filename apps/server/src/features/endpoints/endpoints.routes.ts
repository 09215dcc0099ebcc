import type { FastifyInstance } from 'fastify';
import { DEFAULT_AGENT_CAPABILITIES } from '../../config/agents-config-schema.js';
import type { AppConfig } from '../../config/config-schema.js';
import { clientEndpointType, type EndpointCatalog } from '../../providers/endpoint-catalog.js';
import type { ModelList } from '../../providers/model-list.js';

/** GET /api/endpoints (and its config override) and GET /api/models, in LibreChat's shapes. */
export async function endpointsRoutes(
  app: FastifyInstance,
  opts: { catalog: EndpointCatalog; models: ModelList },
): Promise<void> {
  app.get('/api/endpoints', { preHandler: app.authenticate }, async () => {
    const endpoints = opts.catalog.list();
    const config: Record<string, unknown> = Object.fromEntries(
      endpoints.map((e) => [
        e.name,
        {
          order: e.order,
          userProvide: e.apiKey === 'user_provided',
          userProvideURL: e.baseURL === 'user_provided',
          ...(clientEndpointType(e) ? { type: 'custom' } : {}),
          ...(e.modelDisplayLabel ? { modelDisplayLabel: e.modelDisplayLabel } : {}),
          ...(e.iconURL ? { iconURL: e.iconURL } : {}),
        },
      ]),
    );
    const agents = agentsEndpoint(
      app.appConfig,
      endpoints.map((e) => e.name),
      Math.max(-1, ...endpoints.map((e) => e.order)) + 1,
    );
    if (agents) config.agents = agents;
    return config;
  });

  // LibreChat's clients ask at start-up for a configuration that overrides the endpoints; false is "none".
  app.get('/api/endpoints/config/override', { preHandler: app.authenticate }, () => false);

  app.get('/api/models', { preHandler: app.authenticate }, () => opts.models.all());
}

/**
 * The agents endpoint, as LibreChat lists it: present when the agents interface is on and at
 * least one endpoint may carry an agent, with the builder's settings (SPEC 1).
 */
function agentsEndpoint(
  config: AppConfig,
  endpointNames: string[],
  order: number,
): Record<string, unknown> | undefined {
  const section = config.endpoints?.agents;
  const allowed = section?.allowedProviders?.length
    ? endpointNames.filter((n) => section.allowedProviders?.includes(n))
    : endpointNames;
  if (!config.interface.agents || allowed.length === 0) return undefined;
  return {
    order,
    userProvide: false,
    userProvideURL: false,
    disableBuilder: section?.disableBuilder ?? false,
    capabilities: section?.capabilities ?? DEFAULT_AGENT_CAPABILITIES,
    ...(section?.allowedProviders?.length ? { allowedProviders: section.allowedProviders } : {}),
  };
}
