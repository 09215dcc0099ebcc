import type { ServerResponse } from 'node:http';
import { buildGoogleError, INVALID_API_KEY_BODY, MISSING_API_KEY_BODY, type GoogleErrorBody } from './google-errors.js';
import {
  buildGoogleResponse,
  buildGoogleStream,
  estimateGooglePromptTokens,
  planGoogleReply,
} from './google-stream.js';
import type {
  GoogleGenerateContentRequest,
  GoogleScriptedReply,
  GoogleSimulator,
  GoogleSimulatorOptions,
} from './google-types.js';
import { createReplyQueue, sendJson, startSimServer, type SimRequest } from './provider-sim-server.js';

export const DEFAULT_GOOGLE_MODELS: readonly string[] = [
  'gemini-1.5-flash-latest',
  'gemini-2.0-flash',
  'gemini-2.5-flash',
  'gemini-2.5-pro',
];

const sendError = (
  res: ServerResponse,
  status: number,
  body: GoogleErrorBody,
  headers: Record<string, string> = {},
): void => sendJson(res, status, body, { 'content-type': 'application/json; charset=UTF-8', ...headers });

/** `/v1beta/models/gemini-2.0-flash:streamGenerateContent` → model and method. */
const MODEL_ROUTE = /^\/v1(?:beta)?\/models\/([^/:]+):(generateContent|streamGenerateContent)$/;

/**
 * Starts a local server that speaks the Gemini API (`models/{model}:generateContent` and
 * `:streamGenerateContent?alt=sse`, `GET models`), so `@ai-sdk/google` can be tested against
 * it. Scripted like the OpenAI simulator. Safety is scriptable both ways Gemini blocks: a
 * prompt block (`blockReason`) and a SAFETY finish with a blocked rating. Errors answer
 * Google's `{error: {code, message, status, details}}` bodies.
 *
 * @example
 * const sim = await startGoogleSimulator({ apiKey: 'g-test' });
 * sim.enqueue({ text: 'Hi', usage: { prompt_tokens: 3, completion_tokens: 1 } });
 * const google = createGoogleGenerativeAI({ baseURL: sim.url, apiKey: 'g-test' });
 */
export async function startGoogleSimulator(options: GoogleSimulatorOptions = {}): Promise<GoogleSimulator> {
  type Request = { body: GoogleGenerateContentRequest; model: string };
  const replies = createReplyQueue<GoogleScriptedReply, Request>(options.defaults ?? {});
  const models = options.models ?? DEFAULT_GOOGLE_MODELS;

  const handleGenerate = async (
    request: SimRequest,
    res: ServerResponse,
    model: string,
    isStream: boolean,
  ): Promise<void> => {
    const body = request.body as GoogleGenerateContentRequest;
    if (!request.isJson || typeof body !== 'object' || body === null) {
      return sendError(res, 400, {
        error: { code: 400, message: 'Invalid JSON payload received.', status: 'INVALID_ARGUMENT' },
      });
    }
    if (!Array.isArray(body.contents) || body.contents.length === 0) {
      return sendError(res, 400, {
        error: {
          code: 400,
          message: '* GenerateContentRequest.contents: contents is not specified\n',
          status: 'INVALID_ARGUMENT',
        },
      });
    }
    if (!models.includes(model)) {
      return sendError(
        res,
        404,
        buildGoogleError({ status: 404, kind: 'model_not_found' }, { model, promptTokens: 0 }).body,
      );
    }
    const reply = await replies.choose({ body, model });
    const context = { model, promptTokens: estimateGooglePromptTokens(body) };
    if (reply.error && !(reply.error.inStream && isStream)) {
      if (reply.firstTokenDelayMs && !(await core.wait(res, reply.firstTokenDelayMs))) return;
      const { status, body: errorBody, headers } = buildGoogleError(reply.error, context);
      return sendError(res, status, errorBody, headers);
    }
    const plan = planGoogleReply(body, model, reply);
    if (isStream) {
      if (request.query.get('alt') !== 'sse') {
        return sendError(res, 400, {
          error: { code: 400, message: 'This simulator streams only with ?alt=sse.', status: 'INVALID_ARGUMENT' },
        });
      }
      return core.stream(
        res,
        buildGoogleStream(plan, reply, reply.error ? buildGoogleError(reply.error, context).body : undefined),
      );
    }
    if (reply.firstTokenDelayMs && !(await core.wait(res, reply.firstTokenDelayMs))) return;
    if (reply.errorAt !== undefined) return void res.destroy();
    sendJson(res, 200, buildGoogleResponse(plan), { 'content-type': 'application/json; charset=UTF-8' });
  };

  const core = await startSimServer(
    {
      port: options.port,
      host: options.host,
      recordRequests: options.recordRequests,
      internalError: (message) => ({ status: 500, body: { error: { code: 500, message, status: 'INTERNAL' } } }),
    },
    async (request, res) => {
      if (options.apiKey !== undefined) {
        const header = request.req.headers['x-goog-api-key'];
        const key = typeof header === 'string' ? header : request.query.get('key');
        if (!key) return sendError(res, 403, MISSING_API_KEY_BODY);
        if (key !== options.apiKey) return sendError(res, 400, INVALID_API_KEY_BODY);
      }
      const route = request.method === 'POST' ? MODEL_ROUTE.exec(request.path) : null;
      if (route)
        return handleGenerate(request, res, decodeURIComponent(route[1] ?? ''), route[2] === 'streamGenerateContent');
      if (request.method === 'GET' && /^\/v1(?:beta)?\/models$/.test(request.path)) {
        const list = models.map((id) => ({
          name: `models/${id}`,
          displayName: id,
          inputTokenLimit: 1_048_576,
          outputTokenLimit: 8192,
          supportedGenerationMethods: ['generateContent', 'countTokens'],
        }));
        return sendJson(res, 200, { models: list });
      }
      sendError(res, 404, {
        error: {
          code: 404,
          message: `The requested URL ${request.path} was not found on this server.`,
          status: 'NOT_FOUND',
        },
      });
    },
  );

  return {
    url: `${core.origin}/v1beta`,
    port: core.port,
    enqueue: replies.enqueue,
    setResponder: (fn) => replies.setResponder(fn ? (request) => fn(request.body, request.model) : undefined),
    requests: core.requests,
    stats: core.stats,
    reset: () => {
      replies.reset();
      core.reset();
    },
    close: () => core.close(),
  };
}
