import type {
  CallSettings,
  FinishReason as SdkFinishReason,
  LanguageModel,
  TextStreamPart,
  ToolSet,
  ModelMessage,
  ProviderMetadata,
} from 'ai';
import { loadAiSdk, type AiSdk } from './ai-sdk.js';
import { streamDirect, type ModelStreamPart, type StreamTap } from './direct-stream.js';
import { createImageDownload } from './download-image.js';
import { mapFinishReason } from './map-finish-reason.js';
import { mapUsage } from './map-usage.js';
import { egressRefusal } from './provider-transport.js';
import { toSdkTools, toToolLoopEvent, type ToolLoopEvent } from './sdk-tools.js';
import { ProviderError, type ChatProvider, type ProviderEvent, type ProviderRequest } from './types.js';

type ProviderOptions = NonNullable<Parameters<AiSdk['generateText']>[0]['providerOptions']>;

/** What an adapter gives the SDK call besides the model. */
export type SdkCallOptions = Omit<CallSettings, 'abortSignal' | 'maxRetries' | 'headers'> & {
  messages: ModelMessage[];
  providerOptions?: ProviderOptions | undefined;
};

/** What the stream saw of the vendor's raw chunks, for mappers that need more than the SDK keeps. */
export interface RawTrail {
  /** The last raw chunk (Bedrock names a mid-stream exception only there). */
  lastRaw?: unknown;
  /** The vendor's own finish reason, when the adapter reads one from the raw chunks. */
  rawFinishReason?: string | undefined;
}

/**
 * One family's part of the adapter: the SDK model, the call options, and the small pure
 * mappers of its errors and finishes. `createStreamingProvider` does the rest, alike for all.
 */
export interface StreamAdapter {
  /** The SDK model; built on the tap's fetch when the adapter has one. */
  createModel(request: ProviderRequest, tap?: StreamTap): LanguageModel;
  /** A lean reader for the family's successful streams (see StreamTap), one per call. */
  createTap?(): StreamTap;
  /** `complete` serves titles: adapters leave thinking and caching off for it. */
  callOptions(request: ProviderRequest, purpose: 'stream' | 'complete'): SdkCallOptions;
  mapError(error: unknown, trail: RawTrail): ProviderError;
  /** Cache-write tokens from the finish step's provider metadata (they are not in the SDK's usage). */
  getCacheWriteTokens?(metadata: ProviderMetadata | undefined): number | undefined;
  /** A finish that is really a refusal or a block becomes the error the user sees. */
  checkFinish?(
    finishReason: SdkFinishReason,
    metadata: ProviderMetadata | undefined,
    trail: RawTrail,
  ): ProviderError | undefined;
  /** Ask the SDK for raw chunks (then `readRawFinishReason` and `trail.lastRaw` see them). */
  includeRawChunks?: boolean;
  readRawFinishReason?(raw: unknown): string | undefined;
  /** The vendor reads images in tool results (others get the result's text). */
  toolResultImages?: boolean;
}

/** Model calls a tool loop makes at most when the request names no limit (LibreChat's recursionLimit default). */
export const DEFAULT_MAX_STEPS = 25;

/** A content-filter stop is a moderation error the user sees, with whatever text came before it. */
export function contentFilterAsModeration(finishReason: SdkFinishReason): ProviderError | undefined {
  return finishReason === 'content-filter'
    ? new ProviderError('moderation', 'The reply was stopped by the provider’s content filter.')
    : undefined;
}

/**
 * streamText's parts in the provider model's shape (the finish carries the last step's metadata),
 * with the tool loop's events as ours.
 */
async function* fromFullStream(
  fullStream: AsyncIterable<TextStreamPart<ToolSet>>,
): AsyncIterable<ModelStreamPart | ToolLoopEvent> {
  let metadata: ProviderMetadata | undefined;
  for await (const part of fullStream) {
    if (part.type === 'text-delta' || part.type === 'reasoning-delta') yield { type: part.type, delta: part.text };
    else if (part.type === 'raw') yield part;
    else if (part.type === 'error') yield part;
    else if (part.type === 'abort') return;
    else if (part.type === 'finish')
      yield { type: 'finish', finishReason: part.finishReason, usage: part.totalUsage, providerMetadata: metadata };
    else {
      if (part.type === 'finish-step') metadata = part.providerMetadata;
      const event = toToolLoopEvent(part);
      if (event) yield event;
    }
  }
}

