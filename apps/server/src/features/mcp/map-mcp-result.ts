import type { ToolOutput, ToolOutputPart } from '../tools/tool-types.js';

/** The content blocks of an MCP CallToolResult, loosely typed: servers send what they send. */
export interface McpContentBlock {
  type: string;
  text?: unknown;
  data?: unknown;
  mimeType?: unknown;
  uri?: unknown;
  name?: unknown;
  description?: unknown;
  resource?: { uri?: unknown; text?: unknown; blob?: unknown; mimeType?: unknown } | undefined;
}

export interface McpCallResult {
  content?: McpContentBlock[] | undefined;
  structuredContent?: unknown;
  isError?: boolean | undefined;
}

const str = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

function mapBlock(block: McpContentBlock): ToolOutputPart | undefined {
  switch (block.type) {
    case 'text':
      return { type: 'text', text: str(block.text) ?? '' };
    case 'image': {
      const data = str(block.data);
      const mediaType = str(block.mimeType) ?? 'image/png';
      return data ? { type: 'image', url: `data:${mediaType};base64,${data}`, mediaType } : undefined;
    }
    case 'resource': {
      const resource = block.resource;
      const text = str(resource?.text);
      if (text !== undefined) return { type: 'text', text };
      return { type: 'text', text: `Resource: ${str(resource?.uri) ?? 'unknown'}${str(resource?.mimeType) ? ` (${str(resource?.mimeType)})` : ''}` };
    }
    case 'resource_link': {
      const name = str(block.name) ?? str(block.uri) ?? 'resource';
      const description = str(block.description);
      return { type: 'text', text: `Resource link: ${name} (${str(block.uri) ?? ''})${description ? ` — ${description}` : ''}` };
    }
    case 'audio':
      // No audio part exists in a tool call's output; say what was left out rather than dropping it silently.
      return { type: 'text', text: `[audio omitted: ${str(block.mimeType) ?? 'unknown type'}]` };
    default:
      return undefined;
  }
}

/**
 * Maps an MCP tool result to our output: text, images, resources as text; `isError` to an error
 * output whose text is the reason (the chat loop says "Error processing tool {name}: …").
 */
export function mapMcpResult(result: McpCallResult): ToolOutput {
  const parts = (result.content ?? []).map(mapBlock).filter((p): p is ToolOutputPart => p !== undefined);
  if (!parts.length && result.structuredContent !== undefined) {
    parts.push({ type: 'text', text: JSON.stringify(result.structuredContent) });
  }
  if (!result.isError) return { parts };
  const message = parts.flatMap((p) => (p.type === 'text' ? [p.text] : [])).join('\n') || 'the tool reported an error';
  return { isError: true, parts: [{ type: 'text', text: message }, ...parts.filter((p) => p.type !== 'text')] };
}
