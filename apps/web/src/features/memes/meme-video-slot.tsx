import type { ReactNode } from 'react';
import type { ToolCallStatus } from '../chat/messages/tools/tool-call-status';
import type { ToolCall } from '../chat/stream/tool-call-events';
import { MemeSlotError } from './meme-slot-error';
import { MemeVideo } from './video/meme-video';

/** A video slot: the video part's player (with its own download) or the call's error, and the reactions. */
export function MemeVideoSlot({
  call,
  status,
  isSubmitting,
  messageId,
  shareId,
  reactions,
  frame,
}: {
  call: ToolCall;
  status: ToolCallStatus;
  isSubmitting: boolean;
  messageId: string;
  shareId: string | undefined;
  reactions: ReactNode;
  frame: (body: ReactNode, actions: ReactNode) => ReactNode;
}) {
  const body =
    status === 'error' && call.output !== undefined ? (
      <MemeSlotError message={call.output} />
    ) : (
      <div className="flex min-h-40 w-full flex-1 items-center justify-center bg-black">
        <MemeVideo call={call} isSubmitting={isSubmitting} messageId={messageId} shareId={shareId} />
      </div>
    );
  return frame(body, reactions);
}
