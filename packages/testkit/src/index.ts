export { startOpenAISimulator, DEFAULT_OPENAI_MODELS } from './openai-simulator.js';
export { getOpenAIErrorBody, maskApiKey } from './openai-errors.js';
export type { OpenAIErrorBody } from './openai-errors.js';
export type {
  ChatCompletionMessage,
  ChatCompletionRequest,
  ChatContentPart,
  OpenAIErrorKind,
  OpenAIResponder,
  OpenAISimulator,
  OpenAISimulatorOptions,
  OpenAISimulatorStats,
  RecordedRequest,
  ScriptedError,
  ScriptedReply,
} from './openai-types.js';
