import { abortRequestSchema, askRequestSchema, MAX_MESSAGE_TEXT, type AskRequest } from '@confab/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { TEXT_BODY_LIMIT } from '../../platform/body-limits.js';
import { AppError } from '../../platform/errors.js';
import { parseInput } from '../../platform/parse.js';
import { findConversation, toConversation } from '../conversations/conversations.repo.js';
import { findMessage, toMessage } from '../messages/messages.repo.js';
import { agentChatRequestSchema, type AgentChatService } from '../agent-chat/agent-chat.service.js';
import { pluginsRequestSchema } from '../agent-chat/plugins-request.js';
import { PLUGINS_ENDPOINT } from '../../providers/built-in-endpoints.js';
import type { ChatService } from './chat.service.js';
import type { JobRegistry } from './job-registry.js';
import { readLastEventId, streamJobToClient } from './sse.js';
import { recordViolation } from '../account/violations.js';
import type { GenerationJob } from './generation-job.js';
import type { MessageLimits } from './message-limits.js';

type EndpointRequest = FastifyRequest<{ Params: { endpoint: string } }>;

/** LibreChat's clients send an edited reply's text to the edit route as `generation`. */
const editRequestSchema = askRequestSchema.extend({ generation: z.string().max(MAX_MESSAGE_TEXT).nullish() });

/**
 * LibreChat's "save and submit" of an edited reply posts to the edit route without `isContinued`:
 * the reply in `responseMessageId` and its edited text in `generation` (or one part of it in
 * `editedContent`). Its server goes on from that text in the same reply, so this is a continue
 * from the edited text. (Its regenerate also names the latest reply, but on the ask route.)
 */
function editedReplyAsContinue({ generation, ...input }: z.output<typeof editRequestSchema>): AskRequest {
  if (input.isContinued || !input.responseMessageId) return input;
  if (input.editedContent) return { ...input, isContinued: true };
  if (typeof generation !== 'string') return input;
  // The edited text is the whole reply: one text part.
  return { ...input, isContinued: true, editedContent: { index: 0, text: generation, type: 'text' } };
}

const isErrorBody = (payload: unknown): payload is { code: string; message: string } =>
  typeof payload === 'object' && payload !== null && typeof (payload as { message?: unknown }).message === 'string';

