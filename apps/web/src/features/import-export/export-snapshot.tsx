import { messageText, type Message } from '@confab/shared';
import { forwardRef } from 'react';

export interface ExportSnapshotProps {
  title: string;
  messages: readonly Message[];
}

/**
 * The conversation laid out whole for the PNG: the chat's own list is virtualised (only the rows
 * on screen exist), and the dialog may be opened from the sidebar for a chat that is not open.
 * Kept off screen, in the page's theme colours, so light and dark both come out as seen.
 */
export const ExportSnapshot = forwardRef<HTMLDivElement, ExportSnapshotProps>(function ExportSnapshot(
  { title, messages },
  ref,
) {
  return (
    <div aria-hidden className="pointer-events-none fixed top-0 -left-[10000px] w-[720px]">
      <div ref={ref} className="flex flex-col gap-4 bg-surface p-8 text-fg" data-testid="export-snapshot">
        <h1 className="text-xl font-semibold">{title}</h1>
        {messages.map((message) => (
          <section key={message.messageId} className="flex flex-col gap-1">
            <h2 className="text-sm font-semibold text-fg-secondary">{message.sender}</h2>
            <p
              className={
                message.isCreatedByUser
                  ? 'rounded-2xl bg-surface-tertiary px-4 py-2 text-[15px] leading-relaxed whitespace-pre-wrap'
                  : 'text-[15px] leading-relaxed whitespace-pre-wrap'
              }
            >
              {messageText(message)}
            </p>
          </section>
        ))}
      </div>
    </div>
  );
});

/** A PNG of the node; html-to-image loads only when someone exports a picture. */
export async function captureSnapshot(node: HTMLElement): Promise<Blob> {
  const { toBlob } = await import('html-to-image');
  // The page's background, so the picture is not transparent behind dark-mode text.
  const backgroundColor = getComputedStyle(node).backgroundColor;
  const blob = await toBlob(node, { backgroundColor, pixelRatio: Math.min(window.devicePixelRatio || 1, 2) });
  if (!blob) throw new Error('The screenshot could not be made');
  return blob;
}
