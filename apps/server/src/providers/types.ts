import type {
  FinishReason,
  ModelErrorType,
  ModelSettings,
  ProviderSettings,
  TokenUsage,
  UserKeyFields,
} from '@confab/shared';

/**
 * The credentials a provider call uses, after user-provided values are filled in (by the keys
 * feature; providers know no feature, only this shape).
 */
export interface ResolvedCredentials {
  apiKey: string;
  baseURL?: string | undefined;
  /** The key is the user's own: a 401 means their key is wrong (invalid_user_key). */
  isUserKey: boolean;
  /** The base URL came from the user: calls must go through the egress guard. */
  isUserBaseURL: boolean;
  fields: UserKeyFields;
}

/** A part of a turn for models that see images (vision): text, or an image by URL or by data. */
export type ChatContentPart =
  | { type: 'text'; text: string }
  | { type: 'image'; url: string; mediaType?: string | undefined }
  | { type: 'image'; data: string; mediaType: string };

export interface ChatTurn {
  role: 'system' | 'user' | 'assistant';
  /** The turn's plain text (what token estimates and text-only models use). */
  content: string;
  /**
   * The turn as parts, when it carries images; replaces `content` for the provider. Kept beside
   * `content` rather than widening it, so code that reads text stays as it is.
   */
  parts?: ChatContentPart[] | undefined;
}

/** Settings a provider reads: the conversation's, plus those SPEC 3 lists for thinking models. */
export type ProviderRequestSettings = ModelSettings & ProviderSettings;

export interface ProviderRequest {
  model: string;
  messages: ChatTurn[];
  settings: ProviderRequestSettings;
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
    return JSON.stringify({
      type: this.type,
      message: this.message,
      ...(this.info !== undefined ? { info: this.info } : {}),
    });
  }
}
