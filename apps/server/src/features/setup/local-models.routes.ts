import fastifyMultipart from '@fastify/multipart';
import { ADMIN_ROUTES, type LocalModelFile, type LocalModelsResponse } from '@confab/shared';
import { resolve } from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Env } from '../../env.js';
import { AppError } from '../../platform/errors.js';
import { parseInput } from '../../platform/parse.js';
import type { EndpointCatalog } from '../../providers/endpoint-catalog.js';
import { getLlamaRuntime } from '../../providers/local-llama/llama-runtime.js';
import type { ModelList } from '../../providers/model-list.js';
import { receiveModelUpload } from './local-model-upload.js';
import { LocalModelFolder } from './local-models.service.js';

function assertAdmin(request: FastifyRequest): void {
  if (request.user.role !== 'ADMIN') throw new AppError('forbidden', 'Only administrators manage local models');
}

const nameParams = z.object({ name: z.string().min(1).max(255) });

/**
 * GGUF files in DATA_DIR/models as the "Local" endpoint (run in this process by node-llama-cpp),
 * and the Admin area's routes to list, upload and delete them (administrators only).
 */
export async function localModelsRoutes(
  app: FastifyInstance,
  opts: { catalog: EndpointCatalog; models: ModelList; env: Env },
): Promise<void> {
  const folder = new LocalModelFolder(resolve(opts.env.DATA_DIR, 'models'), opts.catalog, opts.models, app.log);
  await folder.start();
  app.addHook('onClose', () => folder.close());
  if (!app.hasContentTypeParser('multipart/form-data')) await app.register(fastifyMultipart);
  const auth = { preHandler: app.authenticate };

  app.get(ADMIN_ROUTES.localModels, auth, async (request): Promise<LocalModelsResponse> => {
    assertAdmin(request);
    const [runtime, models] = await Promise.all([getLlamaRuntime(), folder.list()]);
    return runtime.isAvailable ? { isAvailable: true, models } : { isAvailable: false, reason: runtime.reason, models };
  });

  app.post(ADMIN_ROUTES.localModels, auth, async (request, reply) => {
    assertAdmin(request);
    const name = await receiveModelUpload(request, folder.dir, opts.env.LOCAL_MODEL_MAX_BYTES);
    const added = (await folder.list()).find((file) => file.name === name);
    return reply.status(201).send(added satisfies LocalModelFile | undefined);
  });

  app.delete(ADMIN_ROUTES.localModel, auth, async (request) => {
    assertAdmin(request);
    const { name } = parseInput(nameParams, request.params);
    if (!(await folder.remove(name))) throw new AppError('not_found', `There is no local model named "${name}"`);
    return { message: 'Model deleted', name };
  });
}
