import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../platform/errors.js';
import { parseInput } from '../../platform/parse.js';
import type { FilesRoutesOptions } from '../files/files.routes.js';
import { requireAgentPermission } from './agent-access.js';
import { AGENT_ID, createAgentSchema, listAgentsQuerySchema, updateAgentSchema } from './agent-schemas.js';
import type { AgentsService } from './agents.service.js';

export interface AgentsRoutesOptions {
  agents: AgentsService;
  files: Pick<FilesRoutesOptions, 'avatars' | 'countUpload'>;
  /** Where avatars are stored, LibreChat's avatar `source`. */
  fileStrategy: string;
}

const idParams = z.object({ id: z.string().max(100) });
const avatarParams = z.object({ agent_id: z.string().max(100) });

/** An id that cannot be an agent's is simply not found. */
function agentId(raw: string): string {
  if (!AGENT_ID.test(raw)) throw new AppError('not_found', 'Agent not found');
  return raw;
}

/**
 * Agents (SPEC 7), LibreChat's routes and shapes: AGENTS USE lets a user list and read agents,
 * USE and CREATE the builder (create, edit, duplicate, delete); sharing with everyone also needs
 * SHARED_GLOBAL (checked where the project ids change).
 */
export async function agentsRoutes(app: FastifyInstance, opts: AgentsRoutesOptions): Promise<void> {
  const { agents } = opts;
  if (!app.hasContentTypeParser('multipart/form-data')) await app.register(fastifyMultipart);
  const auth = { preHandler: app.authenticate };

  app.get('/api/agents', auth, async (request) => {
    await requireAgentPermission(app, request.user, 'USE');
    return agents.list(request.user, parseInput(listAgentsQuerySchema, request.query));
  });

  app.post('/api/agents', auth, async (request, reply) => {
    await requireAgentPermission(app, request.user, 'USE', 'CREATE');
    const input = parseInput(createAgentSchema, request.body);
    return reply.status(201).send(await agents.create(request.user, input));
  });

  app.get('/api/agents/:id', auth, async (request) => {
    await requireAgentPermission(app, request.user, 'USE');
    return agents.get(request.user, agentId(parseInput(idParams, request.params).id));
  });

  // Newer LibreChat clients read the full agent for the builder here; the answer is the same.
  app.get('/api/agents/:id/expanded', auth, async (request) => {
    await requireAgentPermission(app, request.user, 'USE');
    return agents.get(request.user, agentId(parseInput(idParams, request.params).id));
  });

  app.patch('/api/agents/:id', auth, async (request) => {
    await requireAgentPermission(app, request.user, 'USE', 'CREATE');
    const id = agentId(parseInput(idParams, request.params).id);
    return agents.update(request.user, id, parseInput(updateAgentSchema, request.body ?? {}));
  });

  app.delete('/api/agents/:id', auth, async (request) => {
    await requireAgentPermission(app, request.user, 'USE', 'CREATE');
    await agents.remove(request.user, agentId(parseInput(idParams, request.params).id));
    return { message: 'Agent deleted' };
  });

  app.post('/api/agents/:id/duplicate', auth, async (request, reply) => {
    await requireAgentPermission(app, request.user, 'USE', 'CREATE');
    const result = await agents.duplicate(request.user, agentId(parseInput(idParams, request.params).id));
    return reply.status(201).send(result);
  });

  app.post('/api/files/images/agents/:agent_id/avatar', auth, async (request, reply) => {
    await requireAgentPermission(app, request.user, 'USE');
    const id = agentId(parseInput(avatarParams, request.params).agent_id);
    // Refused before a byte of the upload is read or stored.
    await agents.assertEditable(request.user, id);
    await opts.files.countUpload(request, reply);
    const source = opts.fileStrategy;
    await opts.files.avatars.upload(request, request.user.id, (url) => agents.setAvatar(id, { filepath: url, source }));
    return reply.status(201).send(await agents.get(request.user, id));
  });
}
