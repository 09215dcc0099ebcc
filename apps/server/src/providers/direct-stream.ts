import type {
  LanguageModelV2,
  LanguageModelV2CallOptions,
  LanguageModelV2Prompt,
  LanguageModelV2StreamPart,
} from '@ai-sdk/provider';
import type {
  FinishReason as SdkFinishReason,
  LanguageModel,
  LanguageModelUsage,
  ModelMessage,
  ProviderMetadata,
} from 'ai';
import type { SdkCallOptions } from './stream-provider.js';

/** The parts every stream path is read as: the provider model's own (`doStream`) shape. */
export type ModelStreamPart =
  | { type: 'text-delta' | 'reasoning-delta'; delta: string }
  | { type: 'raw'; rawValue: unknown }
  | { type: 'error'; error: unknown }
  | {
      type: 'finish';
      finishReason: SdkFinishReason;
      usage: LanguageModelUsage;
      providerMetadata?: ProviderMetadata | undefined;
    };

/**
 * A transport an adapter may build its SDK model on: the SDK still builds and sends the request
 * and still reads every failure, but a successful event stream is handed to a leaner reader
 * of ours (see openai-compatible/chat-completions-tap.ts).
 */
export interface StreamTap {
  /** The fetch the SDK model is created with. */
  readonly fetch: typeof fetch;
  /** The next request's successful stream is to be taken (only doStream arms it). */
  arm(): void;
  /** The parts of the stream taken by the armed request, if it was taken. */
  take(): AsyncIterable<ModelStreamPart> | undefined;
}

/**
 * Thrown by a tap's fetch once it has taken a successful stream: the SDK passes it through
 * unchanged, so its response handling (a pipeline of web streams over an empty body, a fifth of
 * a chat's CPU on the server's thread) is skipped; `streamDirect` then returns the taken parts.
 */
export class StreamTaken extends Error {
  constructor() {
    super('The stream was taken by the tap');
    this.name = 'StreamTaken';
  }
}

/**
 * The prompt in the SDK's provider format when every message is plain text, else undefined
 * (images and structured parts go through streamText, which converts and downloads them).
 */
export function toTextPrompt(messages: ModelMessage[]): LanguageModelV2Prompt | undefined {
  const prompt: LanguageModelV2Prompt = [];
  for (const m of messages) {
    const providerOptions = m.providerOptions ? { providerOptions: m.providerOptions } : {};
    if (m.role === 'system') prompt.push({ role: 'system', content: m.content, ...providerOptions });
    else if ((m.role === 'user' || m.role === 'assistant') && typeof m.content === 'string') {
      prompt.push({ role: m.role, content: [{ type: 'text', text: m.content }], ...providerOptions });
    } else return undefined;
  }
  return prompt;
}

/**
 * Streams straight from the provider model (`doStream`), skipping streamText's extra stream
 * stages. Measured on this machine: about 11 µs of CPU per chunk instead of 33 µs, which is
 * most of the SDK's share of a busy server (bench/README.md). Same SDK, same wire calls.
 * With a tap, the successful body is read by the tap's reader instead of the SDK's.
 */
export async function streamDirect(
  model: LanguageModel,
  options: SdkCallOptions,
  extra: { abortSignal: AbortSignal; includeRawChunks: boolean; tap?: StreamTap | undefined },
): Promise<AsyncIterable<ModelStreamPart> | ReadableStream<LanguageModelV2StreamPart> | undefined> {
  if (typeof model !== 'object' || (model as LanguageModelV2).specificationVersion !== 'v2') return undefined;
  const { messages, providerOptions, ...settings } = options;
  const prompt = toTextPrompt(messages);
  if (!prompt) return undefined;
  const call: LanguageModelV2CallOptions = {
    prompt,
    ...settings,
    ...(providerOptions ? { providerOptions: providerOptions as LanguageModelV2CallOptions['providerOptions'] } : {}),
    abortSignal: extra.abortSignal,
    includeRawChunks: extra.includeRawChunks,
  };
  // Raw chunks are the SDK's to give; a tapped stream has none.
  const tap = extra.includeRawChunks ? undefined : extra.tap;
  tap?.arm();
  let stream: ReadableStream<LanguageModelV2StreamPart>;
  try {
    ({ stream } = await (model as LanguageModelV2).doStream(call));
  } catch (err) {
    const taken = tap?.take();
    if (taken && err instanceof StreamTaken) return taken;
    throw err;
  }
  tap?.take();
  return stream;
}
