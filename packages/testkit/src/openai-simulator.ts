import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { buildChatCompletion, estimatePromptTokens, planCompletion } from './openai-completion.js';
import {
  buildScriptedError,
  getInvalidUrlBody,
  getMissingParameterBody,
  getOpenAIErrorBody,
  INVALID_JSON_BODY,
  MISSING_API_KEY_BODY,
  type OpenAIErrorBody,
} from './openai-errors.js';
import { writeCompletionStream, type StreamHandle } from './openai-stream.js';
import { listenLocally, readBody, sendJson as sendJsonReply, waitUnlessClosed } from './provider-sim-server.js';
import type {
  ChatCompletionRequest,
  OpenAIResponder,
  OpenAISimulator,
  OpenAISimulatorOptions,
  OpenAISimulatorStats,
  RecordedRequest,
  ScriptedReply,
} from './openai-types.js';

/** Models served when none are given. */
export const DEFAULT_OPENAI_MODELS: readonly string[] = ['gpt-4o', 'gpt-4o-mini', 'gpt-4.1', 'gpt-4.1-mini', 'o3-mini'];

/** Fixed `created` of listed models, so listings are stable. */
const MODEL_CREATED = 1_715_367_049;
/** Replies as OpenAI's API sends them: JSON with its charset and API version. */
const sendJson = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void =>
  sendJsonReply(res, status, body, { 'content-type': 'application/json; charset=utf-8', 'openai-version': '2020-10-01', ...headers });

const sendError = (res: ServerResponse, status: number, body: OpenAIErrorBody): void => sendJson(res, status, body);

/** The key a client sent: `Authorization: Bearer <key>` (OpenAI) or `api-key: <key>` (Azure). */
function getSentApiKey(req: IncomingMessage): string | undefined {
  const authorization = req.headers.authorization;
  if (authorization?.startsWith('Bearer ')) return authorization.slice('Bearer '.length).trim();
  const apiKey = req.headers['api-key'];
  return typeof apiKey === 'string' ? apiKey : undefined;
}

/** Overlays `reply` on `defaults`, ignoring fields the reply leaves `undefined`. */
function mergeReply(defaults: Partial<ScriptedReply>, reply: ScriptedReply): ScriptedReply {
  const merged: Record<string, unknown> = { ...defaults };
  for (const [key, value] of Object.entries(reply)) if (value !== undefined) merged[key] = value;
  return merged as ScriptedReply;
}

/**
 * Starts a local server that speaks the OpenAI chat completions protocol, so the real SDKs
 * (`@ai-sdk/openai`, `@ai-sdk/openai-compatible`, `openai`) can be tested against it.
 *
 * Routes: `POST /v1/chat/completions` (streamed or not), `GET /v1/models`, `GET /v1/models/{id}`.
 * Each chat request takes the next queued reply, else asks the responder, else uses the defaults
 * (an echo of the last user message). Scripted errors answer the exact status and body of the
 * real API.
 *
 * Note: the AI SDK retries 429 and 5xx twice by default, and each retry takes a new reply;
 * pass `maxRetries: 0` to test an error once.
 *
 * @example
 * const sim = await startOpenAISimulator();
 * sim.enqueue({ text: 'Hello there', usage: { prompt_tokens: 10, completion_tokens: 3 } });
 * const openai = createOpenAI({ baseURL: sim.url, apiKey: 'sk-test' });
 * const result = streamText({ model: openai.chat('gpt-4o'), prompt: 'Hi' });
 * await result.text; // 'Hello there'
 * await sim.close();
 */
