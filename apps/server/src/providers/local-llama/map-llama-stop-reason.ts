import type { FinishReason } from '@confab/shared';
import type { LlamaChatResponse } from 'node-llama-cpp';

export type LlamaStopReason = LlamaChatResponse['metadata']['stopReason'];

/** node-llama-cpp's reason a generation stopped, as ours. */
export function mapLlamaStopReason(reason: LlamaStopReason): FinishReason {
  switch (reason) {
    case 'eogToken':
    case 'stopGenerationTrigger':
    case 'customStopTrigger':
      return 'stop';
    case 'maxTokens':
      return 'length';
    case 'abort':
      return 'incomplete';
    case 'functionCalls':
      return 'tool_calls';
    default:
      return 'unknown';
  }
}
