import type { ScriptedSimulator } from './simulator-handle.js';
import type { OpenAIErrorKind, ScriptedError, ScriptedReply } from './openai-types.js';

/**
 * Error cases of the Anthropic simulator: the vendor-neutral kinds of the OpenAI simulator
 * (each answered with Anthropic's own body) plus Anthropic's overload and permission errors.
 */
export type AnthropicErrorKind = OpenAIErrorKind | 'overloaded' | 'permission_denied';

export interface AnthropicScriptedError extends Omit<ScriptedError, 'kind'> {
  /** Default from the status: 401 invalid_api_key, 403 permission_denied, 404 model_not_found, 429 rate_limit, 529 overloaded, >= 500 server_error, else invalid_request. */
  kind?: AnthropicErrorKind;
  /**
   * Send the error as an `event: error` inside a 200 stream, after `errorAt` content chunks
   * (default 0), as the API does when it overloads mid-reply.
   */
  inStream?: boolean;
}

/**
 * A scripted reply of the OpenAI simulator, with Anthropic's error kinds, stop reasons and cache
 * usage. `toolCalls` stream as `tool_use` blocks (`content_block_start` with id and name, then
 * `input_json_delta` pieces of the arguments, `chunkSize` characters each) after the text.
 */
export interface AnthropicScriptedReply extends Omit<ScriptedReply, 'error' | 'finishReason' | 'usage'> {
  /** Streamed as a thinking block, only when the request enables thinking (as the API does). */
  reasoning?: string;
  error?: AnthropicScriptedError;
  /**
   * `stop` is `end_turn`, `length` is `max_tokens`, `content_filter` is `refusal`, `tool_calls` is
   * `tool_use`. Default `end_turn`, or `tool_use` when the reply makes tool calls.
   */
  finishReason?: ScriptedReply['finishReason'] | 'end_turn' | 'max_tokens' | 'stop_sequence' | 'refusal';
  usage?: NonNullable<ScriptedReply['usage']> & { cache_write_tokens?: number };
}

/** The body of `POST /v1/messages`; fields the simulator ignores are kept as sent. */
export interface AnthropicMessagesRequest {
  model: string;
  max_tokens: number;
  messages: {
    role: 'user' | 'assistant';
    content: string | { type: string; text?: string; [key: string]: unknown }[];
  }[];
  system?: string | { type: string; text: string; [key: string]: unknown }[];
  stream?: boolean;
  temperature?: number;
  top_p?: number;
  top_k?: number;
  thinking?: { type: 'enabled' | 'disabled' | (string & {}); budget_tokens?: number };
  [key: string]: unknown;
}

export type AnthropicResponder = (
  request: AnthropicMessagesRequest,
) => AnthropicScriptedReply | Promise<AnthropicScriptedReply>;

export interface AnthropicSimulatorOptions {
  port?: number;
  host?: string;
  /** When set, requests must carry `x-api-key: <apiKey>`; others get the real 401 body. */
  apiKey?: string;
  /** Served by `GET /v1/models`. */
  models?: string[];
  defaults?: Partial<AnthropicScriptedReply>;
  recordRequests?: boolean;
}

/** A running Anthropic Messages API; `url` includes `/v1`. */
export type AnthropicSimulator = ScriptedSimulator<AnthropicScriptedReply, AnthropicResponder>;