export async function chatRoutes(
  app: FastifyInstance,
  opts: {
    chat: ChatService;
    jobs: JobRegistry;
    agentChat?: AgentChatService | undefined;
    /** LibreChat's message limits; every send route counts through them. */
    limits?: MessageLimits | undefined;
  },
): Promise<void> {
  const { chat, jobs, agentChat, limits } = opts;
  /** The preHandlers of a send: who it is, then the message limits (before anything is stored). */
  const sendGuards = limits ? [app.authenticate, limits.countSend] : [app.authenticate];
  // A send refused after it took its concurrency slot (bad body, unknown conversation) gives it back.
  app.addHook('onResponse', async (request) => limits?.releaseUnheld(request));

  // A send refused before its stream starts answers JSON. LibreChat's client makes that body the
  // error reply and shows its `text` (its own server refuses with `{text}`): without one the
  // user would see an empty error. `code` and `message` stay for everyone else.
  app.addHook('preSerialization', async (_request, reply, payload: unknown) => {
    if (reply.statusCode < 400 || !isErrorBody(payload) || 'text' in payload) return payload;
    return { ...payload, text: payload.message };
  });

  // SPEC 8's illegal_model_request: counted towards a ban (ILLEGAL_MODEL_REQ_SCORE).
  app.addHook('onError', async (request, _reply, error) => {
    await limits?.releaseUnheld(request);
    if (!(error instanceof AppError) || error.code !== 'illegal_model_request' || !request.user) return;
    await recordViolation(app.db, app.env, {
      userId: request.user.id,
      ip: request.ip,
      type: 'illegal_model_request',
      details: error.extra,
    }).catch((err: unknown) => request.log.error({ err }, 'could not record a violation'));
  });

  /** Streams a started job to the client; the send's slot is held until the job ends. */
  function streamJob(request: FastifyRequest, reply: FastifyReply, job: GenerationJob): void {
    limits?.holdUntilDone(request, job);
    const userId = request.user.id;
    // SPEC 8's tool_call_limit: a run that stopped at its step (recursion) limit still calling tools.
    void job.done.then(async () => {
      if (job.stepLimitReached === undefined) return;
      await recordViolation(app.db, app.env, {
        userId,
        ip: request.ip,
        type: 'tool_call_limit',
        details: { max: job.stepLimitReached, conversationId: job.conversationId },
      }).catch((err: unknown) => app.log.error({ err }, 'could not record a violation'));
    });
    streamJobToClient(request, reply, job.streamId, (after, onFrame, onEnd) => job.subscribe(after, onFrame, onEnd), 0);
  }

  async function start(request: EndpointRequest, reply: FastifyReply, input: AskRequest): Promise<void> {
    const { endpoint } = request.params;
    // LibreChat's Plugins endpoint runs the agents' tool loop over the user's plugins.
    const job =
      endpoint === PLUGINS_ENDPOINT && agentChat
        ? await agentChat.startPlugins(request.user, input, parseInput(pluginsRequestSchema, request.body))
        : await chat.start(request.user, endpoint, input);
    streamJob(request, reply, job);
  }
  const ask = (request: EndpointRequest, reply: FastifyReply) => start(request, reply, parseInput(askRequestSchema, request.body));
  const edit = (request: EndpointRequest, reply: FastifyReply) =>
    start(request, reply, editedReplyAsContinue(parseInput(editRequestSchema, request.body)));

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

  for (const [prefix, handler] of [['/api/ask', ask], ['/api/edit', edit]] as const) {
    app.post<{ Params: { endpoint: string } }>(`${prefix}/:endpoint`, { preHandler: sendGuards, bodyLimit: TEXT_BODY_LIMIT }, handler);
    app.post<{ Params: { endpoint: string } }>(`${prefix}/:endpoint/abort`, { preHandler: app.authenticate }, abort);
  }
  /**
   * Agent chats: a stored agent (`agent_id`, LibreChat posts to /api/agents/chat/agents), or a
   * model endpoint's chat with an "ephemeral agent" (v0.7.8: MCP, code or web search toggles;
   * v0.8: always sent). With no tool toggled on, the chat runs as on /api/ask. Its stop button
   * posts to /api/agents/chat/abort.
   */
  async function agentAsk(request: FastifyRequest<{ Params: { endpoint?: string } }>, reply: FastifyReply) {
    const input = parseInput(agentChatRequestSchema, request.body);
    const endpoint = request.params.endpoint;
    const job = agentChat ? await agentChat.start(request.user, endpoint, input) : undefined;
    if (!job) {
      if (!endpoint || endpoint === 'agents') throw new AppError('not_found', 'Agents are not available');
      return start(Object.assign(request, { params: { endpoint } }), reply, input);
    }
    streamJob(request, reply, job);
  }
  app.post<{ Params: { endpoint?: string } }>('/api/agents/chat', { preHandler: sendGuards, bodyLimit: TEXT_BODY_LIMIT }, agentAsk);
  app.post<{ Params: { endpoint: string } }>('/api/agents/chat/:endpoint', { preHandler: sendGuards, bodyLimit: TEXT_BODY_LIMIT }, agentAsk);
  app.post<{ Params: { endpoint: string } }>('/api/agents/chat/abort', { preHandler: app.authenticate }, abort);
  app.post('/api/bedrock/chat', { preHandler: sendGuards, bodyLimit: TEXT_BODY_LIMIT }, (request, reply) => ask(Object.assign(request, { params: { endpoint: 'bedrock' } }), reply));

  /** Rejoin a generation after a reload or a dropped connection. */
  app.get<{ Params: { streamId: string } }>('/api/chat/stream/:streamId', { preHandler: app.authenticate }, async (request, reply) => {
    const subscribe = await jobs.subscriber(request.user.id, request.params.streamId);
    if (!subscribe) throw new AppError('not_found', 'Stream not found or expired');
    streamJobToClient(request, reply, request.params.streamId, subscribe, readLastEventId(request));
  });

  app.get('/api/chat/active', { preHandler: app.authenticate }, async (request) => ({ jobs: await jobs.active(request.user.id) }));
}
