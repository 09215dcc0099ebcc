export { startOpenAISimulator, DEFAULT_OPENAI_MODELS } from './openai-simulator.js';
export {
  silentMp3Frame,
  type OpenAIAudioState,
  type SpeechRequestRecord,
  type TranscriptionRecord,
} from './openai-audio.js';
export { startAzureSpeechFake, startElevenLabsFake, startLocalAiFake } from './speech-fakes.js';
export type { SpeechFake, SpeechFakeRequest } from './speech-fakes.js';
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
export { startAnthropicSimulator, DEFAULT_ANTHROPIC_MODELS } from './anthropic-simulator.js';
export { getAnthropicErrorBody } from './anthropic-errors.js';
export type { AnthropicErrorBody } from './anthropic-errors.js';
export type {
  AnthropicErrorKind,
  AnthropicMessagesRequest,
  AnthropicResponder,
  AnthropicScriptedError,
  AnthropicScriptedReply,
  AnthropicSimulator,
  AnthropicSimulatorOptions,
} from './anthropic-types.js';
export { startGoogleSimulator, DEFAULT_GOOGLE_MODELS } from './google-simulator.js';
export { getGoogleErrorBody } from './google-errors.js';
export type { GoogleErrorBody } from './google-errors.js';
export type {
  GoogleBlockReason,
  GoogleErrorKind,
  GoogleFinishReason,
  GoogleGenerateContentRequest,
  GoogleResponder,
  GoogleScriptedError,
  GoogleScriptedReply,
  GoogleSimulator,
  GoogleSimulatorOptions,
} from './google-types.js';
export { startBedrockSimulator } from './bedrock-simulator.js';
export { getBedrockException, type BedrockException } from './bedrock-errors.js';
export type {
  BedrockConverseRequest,
  BedrockErrorKind,
  BedrockResponder,
  BedrockScriptedError,
  BedrockScriptedReply,
  BedrockSimulator,
  BedrockSimulatorOptions,
} from './bedrock-types.js';
export { startAzureSimulator, getAzureErrorBody } from './azure-simulator.js';
export type { AzureErrorBody, AzureSimulator, AzureSimulatorOptions } from './azure-simulator.js';
export type { ScriptedSimulator } from './simulator-handle.js';
export { startS3Server } from './s3-server.js';
export { startCodeInterpreterFake } from './code-interpreter-fake.js';
export type {
  CodeInterpreterAnswer,
  CodeInterpreterFake,
  CodeInterpreterRequest,
  CodeInterpreterRun,
} from './code-interpreter-fake.js';
export type { S3Server } from './s3-server.js';
export { DEFAULT_EMBEDDING_DIMENSIONS, simulateEmbedding } from './openai-embeddings.js';
export { SCRIPTED_ARTIFACTS, artifactReplyText } from './scripted-artifacts.js';
export type { ScriptedArtifact, ScriptedArtifactKind } from './scripted-artifacts.js';
export type { ScriptedToolCall } from './scripted-tool-calls.js';
export { declaredToolsOf, replayedToolCallsOf, toolResultsOf } from './tool-requests.js';
export type { DeclaredTool, ReplayedToolCall, ToolResultMessage } from './tool-requests.js';
export * from './smtp-sink.js';
export * from './oidc-test-provider.js';
export * from './software-authenticator.js';
export * from './stripe-fake.js';
export { verifySigV4, type SigV4Result } from './bedrock-sigv4.js';
export { buildTinyGguf, type TinyGgufOptions } from './tiny-gguf.js';
export {
  INVALID_MEME_CALL,
  LONG_CAPTION,
  MARKDOWN_REPLY,
  MEME_GRID_CALLS,
  MEME_ON_FILE_BOX,
  MEME_STYLED_CALL,
  MEME_VIDEO_CALL,
  MEME_GIF_CALL,
  EXECUTE_CODE_CLOSING,
  PYTHON_RUN_CODE,
  PYTHON_RUN_FILES,
  PYTHON_RUN_OUTPUT,
  PYTHON_RUN_REPLY,
  SLOW_WORDS,
  TINY_BOX,
  MEMORY_STEP_DONE,
  scriptReply,
  WEB_SEARCH_ANSWER,
  WEB_SEARCH_QUERY,
  type ScriptReplyOptions,
} from './scripted-replies.js';
export {
  ldapTestServerUnavailable,
  startLdapTestServer,
  type LdapTestServer,
  type LdapTestServerOptions,
  type LdapTestUser,
} from './ldap-server.js';
export * from './web-search-fakes.js';
