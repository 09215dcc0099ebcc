import type {
  FinishReason,
  ReplyAttachment,
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
  /**
   * An assistant turn of a tool loop, in order: its text and its finished tool calls with their
   * outputs. Replayed as the vendor's tool-call and tool-result messages (agent chats only).
   */
  segments?: ChatTurnSegment[] | undefined;
}

export type ChatTurnSegment =
  | { type: 'text'; text: string }
  | { type: 'tool'; id: string; name: string; input: unknown; output: string };

/** Settings a provider reads: the conversation's, plus those SPEC 3 lists for thinking models. */
export type ProviderRequestSettings = ModelSettings & ProviderSettings;

/** What a tool gives back to the model: text, and images for models that see them. */
export interface ProviderToolResult {
  text: string;
  /**
   * Images the tool returned: shown with the reply by `url`; those with base64 `data` are fed
   * back where the vendor accepts media in tool results.
   */
  images?: { url: string; data?: string | undefined; mediaType?: string | undefined }[] | undefined;
  /** The tool failed; `text` says why (the model is told, and so is the user). */
  isError?: boolean | undefined;
  /** Files the tool made, attached to the reply under this call (shown with it, never sent to the model). */
  attachments?: ReplyAttachment[] | undefined;
  /** A link the user must follow to sign in before the tool can run (shown with the call, not sent to the model). */
  signIn?: { url: string; expiresAt?: number | undefined } | undefined;
}

/**
 * A tool the model may call, in the providers' own terms (they know no feature). `execute` runs
 * it; it does not throw for a tool's failure (that is a result with `isError`), only when the
 * signal stopped it.
 */
export interface ProviderTool {
  name: string;
  description: string;
  /** A JSON Schema object of the arguments. */
  inputSchema: Record<string, unknown>;
  execute(input: unknown, call: { toolCallId: string; signal: AbortSignal }): Promise<ProviderToolResult>;
}

export interface ProviderRequest {
  model: string;
  messages: ChatTurn[];
  settings: ProviderRequestSettings;
  signal: AbortSignal;
  /** Tools for the model: the stream then runs the tool loop (model, tools, model…). */
  tools?: ProviderTool[] | undefined;
  /** Model calls the loop may make (the agent's recursion limit); default 25. */
  maxSteps?: number | undefined;
}

export type ProviderEvent =
  | { type: 'text'; text: string }
  | { type: 'reasoning'; text: string }
  /** The model began a tool call; its arguments follow as deltas of JSON text. */
  | { type: 'tool-input-start'; toolCallId: string; toolName: string }
  | { type: 'tool-input-delta'; toolCallId: string; delta: string }
  /** The call is complete (arguments parsed); the tool runs now. */
  | { type: 'tool-call'; toolCallId: string; toolName: string; input: unknown }
  | { type: 'tool-result'; toolCallId: string; toolName: string; result: ProviderToolResult }
  /** One model call of the loop ended; `toolCalls` says whether another follows. */
  | { type: 'step-finish'; finishReason: FinishReason }
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
