import type { FastifyBaseLogger } from 'fastify';
import { toolErrorText } from '../../providers/sdk-tools.js';
import type { ProviderTool, ProviderToolResult } from '../../providers/types.js';
import type { ToolDefinition, ToolOutput } from '../tools/tool-types.js';

/** Where a chat's tool calls run: who asks, in which conversation and reply. */
export interface ToolRunScope {
  userId: string;
  conversationId: string;
  messageId: string;
  agentId?: string | undefined;
  log: FastifyBaseLogger;
  /** The user's stored credentials for a tool that declares `auth` (undefined when not all given). */
  credentialsFor(tool: ToolDefinition): Promise<Record<string, string> | undefined>;
  /** A running call's progress (0 to 1), shown on the call in the chat. */
  reportProgress?: ((toolCallId: string, fraction: number) => void) | undefined;
}

const DATA_URL = /^data:([^;,]+);base64,(.*)$/s;

/** A tool's output as the model and the reply read it: the text parts joined, images by URL. */
export function toProviderResult(output: ToolOutput): ProviderToolResult {
  const texts: string[] = [];
  const images: NonNullable<ProviderToolResult['images']> = [];
  for (const part of output.parts) {
    if (part.type === 'text') texts.push(part.text);
    else if (part.type === 'image') {
      const data = DATA_URL.exec(part.url);
      images.push(data ? { url: part.url, mediaType: data[1], data: data[2] } : { url: part.url, mediaType: part.mediaType });
    } else if (part.type === 'file') texts.push(`File: ${part.file.filename ?? part.file.file_id}`);
    else texts.push(`Video: ${part.url}`);
  }
  return {
    text: texts.join('\n'),
    images: images.length ? images : undefined,
    isError: output.isError,
    signIn: output.signIn,
    attachments: output.attachments?.length ? output.attachments : undefined,
  };
}

const messageOf = (err: unknown): string => (err instanceof Error ? err.message : String(err));

/**
 * The registry's tools as the provider's: each call runs the tool with its context (the job's
 * abort signal stops it), and a tool that throws or fails tells the model, and the user, "Error
 * processing tool {name}: {message}". Only a stop is thrown on, so the loop ends.
 */
export function toProviderTools(tools: ToolDefinition[], scope: ToolRunScope): ProviderTool[] {
  return tools.map((tool) => ({
    name: tool.name,
    description: tool.description,
    inputSchema: tool.inputSchema,
    async execute(input, call) {
      try {
        const credentials = await scope.credentialsFor(tool);
        if (tool.auth?.length && !credentials) {
          return { text: toolErrorText(tool.name, 'the tool needs your credentials; add them in the tool settings first'), isError: true };
        }
        const output = await tool.run(
          {
            userId: scope.userId,
            conversationId: scope.conversationId,
            messageId: scope.messageId,
            agentId: scope.agentId,
            toolCallId: call.toolCallId,
            signal: call.signal,
            log: scope.log,
            credentials,
            reportProgress: scope.reportProgress && ((fraction) => scope.reportProgress?.(call.toolCallId, fraction)),
          },
          input,
        );
        const result = toProviderResult(output);
        return result.isError ? { ...result, text: toolErrorText(tool.name, result.text) } : result;
      } catch (err) {
        if (call.signal.aborted) throw err;
        scope.log.info({ err, tool: tool.name }, 'tool failed');
        return { text: toolErrorText(tool.name, messageOf(err)), isError: true };
      }
    },
  }));
}
