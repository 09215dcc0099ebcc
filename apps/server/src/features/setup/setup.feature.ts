import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import type { Db } from '../../db/database.js';
import type { Env } from '../../env.js';
import type { EndpointCatalog } from '../../providers/endpoint-catalog.js';
import type { ModelList } from '../../providers/model-list.js';
import { adminEndpointsRoutes } from './admin-endpoints.routes.js';
import { localModelsRoutes } from './local-models.routes.js';
import { localServersRoutes } from './local-servers.routes.js';
import { ManagedEndpoints } from './managed-endpoints.service.js';

export interface SetupDeps {
  db: Db;
  env: Env;
  catalog: EndpointCatalog;
  models: ModelList;
  credsKey: string;
  redis?: Redis | undefined;
}

/**
 * First run and the Admin area (issue 25): endpoints the administrator adds in the browser, the
 * model servers found running on this machine, and GGUF models run in this process.
 */
export async function registerSetup(app: FastifyInstance, deps: SetupDeps): Promise<ManagedEndpoints> {
  const managed = new ManagedEndpoints(deps.db, deps.catalog, deps.models, deps.credsKey, app.log, deps.redis);
  await managed.start();
  app.addHook('onClose', () => managed.close());
  await app.register(adminEndpointsRoutes, { managed });
  await app.register(localServersRoutes, { managed, env: deps.env });
  await app.register(localModelsRoutes, { catalog: deps.catalog, models: deps.models, env: deps.env });
  return managed;
}
