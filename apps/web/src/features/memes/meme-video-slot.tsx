import type { ReactNode } from 'react';
import type { ToolCallStatus } from '../chat/messages/tools/tool-call-status';
import type { ToolCall } from '../chat/stream/tool-call-events';
import { memeVideoAltText } from './links/meme-alt-text-of';
import { MemeVideoShare } from './links/meme-video-share';
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
  const altText = memeVideoAltText(call.args, call.output);
  const body =
    status === 'error' && call.output !== undefined ? (
      <MemeSlotError message={call.output} />
    ) : (
      <div
        className="flex min-h-40 w-full flex-1 items-center justify-center bg-black"
        role="figure"
        aria-label={altText}
      >
        <MemeVideo call={call} isSubmitting={isSubmitting} messageId={messageId} shareId={shareId} />
      </div>
    );
  // Issue 39: the video's alt text names it for screen readers; its owner may share it by link.
  const actions = (
    <>
      {reactions}
      {shareId || status !== 'done' ? null : (
        <div className="ms-auto flex items-center gap-0.5">
          <MemeVideoShare output={call.output} altText={altText} />
        </div>
      )}
    </>
  );
  return frame(body, actions);
}