export function createStreamingProvider(adapter: StreamAdapter): ChatProvider {
  const download = createImageDownload();
  // The egress guard's refusal reads the same in every family, whatever its SDK wrapped it in.
  const asProviderError = (err: unknown, trail: RawTrail) =>
    err instanceof ProviderError ? err : (egressRefusal(err) ?? adapter.mapError(err, trail));
  return {
    async *stream(request: ProviderRequest): AsyncIterable<ProviderEvent> {
      const trail: RawTrail = {};
      try {
        const tap = adapter.createTap?.();
        const model = adapter.createModel(request, tap);
        const options = adapter.callOptions(request, 'stream');
        const includeRawChunks = adapter.includeRawChunks ?? false;
        // With tools, the AI SDK runs the loop (model, tools, model…) for every family alike;
        // the lean direct path serves plain chats, without loading `ai` itself.
        const requestTools = request.tools?.length ? request.tools : undefined;
        const direct = requestTools
          ? undefined
          : await streamDirect(model, options, { abortSignal: request.signal, includeRawChunks, tap });
        let tools: ToolSet | undefined;
        const streamThroughSdk = async () => {
          const ai = await loadAiSdk();
          tools = requestTools
            ? toSdkTools(ai, requestTools, request.signal, adapter.toolResultImages ?? false)
            : undefined;
          return fromFullStream(
            ai.streamText({
              model,
              ...options,
              ...(tools ? { tools, stopWhen: ai.stepCountIs(request.maxSteps ?? DEFAULT_MAX_STEPS) } : {}),
              // Our system messages are the server's own (title prompt) or the user's own settings for their own chat.
              allowSystemInMessages: true,
              experimental_download: download,
              abortSignal: request.signal,
              // Errors surface at once: the user sees them and may retry; silent retries would triple latency.
              maxRetries: 0,
              includeRawChunks,
              onError: () => {}, // errors arrive as stream parts below
            }).fullStream,
          );
        };
        const parts = direct ?? (await streamThroughSdk());
        for await (const part of parts) {
          switch (part.type) {
            case 'text-delta':
              if (part.delta) yield { type: 'text', text: part.delta };
              break;
            case 'reasoning-delta':
              if (part.delta) yield { type: 'reasoning', text: part.delta };
              break;
            case 'raw':
              trail.lastRaw = part.rawValue;
              trail.rawFinishReason = adapter.readRawFinishReason?.(part.rawValue) ?? trail.rawFinishReason;
              break;
            case 'error':
              throw asProviderError(part.error, trail);
            case 'finish': {
              const refusal = adapter.checkFinish?.(part.finishReason, part.providerMetadata, trail);
              if (refusal) throw refusal;
              yield {
                type: 'finish',
                finishReason: mapFinishReason(part.finishReason),
                usage: mapUsage(part.usage, adapter.getCacheWriteTokens?.(part.providerMetadata)),
              };
              break;
            }
            case 'tool-input-start':
            case 'tool-input-delta':
            case 'tool-call':
            case 'tool-result':
            case 'step-finish':
              // Only the loop (streamText with our tools) yields these; the direct path has no tools.
              if (tools) yield part as ToolLoopEvent;
              break;
            default:
              break;
          }
        }
      } catch (err) {
        // A connection cut mid-stream is thrown by the SDK's reader rather than sent as a part.
        throw asProviderError(err, trail);
      }
    },
    async complete(request: ProviderRequest): Promise<string> {
      try {
        const ai = await loadAiSdk();
        const result = await ai.generateText({
          model: adapter.createModel(request),
          ...adapter.callOptions(request, 'complete'),
          allowSystemInMessages: true,
          experimental_download: download,
          abortSignal: request.signal,
          maxRetries: 0,
        });
        return result.text;
      } catch (err) {
        throw asProviderError(err, {});
      }
    },
  };
}
