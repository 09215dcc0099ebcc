import { isFileAttachment, type ContentPart, type ReplyAttachment } from '@confab/shared';
import { readAgentUpdate, readToolCall } from '../../stream/tool-call-events';
import { WebSearchCall } from '../../../web-search/web-search-call';
import { webSearchesOf } from '../../../web-search/web-search-sources';
import { AgentUpdateDivider } from './agent-update-divider';
import { ExecuteCodeCall } from './execute-code-call';
import { ToolCallBlock } from './tool-call-block';

/** Whether a part is one of an agent's (tool call, agent switch, image) that this view draws. */
export function isAgentPart(part: ContentPart): boolean {
  return part.type === 'tool_call' || part.type === 'agent_update' || part.type === 'image_url';
}

function safeImageUrl(url: string): string | null {
  // data: images from a tool and our own paths; never a javascript: URL.
  if (url.startsWith('data:image/') || url.startsWith('/')) return url;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : null;
  } catch {
    return null;
  }
}

/** A tool call, an agent switch or an image in a reply (SPEC 3 content parts). */
export function AgentPartView({
  part,
  isSubmitting,
  attachments,
}: {
  part: ContentPart;
  isSubmitting: boolean;
  /** The reply's attachments (files its tools made, a search's sources), shown under the call that made them. */
  attachments?: readonly ReplyAttachment[] | undefined;
}) {
  if (part.type === 'tool_call') {
    const call = readToolCall(part);
    if (!call) return null;
    // LibreChat's code interpreter view: the code, its output, its figures and files.
    if (call.name === 'execute_code')
      return (
        <ExecuteCodeCall call={call} isSubmitting={isSubmitting} attachments={attachments?.filter(isFileAttachment)} />
      );
    // Issue 41: the query, the pages found and read, what went wrong (this call's attachment).
    if (call.name === 'web_search')
      return (
        <WebSearchCall
          call={call}
          isSubmitting={isSubmitting}
          search={webSearchesOf(attachments).find((search) => search.toolCallId === call.id)}
        />
      );
    return <ToolCallBlock call={call} isSubmitting={isSubmitting} />;
  }
  if (part.type === 'agent_update') {
    const agentId = readAgentUpdate(part);
    return agentId ? <AgentUpdateDivider agentId={agentId} /> : null;
  }
  if (part.type === 'image_url') {
    const src = safeImageUrl(part.image_url.url);
    if (!src) return null;
    return (
      <img
        src={src}
        alt=""
        loading="lazy"
        className="my-3 max-h-[28rem] max-w-full rounded-xl border border-line object-contain"
        data-testid="message-image"
      />
    );
  }
  return null;
}
