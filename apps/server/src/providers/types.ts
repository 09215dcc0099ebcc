import type { FinishReason, ModelErrorType, ModelSettings, TokenUsage } from '@confab/shared';

export interface ChatTurn {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export interface ProviderRequest {
  model: string;
  messages: ChatTurn[];
  settings: ModelSettings;
  signal: AbortSignal;
}

export type ProviderEvent =
  | { type: 'text'; text: string }
  | { type: 'reasoning'; text: string }
  | { type: 'finish'; finishReason: FinishReason; usage?: TokenUsage | undefined };

/** One endpoint family's adapter: streams a reply, or completes a short text (titles). */
export interface ChatProvider {
  stream(request: ProviderRequest): AsyncIterable<ProviderEvent>;
  complete(request: ProviderRequest): Promise<string>;
}

/** A provider failure, already mapped to the SPEC 8 code the UI shows. */
export class ProviderError extends Error {
  constructor(
    readonly type: ModelErrorType,
    message: string,
    readonly status?: number,
    readonly info?: unknown,
  ) {
    super(message);
    this.name = 'ProviderError';
  }

  /** The JSON a stream error frame carries in `text`. */
  toFrameText(): string {
    return JSON.stringify({ type: this.type, message: this.message, ...(this.info !== undefined ? { info: this.info } : {}) });
  }
}
