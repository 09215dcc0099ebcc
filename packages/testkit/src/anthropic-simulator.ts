import type { ServerResponse } from 'node:http';
import { anthropicError, buildAnthropicError, type AnthropicErrorBody } from './anthropic-errors.js';
import {
  buildAnthropicMessage,
  buildAnthropicStream,
  estimateAnthropicPromptTokens,
  planAnthropicReply,
} from './anthropic-stream.js';
import type {
  AnthropicMessagesRequest,
  AnthropicScriptedReply,
  AnthropicSimulator,
  AnthropicSimulatorOptions,
} from './anthropic-types.js';
import { createReplyQueue, sendJson, startSimServer, type SimRequest } from './provider-sim-server.js';

export const DEFAULT_ANTHROPIC_MODELS: readonly string[] = [
  'claude-3-5-sonnet-latest',
  'claude-3-7-sonnet-latest',
  'claude-sonnet-4-20250514',
  'claude-3-5-haiku-latest',
];

const sendError = (
  res: ServerResponse,
  status: number,
  body: AnthropicErrorBody,
  headers: Record<string, string> = {},
): void => sendJson(res, status, body, { 'request-id': `req_01${Date.now().toString(36)}`, ...headers });

/** The checks the real API makes before it answers: required fields and the thinking rules. */
function findInvalidField(request: AnthropicMessagesRequest): string | undefined {
  if (typeof request.model !== 'string') return 'model: Field required';
  if (!Array.isArray(request.messages)) return 'messages: Field required';
  if (typeof request.max_tokens !== 'number') return 'max_tokens: Field required';
  if (request.thinking?.type === 'enabled') {
    const budget = request.thinking.budget_tokens ?? 0;
    if (budget < 1024) return 'thinking.enabled.budget_tokens: Input should be greater than or equal to 1024';
    if (request.max_tokens <= budget) {
      return '`max_tokens` must be greater than `thinking.budget_tokens`. Please consult our documentation at https://docs.claude.com/en/docs/build-with-claude/extended-thinking#max-tokens-and-context-window-size';
    }
    if (request.temperature !== undefined && request.temperature !== 1) {
      return '`temperature` may only be set to 1 when thinking is enabled. Please consult our documentation at https://docs.claude.com/en/docs/build-with-claude/extended-thinking#feature-compatibility';
    }
  }
  return undefined;
}

/**
 * Starts a local server that speaks the Anthropic Messages API (`POST /v1/messages`, streamed
 * as server-sent events or not; `GET /v1/models`), so `@ai-sdk/anthropic` can be tested
 * against it. Scripted like the OpenAI simulator: queued replies, then the responder, then an
 * echo. Errors answer Anthropic's exact status and `{type: 'error', error: {type, message}}`
 * body, or arrive as an `error` event mid-stream.
 *
 * @example
 * const sim = await startAnthropicSimulator({ apiKey: 'sk-ant-test' });
 * sim.enqueue({ reasoning: 'Let me think', text: 'Hello' });
 * const anthropic = createAnthropic({ baseURL: sim.url, apiKey: 'sk-ant-test' });
 */
export async function startAnthropicSimulator(options: AnthropicSimulatorOptions = {}): Promise<AnthropicSimulator> {
  const replies = createReplyQueue<AnthropicScriptedReply, AnthropicMessagesRequest>(options.defaults ?? {});
  const models = options.models ?? DEFAULT_ANTHROPIC_MODELS;

  const handleMessages = async (request: SimRequest, res: ServerResponse): Promise<void> => {
    if (!request.isJson || typeof request.body !== 'object' || request.body === null) {
      return sendError(
        res,
        400,
        anthropicError('invalid_request_error', 'There was an issue with the request body: invalid JSON'),
      );
    }
    const body = request.body as AnthropicMessagesRequest;
    const invalid = findInvalidField(body);
    if (invalid) return sendError(res, 400, anthropicError('invalid_request_error', invalid));
    const reply = await replies.choose(body);
    const context = { model: body.model, promptTokens: estimateAnthropicPromptTokens(body) };
    if (reply.error && !(reply.error.inStream && body.stream)) {
      if (reply.firstTokenDelayMs && !(await core.wait(res, reply.firstTokenDelayMs))) return;
      const { status, body: errorBody, headers } = buildAnthropicError(reply.error, context);
      return sendError(res, status, errorBody, headers);
    }
    const plan = planAnthropicReply(body, reply);
    if (body.stream) {
      const streamError = reply.error ? buildAnthropicError(reply.error, context).body : undefined;
      return core.stream(res, buildAnthropicStream(plan, reply, streamError));
    }
    if (reply.firstTokenDelayMs && !(await core.wait(res, reply.firstTokenDelayMs))) return;
    if (reply.errorAt !== undefined) return void res.destroy();
    sendJson(res, 200, buildAnthropicMessage(plan), { 'request-id': `req_01${plan.id.slice(6)}` });
  };

  const core = await startSimServer(
    {
      port: options.port,
      host: options.host,
      recordRequests: options.recordRequests,
      internalError: (message) => ({ status: 500, body: anthropicError('api_error', message) }),
    },
    async (request, res) => {
      if (options.apiKey !== undefined) {
        const key = request.req.headers['x-api-key'];
        if (!key) return sendError(res, 401, anthropicError('authentication_error', 'x-api-key header is required'));
        if (key !== options.apiKey)
          return sendError(res, 401, anthropicError('authentication_error', 'invalid x-api-key'));
      }
      if (request.method === 'POST' && request.path === '/v1/messages') {
        if (!request.req.headers['anthropic-version']) {
          return sendError(res, 400, anthropicError('invalid_request_error', 'anthropic-version: header is required'));
        }
        return handleMessages(request, res);
      }
      if (request.method === 'GET' && request.path === '/v1/models') {
        const data = models.map((id) => ({ type: 'model', id, display_name: id, created_at: '2025-02-19T00:00:00Z' }));
        return sendJson(res, 200, {
          data,
          has_more: false,
          first_id: data[0]?.id ?? null,
          last_id: data.at(-1)?.id ?? null,
        });
      }
      sendError(res, 404, anthropicError('not_found_error', 'Not found'));
    },
  );

  return {
    url: `${core.origin}/v1`,
    port: core.port,
    enqueue: replies.enqueue,
    setResponder: replies.setResponder,
    requests: core.requests,
    stats: core.stats,
    reset: () => {
      replies.reset();
      core.reset();
    },
    close: () => core.close(),
  };
}
