import type { ScriptedSimulator } from './simulator-handle.js';
import type { OpenAIErrorKind, ScriptedError, ScriptedReply } from './openai-types.js';

/** The vendor-neutral kinds (answered as Bedrock exceptions) plus Bedrock's own. */
export type BedrockErrorKind =
  | OpenAIErrorKind
  | 'access_denied'
  | 'invalid_signature'
  | 'model_stream_error'
  | 'service_unavailable'
  | 'model_timeout';

export interface BedrockScriptedError extends Omit<ScriptedError, 'kind'> {
  /**
   * Default from the status: 400 invalid_request (ValidationException), 403 invalid_api_key
   * (UnrecognizedClientException), 404 model_not_found, 408 model_timeout, 424
   * model_stream_error, 429 rate_limit (ThrottlingException), 503 service_unavailable,
   * >= 500 server_error.
   */
  kind?: BedrockErrorKind;
  /** Send an exception frame (`:message-type: exception`) inside a 200 stream after `errorAt` chunks (default 0). */
  inStream?: boolean;
}

/**
 * A scripted reply of the OpenAI simulator with Bedrock's stop reasons and cache usage.
 * `toolCalls` stream as toolUse blocks after the text: `contentBlockStart.start.toolUse
 * {toolUseId, name}`, then `contentBlockDelta.delta.toolUse.input` pieces of the arguments JSON
 * (`chunkSize` characters each), then contentBlockStop.
 */
export interface BedrockScriptedReply extends Omit<ScriptedReply, 'error' | 'finishReason' | 'usage'> {
  /**
   * Streamed as `reasoningContent` deltas: for Anthropic models only when the request enables
   * thinking (`additionalModelRequestFields.thinking`), for others (DeepSeek R1) always.
   */
  reasoning?: string;
  error?: BedrockScriptedError;
  /**
   * `stop` is end_turn, `length` max_tokens, `content_filter` guardrail_intervened, `tool_calls`
   * tool_use. Default end_turn, or tool_use when the reply makes tool calls.
   */
  finishReason?:
    | ScriptedReply['finishReason']
    | 'end_turn'
    | 'max_tokens'
    | 'stop_sequence'
    | 'guardrail_intervened'
    | 'content_filtered';
  usage?: NonNullable<ScriptedReply['usage']> & { cache_write_tokens?: number };
}

/** The body of `converse` / `converse-stream`. */
export interface BedrockConverseRequest {
  messages: { role: 'user' | 'assistant'; content: { text?: string; [key: string]: unknown }[] }[];
  system?: { text?: string; [key: string]: unknown }[];
  inferenceConfig?: {
    maxTokens?: number;
    temperature?: number;
    topP?: number;
    stopSequences?: string[];
    [key: string]: unknown;
  };
  additionalModelRequestFields?: Record<string, unknown>;
  [key: string]: unknown;
}

export type BedrockResponder = (
  request: BedrockConverseRequest,
  modelId: string,
) => BedrockScriptedReply | Promise<BedrockScriptedReply>;

export interface BedrockSimulatorOptions {
  port?: number;
  host?: string;
  /**
   * When set, requests must be SigV4-signed (service `bedrock`) with these credentials: an
   * unknown access key gets UnrecognizedClientException, a wrong signature
   * InvalidSignatureException, both 403 as AWS answers. When unset, any signature passes.
   */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  /** Model ids the account may use; others get AccessDeniedException. Default: any. */
  models?: string[];
  defaults?: Partial<BedrockScriptedReply>;
  recordRequests?: boolean;
}

/** A running Bedrock Runtime (Converse API); `url` is the endpoint `@ai-sdk/amazon-bedrock` takes in `baseURL`. */
export type BedrockSimulator = ScriptedSimulator<BedrockScriptedReply, BedrockResponder>;
