import type { IncomingMessage, ServerResponse } from 'node:http';
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
import { createAudioState, parseMultipartText, silentMp3Frame } from './openai-audio.js';
import { answerEmbeddings } from './openai-embeddings.js';
import { answerImageGeneration } from './openai-images.js';
import { writeCompletionStream } from './openai-stream.js';
import { createReplyQueue, sendJson as sendJsonReply, startSimServer, type SimRequest } from './provider-sim-server.js';
import type { ChatCompletionRequest, OpenAISimulator, OpenAISimulatorOptions, ScriptedReply } from './openai-types.js';

/** Models served when none are given. */
export const DEFAULT_OPENAI_MODELS: readonly string[] = ['gpt-4o', 'gpt-4o-mini', 'gpt-4.1', 'gpt-4.1-mini', 'o3-mini'];

/** Fixed `created` of listed models, so listings are stable. */
const MODEL_CREATED = 1_715_367_049;
/** Replies as OpenAI's API sends them: JSON with its charset and API version. */
const sendJson = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void =>
  sendJsonReply(res, status, body, {
    'content-type': 'application/json; charset=utf-8',
    'openai-version': '2020-10-01',
    ...headers,
  });

const sendError = (res: ServerResponse, status: number, body: OpenAIErrorBody): void => sendJson(res, status, body);

/** The key a client sent: `Authorization: Bearer <key>` (OpenAI) or `api-key: <key>` (Azure). */
function getSentApiKey(req: IncomingMessage): string | undefined {
  const authorization = req.headers.authorization;
  if (authorization?.startsWith('Bearer ')) return authorization.slice('Bearer '.length).trim();
  const apiKey = req.headers['api-key'];
  return typeof apiKey === 'string' ? apiKey : undefined;
}

/**
 * Starts a local server that speaks the OpenAI chat completions protocol, so the real SDKs
 * (`@ai-sdk/openai`, `@ai-sdk/openai-compatible`, `openai`) can be tested against it.
 *
 * Routes: `POST /v1/chat/completions` (streamed or not), `POST /v1/embeddings` (deterministic
 * hashed bag-of-words vectors, openai-embeddings.ts), `POST /v1/images/generations` (solid-colour
 * PNGs of the asked size as `b64_json`, openai-images.ts), `GET /v1/models`, `GET /v1/models/{id}`.
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
  const replies = createReplyQueue<ScriptedReply, ChatCompletionRequest>(defaults);

  const handleChatCompletion = async (req: IncomingMessage, res: ServerResponse, body: unknown): Promise<void> => {
    if (typeof body !== 'object' || body === null || Array.isArray(body)) return sendError(res, 400, INVALID_JSON_BODY);
    const request = body as ChatCompletionRequest;
    if (typeof request.model !== 'string') return sendError(res, 400, getMissingParameterBody('model'));
    if (!Array.isArray(request.messages)) return sendError(res, 400, getMissingParameterBody('messages'));

    let reply: ScriptedReply;
    try {
      reply = await replies.choose(request);
    } catch (error) {
      const message = `Simulator responder failed: ${error instanceof Error ? error.message : String(error)}`;
      return sendError(res, 500, { error: { message, type: 'server_error', param: null, code: null } });
    }

    if (reply.error) {
      const context = { model: request.model, apiKey: getSentApiKey(req), promptTokens: estimatePromptTokens(request) };
      const { status, body: errorBody, headers } = buildScriptedError(reply.error, context);
      if (reply.firstTokenDelayMs && !(await server.wait(res, reply.firstTokenDelayMs))) return;
      return sendJson(res, status, errorBody, headers);
    }

    const plan = planCompletion(request, reply);
    if (request.stream === true) {
      server.track((onEnd) => {
        const stream = writeCompletionStream(res, plan, onEnd);
        return () => stream.cancel();
      });
      return;
    }

    if (plan.firstTokenDelayMs > 0 && !(await server.wait(res, plan.firstTokenDelayMs))) return;
    if (plan.errorAt !== undefined) return void res.destroy();
    sendJson(res, 200, buildChatCompletion(plan), { 'x-request-id': `req_${plan.id.slice(9)}` });
  };

  const handle = async ({ method, path, req, body, raw, isJson }: SimRequest, res: ServerResponse): Promise<void> => {
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
    if (method === 'POST' && path === '/v1/embeddings') {
      if (!isJson) return sendError(res, 400, INVALID_JSON_BODY);
      const answer = answerEmbeddings(body);
      return sendJson(res, answer.status, answer.body);
    }
    if (method === 'POST' && path === '/v1/images/generations') {
      if (!isJson) return sendError(res, 400, INVALID_JSON_BODY);
      const answer = answerImageGeneration(body);
      return sendJson(res, answer.status, answer.body);
    }
    if (method === 'POST' && path === '/v1/audio/speech') {
      if (!isJson) return sendError(res, 400, INVALID_JSON_BODY);
      simulator.audio.speech.push(body as Record<string, unknown>);
      if (simulator.audio.speechDelayMs > 0 && !(await server.wait(res, simulator.audio.speechDelayMs))) return;
      const mp3 = silentMp3Frame();
      res.writeHead(200, { 'content-type': 'audio/mpeg', 'content-length': String(mp3.length) });
      return void res.end(mp3);
    }
    if (method === 'POST' && path === '/v1/audio/transcriptions') {
      const record = parseMultipartText(raw, req.headers['content-type']);
      simulator.audio.transcriptions.push(record);
      if (!record.filename || record.size === 0) return sendError(res, 400, getMissingParameterBody('file'));
      return sendJson(res, 200, { text: simulator.audio.transcript });
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

  const server = await startSimServer(
    {
      port: options.port,
      host: options.host,
      recordRequests,
      internalError: (message) => ({
        status: 500,
        body: { error: { message, type: 'server_error', param: null, code: null } },
      }),
    },
    handle,
  );
  const simulator: OpenAISimulator = {
    url: `${server.origin}/v1`,
    port: server.port,
    enqueue: replies.enqueue,
    setResponder: replies.setResponder,
    requests: server.requests,
    stats: server.stats,
    models: [...initialModels],
    audio: createAudioState(),
    reset: () => {
      replies.reset();
      simulator.audio = createAudioState();
      server.reset();
      simulator.models = [...initialModels];
    },
    close: () => server.close(),
  };
  return simulator;
}
