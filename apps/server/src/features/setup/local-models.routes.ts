import type { FastifyInstance } from 'fastify';
import type { Env } from '../../env.js';
import type { EndpointCatalog } from '../../providers/endpoint-catalog.js';
import type { ModelList } from '../../providers/model-list.js';

/** PLACEHOLDER (issue 25, being built): GGUF files in DATA_DIR/models as the "Local" endpoint. */
export async function localModelsRoutes(
  _app: FastifyInstance,
  _opts: { catalog: EndpointCatalog; models: ModelList; env: Env },
): Promise<void> {}
