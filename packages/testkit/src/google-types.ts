import type { ScriptedSimulator } from './simulator-handle.js';
import type { OpenAIErrorKind, ScriptedError, ScriptedReply } from './openai-types.js';

/** The vendor-neutral kinds (answered with Google's bodies) plus Gemini's own cases. */
export type GoogleErrorKind = OpenAIErrorKind | 'permission_denied' | 'unavailable' | 'location_not_supported';

export interface GoogleScriptedError extends Omit<ScriptedError, 'kind'> {
  /** Default from the status: 400 invalid_request, 401 invalid_api_key, 403 permission_denied, 404 model_not_found, 429 rate_limit, 503 unavailable, >= 500 server_error. */
  kind?: GoogleErrorKind;
  /** Send `{error}` as an SSE chunk of a 200 stream, after `errorAt` chunks (default 0). */
  inStream?: boolean;
}

export type GoogleFinishReason =
  'STOP' | 'MAX_TOKENS' | 'SAFETY' | 'RECITATION' | 'BLOCKLIST' | 'PROHIBITED_CONTENT' | 'SPII' | 'OTHER';
export type GoogleBlockReason = 'SAFETY' | 'OTHER' | 'BLOCKLIST' | 'PROHIBITED_CONTENT' | 'IMAGE_SAFETY';

/**
 * A scripted reply of the OpenAI simulator with Gemini's finish reasons and safety blocks.
 * `toolCalls` are `functionCall` parts with their args whole (Gemini does not stream arguments),
 * in the final chunk beside finishReason STOP; Gemini mints no call ids, so `id` is sent only
 * when the script sets it.
 */
export interface GoogleScriptedReply extends Omit<ScriptedReply, 'error' | 'finishReason'> {
  /** Streamed as `thought: true` parts, only when the request asks `thinkingConfig.includeThoughts`. */
  reasoning?: string;
  error?: GoogleScriptedError;
  /** `stop` and `tool_calls` are STOP, `length` MAX_TOKENS, `content_filter` SAFETY (with a blocked safety rating). */
  finishReason?: ScriptedReply['finishReason'] | GoogleFinishReason;
  /** Block the prompt: one chunk with `promptFeedback.blockReason` and no candidates. */
  blockReason?: GoogleBlockReason;
}

/** The body of `generateContent` / `streamGenerateContent`. */
export interface GoogleGenerateContentRequest {
  contents: { role?: string; parts: { text?: string; thought?: boolean; [key: string]: unknown }[] }[];
  systemInstruction?: { parts: { text?: string }[] };
  generationConfig?: {
    maxOutputTokens?: number;
    temperature?: number;
    topP?: number;
    topK?: number;
    thinkingConfig?: { includeThoughts?: boolean; thinkingBudget?: number };
    [key: string]: unknown;
  };
  [key: string]: unknown;
}

/** The responder also sees the model of the path (`models/{model}:...`). */
export type GoogleResponder = (
  request: GoogleGenerateContentRequest,
  model: string,
) => GoogleScriptedReply | Promise<GoogleScriptedReply>;

export interface GoogleSimulatorOptions {
  port?: number;
  host?: string;
  /** When set, requests must carry `x-goog-api-key` (or `?key=`) with this value. */
  apiKey?: string;
  models?: string[];
  defaults?: Partial<GoogleScriptedReply>;
  recordRequests?: boolean;
}

/** A running Gemini API (generativelanguage.googleapis.com); `url` includes `/v1beta`. */
export type GoogleSimulator = ScriptedSimulator<GoogleScriptedReply, GoogleResponder>;
