import type { ToolCall } from '../../chat/stream/tool-call-events';

// Placeholder: a video slot of the meme grid, built by its own part of issue 21.
export function MemeVideo(_props: {
  call: ToolCall;
  isSubmitting: boolean;
  messageId: string;
  shareId?: string | undefined;
}) {
  return null;
}
