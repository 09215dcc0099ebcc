import type { FinishReason } from '@confab/shared';

/** AI SDK finish reasons to ours (a small, pure mapping). */
export function mapFinishReason(reason: string | undefined): FinishReason {
  switch (reason) {
    case 'stop':
      return 'stop';
    case 'length':
      return 'length';
    case 'content-filter':
      return 'content_filter';
    case 'tool-calls':
      return 'tool_calls';
    case 'error':
      return 'error';
    default:
      return 'unknown';
  }
}
