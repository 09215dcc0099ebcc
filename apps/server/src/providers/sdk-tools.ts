import type { JSONSchema7 } from '@ai-sdk/provider';
import type { TextStreamPart, ToolSet } from 'ai';
import type { AiSdk } from './ai-sdk.js';
import { mapFinishReason } from './map-finish-reason.js';
import type { ProviderEvent, ProviderTool, ProviderToolResult } from './types.js';

/** The tool events of a stream: everything of the loop besides text, reasoning and the finish. */
export type ToolLoopEvent = Extract<
  ProviderEvent,
  { type: 'tool-input-start' | 'tool-input-delta' | 'tool-call' | 'tool-result' | 'step-finish' }
>;

/** What the model is told when a tool failed (SPEC 4: the UI shows it as "error processing tool"). */
export const toolErrorText = (name: string, message: string): string => `Error processing tool ${name}: ${message}`;

/** A tool's result as the model reads it: its text, with images where the vendor takes media. */
function toModelOutput(result: ProviderToolResult, withImages: boolean) {
  if (result.isError) return { type: 'error-text' as const, value: result.text };
  const media = withImages
    ? (result.images ?? []).flatMap((image) =>
        image.data && image.mediaType ? [{ type: 'media' as const, data: image.data, mediaType: image.mediaType }] : [],
      )
    : [];
  if (!media.length) return { type: 'text' as const, value: result.text };
  return { type: 'content' as const, value: [{ type: 'text' as const, text: result.text }, ...media] };
}

/**
 * Our tools as AI SDK tools. `execute` is the tool's own; the SDK runs the loop (one place for
 * every family), handing each call the request's abort signal. `ai` is the SDK the caller
 * loaded (ai-sdk.ts): this module is also imported for `toolErrorText` where no SDK is loaded.
 */
export function toSdkTools(
  ai: Pick<AiSdk, 'jsonSchema' | 'tool'>,
  tools: ProviderTool[],
  signal: AbortSignal,
  withImages: boolean,
): ToolSet {
  const { jsonSchema, tool } = ai;
  const set: ToolSet = {};
  for (const t of tools) {
    set[t.name] = tool<unknown, ProviderToolResult>({
      description: t.description,
      inputSchema: jsonSchema<unknown>(t.inputSchema as JSONSchema7),
      execute: (input, call) => t.execute(input, { toolCallId: call.toolCallId, signal: call.abortSignal ?? signal }),
      toModelOutput: (result) => toModelOutput(result, withImages),
    });
  }
  return set;
}

const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/** A streamText part of the tool loop as our event, or undefined for parts that are not the loop's. */
export function toToolLoopEvent(part: TextStreamPart<ToolSet>): ToolLoopEvent | undefined {
  switch (part.type) {
    case 'tool-input-start':
      return { type: 'tool-input-start', toolCallId: part.id, toolName: part.toolName };
    case 'tool-input-delta':
      return part.delta ? { type: 'tool-input-delta', toolCallId: part.id, delta: part.delta } : undefined;
    case 'tool-call':
      return { type: 'tool-call', toolCallId: part.toolCallId, toolName: part.toolName, input: part.input };
    case 'tool-result':
      return {
        type: 'tool-result',
        toolCallId: part.toolCallId,
        toolName: part.toolName,
        result: part.output as ProviderToolResult,
      };
    case 'tool-error':
      // Our tools report their failures as results; this is the SDK's own refusal (unknown tool,
      // arguments that are not JSON), which the model is told in the same words.
      return {
        type: 'tool-result',
        toolCallId: part.toolCallId,
        toolName: part.toolName,
        result: { text: toolErrorText(part.toolName, messageOf(part.error)), isError: true },
      };
    case 'finish-step':
      return { type: 'step-finish', finishReason: mapFinishReason(part.finishReason) };
    default:
      return undefined;
  }
}