export async function startOpenAISimulator(options: OpenAISimulatorOptions = {}): Promise<OpenAISimulator> {
  const { apiKey, defaults = {}, recordRequests = true } = options;
  const initialModels = [...(options.models ?? DEFAULT_OPENAI_MODELS)];
  const queue: ScriptedReply[] = [];
  const requests: RecordedRequest[] = [];
  const stats: OpenAISimulatorStats = { open: 0, aborted: 0, completed: 0, dropped: 0 };
  const streams = new Map<ServerResponse, StreamHandle>();
  const pendingTimers = new Set<NodeJS.Timeout>();
  let responder: OpenAIResponder | undefined;

  const simulator: OpenAISimulator = {
    url: '',
    port: 0,
    enqueue: (...replies) => void queue.push(...replies),
    setResponder: (fn) => void (responder = fn),
    requests,
    stats,
    models: [...initialModels],
    reset: () => {
      queue.length = 0;
      responder = undefined;
      requests.length = 0;
      stats.aborted = 0;
      stats.completed = 0;
      stats.dropped = 0;
      simulator.models = [...initialModels];
    },
    close: async () => {
      for (const stream of streams.values()) stream.cancel();
      streams.clear();
      stats.open = 0;
      for (const timer of pendingTimers) clearTimeout(timer);
      pendingTimers.clear();
      server.closeAllConnections();
      await new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
    },
  };

  const chooseReply = async (request: ChatCompletionRequest): Promise<ScriptedReply> => {
    const queued = queue.shift();
    if (queued) return mergeReply(defaults, queued);
    if (responder) return mergeReply(defaults, await responder(request));
    return mergeReply(defaults, {});
  };

  const handleChatCompletion = async (req: IncomingMessage, res: ServerResponse, body: unknown): Promise<void> => {
    if (typeof body !== 'object' || body === null || Array.isArray(body)) return sendError(res, 400, INVALID_JSON_BODY);
    const request = body as ChatCompletionRequest;
    if (typeof request.model !== 'string') return sendError(res, 400, getMissingParameterBody('model'));
    if (!Array.isArray(request.messages)) return sendError(res, 400, getMissingParameterBody('messages'));

    let reply: ScriptedReply;
    try {
      reply = await chooseReply(request);
    } catch (error) {
      const message = `Simulator responder failed: ${error instanceof Error ? error.message : String(error)}`;
      return sendError(res, 500, { error: { message, type: 'server_error', param: null, code: null } });
    }

    if (reply.error) {
      const context = { model: request.model, apiKey: getSentApiKey(req), promptTokens: estimatePromptTokens(request) };
      const { status, body: errorBody, headers } = buildScriptedError(reply.error, context);
      if (reply.firstTokenDelayMs && !(await waitUnlessClosed(res, reply.firstTokenDelayMs, pendingTimers))) return;
      return sendJson(res, status, errorBody, headers);
    }

    const plan = planCompletion(request, reply);
    if (request.stream === true) {
      stats.open++;
      // A reply without delays ends synchronously, inside writeCompletionStream, before it returns.
      let isEnded = false;
      const stream = writeCompletionStream(res, plan, (outcome) => {
        isEnded = true;
        streams.delete(res);
        stats.open--;
        stats[outcome]++;
      });
      if (!isEnded) streams.set(res, stream);
      return;
    }

    if (plan.firstTokenDelayMs > 0 && !(await waitUnlessClosed(res, plan.firstTokenDelayMs, pendingTimers))) return;
    if (plan.errorAt !== undefined) return void res.destroy();
    sendJson(res, 200, buildChatCompletion(plan), { 'x-request-id': `req_${plan.id.slice(9)}` });
  };

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const method = req.method ?? 'GET';
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    const raw = method === 'GET' || method === 'HEAD' ? '' : await readBody(req);
    let body: unknown;
    let isJson = true;
    if (raw) {
      try {
        body = JSON.parse(raw);
      } catch {
        body = raw;
        isJson = false;
      }
    }
    if (recordRequests) requests.push({ method, path, headers: req.headers, body });

    if (apiKey !== undefined) {
      const sentKey = getSentApiKey(req);
      if (!sentKey) return sendError(res, 401, MISSING_API_KEY_BODY);
      if (sentKey !== apiKey) {
        return sendError(res, 401, getOpenAIErrorBody('invalid_api_key', { model: '', apiKey: sentKey }));
      }
    }

    if (method === 'POST' && path === '/v1/chat/completions') {
      if (!isJson) return sendError(res, 400, INVALID_JSON_BODY);
      return handleChatCompletion(req, res, body);
    }
    if (method === 'GET' && path === '/v1/models') {
      const data = simulator.models.map((id) => ({ id, object: 'model', created: MODEL_CREATED, owned_by: 'system' }));
      return sendJson(res, 200, { object: 'list', data });
    }
    if (method === 'GET' && path.startsWith('/v1/models/')) {
      const id = decodeURIComponent(path.slice('/v1/models/'.length));
      if (!simulator.models.includes(id)) {
        return sendError(res, 404, {
          error: {
            message: `The model '${id}' does not exist`,
            type: 'invalid_request_error',
            param: 'model',
            code: 'model_not_found',
          },
        });
      }
      return sendJson(res, 200, { id, object: 'model', created: MODEL_CREATED, owned_by: 'system' });
    }
    sendError(res, 404, getInvalidUrlBody(method, path));
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      const message = error instanceof Error ? error.message : String(error);
      if (!res.headersSent) sendError(res, 500, { error: { message, type: 'server_error', param: null, code: null } });
      else res.destroy();
    });
  });
  const { port, origin } = await listenLocally(server, options);
  Object.assign(simulator, { port, url: `${origin}/v1` });
  return simulator;
}
