import { abortRequestSchema, askRequestSchema } from '@confab/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { TEXT_BODY_LIMIT } from '../../platform/body-limits.js';
import { AppError } from '../../platform/errors.js';
import { parseInput } from '../../platform/parse.js';
import { findConversation, toConversation } from '../conversations/conversations.repo.js';
import { findMessage, toMessage } from '../messages/messages.repo.js';
import type { ChatService } from './chat.service.js';
import type { JobRegistry } from './job-registry.js';
import { readLastEventId, streamJobToClient } from './sse.js';


type EndpointRequest = FastifyRequest<{ Params: { endpoint: string } }>;

export async function chatRoutes(app: FastifyInstance, opts: { chat: ChatService; jobs: JobRegistry }): Promise<void> {
  const { chat, jobs } = opts;

  async function ask(request: EndpointRequest, reply: FastifyReply): Promise<void> {
    const input = parseInput(askRequestSchema, request.body);
    const job = await chat.start(request.user, request.params.endpoint, input);
    streamJobToClient(request, reply, job.streamId, (after, onFrame, onEnd) => job.subscribe(after, onFrame, onEnd), 0);
  }

  async function abort(request: EndpointRequest, reply: FastifyReply) {
    const { abortKey } = parseInput(abortRequestSchema, request.body);
    const job = await jobs.abort(request.user.id, abortKey);
    if (!job) return reply.status(404).send({ code: 'not_found', message: 'Nothing to abort' });
    const userId = request.user.id;
    const [requestRow, responseRow, conversationRow] = await Promise.all([
      findMessage(app.db.kysely, userId, job.userMessageId),
      findMessage(app.db.kysely, userId, job.responseMessageId),
      findConversation(app.db.kysely, userId, job.conversationId),
    ]);
    return {
      final: true,
      conversation: conversationRow ? toConversation(conversationRow) : null,
      requestMessage: requestRow ? toMessage(requestRow) : null,
      responseMessage: responseRow ? toMessage(responseRow) : null,
    };
  }

  for (const prefix of ['/api/ask', '/api/edit']) {
    app.post<{ Params: { endpoint: string } }>(`${prefix}/:endpoint`, { preHandler: app.authenticate, bodyLimit: TEXT_BODY_LIMIT }, ask);
    app.post<{ Params: { endpoint: string } }>(`${prefix}/:endpoint/abort`, { preHandler: app.authenticate }, abort);
  }
  // LibreChat clients send a model endpoint's chat here when an "ephemeral agent" option is on
  // (v0.7.8: MCP, code or web search toggles; v0.8: always). The tools are not ours to run: the
  // chat runs as on /api/ask. Its stop button posts to /api/agents/chat/abort.
  app.post<{ Params: { endpoint: string } }>('/api/agents/chat/:endpoint', { preHandler: app.authenticate, bodyLimit: TEXT_BODY_LIMIT }, ask);
  app.post<{ Params: { endpoint: string } }>('/api/agents/chat/abort', { preHandler: app.authenticate }, abort);
  app.post('/api/bedrock/chat', { preHandler: app.authenticate, bodyLimit: TEXT_BODY_LIMIT }, (request, reply) => ask(Object.assign(request, { params: { endpoint: 'bedrock' } }), reply));

  /** Rejoin a generation after a reload or a dropped connection. */
  app.get<{ Params: { streamId: string } }>('/api/chat/stream/:streamId', { preHandler: app.authenticate }, async (request, reply) => {
    const subscribe = await jobs.subscriber(request.user.id, request.params.streamId);
    if (!subscribe) throw new AppError('not_found', 'Stream not found or expired');
    streamJobToClient(request, reply, request.params.streamId, subscribe, readLastEventId(request));
  });

  app.get('/api/chat/active', { preHandler: app.authenticate }, async (request) => ({ jobs: await jobs.active(request.user.id) }));
}
