import type { OpenAIAudioState } from './openai-audio.js';
import type { IncomingHttpHeaders } from 'node:http';
import type { ScriptedToolCall } from './scripted-tool-calls.js';

/** The error cases the simulator can return, each with the body the real OpenAI API sends. */
export type OpenAIErrorKind =
  | 'invalid_api_key'
  | 'insufficient_quota'
  | 'rate_limit'
  | 'context_length_exceeded'
  | 'server_error'
  | 'content_filter'
  | 'model_not_found'
  | 'invalid_request';

/** An HTTP error answered instead of a completion. */
export interface ScriptedError {
  /** HTTP status, e.g. 401, 429, 400, 500. */
  status: number;
  /**
   * Which real OpenAI error body to send. Default from the status: 401 `invalid_api_key`,
   * 404 `model_not_found`, 429 `rate_limit`, >= 500 `server_error`, otherwise `invalid_request`.
   */
  kind?: OpenAIErrorKind;
  /** Replaces the vendor's message text. */
  message?: string;
  /**
   * Extra response headers, e.g. `{ 'retry-after-ms': '0' }` so the AI SDK retries at once
   * (it honours `retry-after-ms` and `retry-after`).
   */
  headers?: Record<string, string>;
}

/**
 * What the simulator answers to one chat completion request. Every field is optional.
 *
 * A tool loop is two requests: queue `{ toolCalls: [...] }` then `{ text: 'final' }`, or set a
 * responder that looks at the request (e.g. with `toolResultsOf(request)`) and decides each turn.
 */
export interface ScriptedReply {
  /**
   * The reply text. Default: `Echo: <text of the last user message>`, or none when the reply
   * makes tool calls. With tool calls, the text streams before them.
   */
  text?: string;
  /**
   * Tool calls made after the text. OpenAI streams each as `delta.tool_calls[{index, id, type:
   * 'function', function: {name, arguments: ''}}]` followed by chunks of the arguments JSON
   * (`chunkSize` characters each), and the finish reason becomes `tool_calls`.
   */
  toolCalls?: ScriptedToolCall[];
  /** Reasoning streamed before the text, as `delta.reasoning_content` (DeepSeek style). */
  reasoning?: string;
  /** Characters per delta chunk (roughly a token). Default 4. */
  chunkSize?: number;
  /** Delay between chunks in ms. Default 0 (everything is written at once). */
  delayMs?: number;
  /** Delay in ms before the first chunk; response headers are sent before it. Default 0. */
  firstTokenDelayMs?: number;
  /**
   * Hold `ms` (instead of `delayMs`) before the chunk that holds character `textIndex` of `text`
   * (OpenAI only): a reply that stops still at a chosen point, so a test can look at what has
   * streamed so far however slow the machine.
   */
  pauseAt?: { textIndex: number; ms: number };
  /**
   * Destroy the socket after this many reasoning/content/tool-call chunks (the initial role chunk is
   * not counted): a stream that stops mid-way. For `stream: false`, the socket is destroyed
   * without a response.
   */
  errorAt?: number;
  /** Answer this HTTP error instead of a completion. */
  error?: ScriptedError;
  /** Default `'stop'`, or `'tool_calls'` when the reply makes tool calls. */
  finishReason?: 'stop' | 'length' | 'content_filter' | 'tool_calls';
  /** Token usage reported. Default: estimated as characters / 4. */
  usage?: {
    prompt_tokens: number;
    completion_tokens: number;
    /** Default: estimated from `reasoning`. */
    reasoning_tokens?: number;
    /** Default 0. */
    cached_tokens?: number;
  };
}

/** A content part of a chat message, as the OpenAI API accepts it. */
export interface ChatContentPart {
  type: string;
  text?: string;
  [key: string]: unknown;
}

/** One message of a chat completion request. */
export interface ChatCompletionMessage {
  role: 'system' | 'developer' | 'user' | 'assistant' | 'tool' | (string & {});
  content?: string | ChatContentPart[] | null;
  [key: string]: unknown;
}

/** The body of `POST /v1/chat/completions`; fields the simulator ignores are kept as sent. */
export interface ChatCompletionRequest {
  model: string;
  messages: ChatCompletionMessage[];
  stream?: boolean | null;
  stream_options?: { include_usage?: boolean | null } | null;
  max_tokens?: number | null;
  max_completion_tokens?: number | null;
  temperature?: number | null;
  [key: string]: unknown;
}

/** Decides the reply from the request; used when the queue is empty. */
export type OpenAIResponder = (request: ChatCompletionRequest) => ScriptedReply | Promise<ScriptedReply>;

/** A request as the simulator received it. */
export interface RecordedRequest {
  method: string;
  /** Path without the query string, e.g. `/v1/chat/completions`. */
  path: string;
  headers: IncomingHttpHeaders;
  /** Parsed JSON body; `undefined` for a request without a body, the raw text if not JSON. */
  // Bodies are whatever a client sent; `any` keeps test assertions terse.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
}

/** Stream counters. */
export interface OpenAISimulatorStats {
  /** Streams being written now. */
  open: number;
  /** Streams the client closed before `data: [DONE]`. */
  aborted: number;
  /** Streams ended with `data: [DONE]`. */
  completed: number;
  /** Streams the simulator cut itself because of `errorAt`. */
  dropped: number;
}

/** Options of {@link startOpenAISimulator}. */
export interface OpenAISimulatorOptions {
  /** Default 0 (a free port). */
  port?: number;
  /** Default `127.0.0.1`. */
  host?: string;
  /**
   * When set, requests must carry `Authorization: Bearer <apiKey>` (or `api-key: <apiKey>`);
   * others get the real 401 body. When unset, any key is accepted.
   */
  apiKey?: string;
  /** Served by `GET /v1/models`. Default: a few current OpenAI chat models. */
  models?: string[];
  /** Fields applied under every reply (the reply's own fields win). */
  defaults?: Partial<ScriptedReply>;
  /** Keep every request in `requests`. Default true; turn off in long benchmarks to save memory. */
  recordRequests?: boolean;
}

/** A running OpenAI-compatible server. */
export interface OpenAISimulator {
  /** What `/v1/audio/speech` and `/v1/audio/transcriptions` received, and their knobs. */
  audio: OpenAIAudioState;
  /** Base URL including `/v1`, e.g. `http://127.0.0.1:4010/v1`. */
  readonly url: string;
  readonly port: number;
  /** Queues replies: each chat request takes the next one; when empty, the responder or the defaults decide. */
  enqueue(...replies: ScriptedReply[]): void;
  /** Decides replies from the request body when the queue is empty; `undefined` removes it. */
  setResponder(fn: OpenAIResponder | undefined): void;
  /** Every request received, in order (chat, models, and rejected ones). */
  readonly requests: RecordedRequest[];
  /** Live stream counters. */
  readonly stats: OpenAISimulatorStats;
  /** Model ids served by `GET /v1/models`; mutable. */
  models: string[];
  /** Clears the queue, the responder, the recorded requests and the finished counters; restores the models. */
  reset(): void;
  /** Cuts open streams and stops the server. */
  close(): Promise<void>;
}
