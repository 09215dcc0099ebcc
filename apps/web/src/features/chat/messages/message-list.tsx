import type { Message, TreeNode } from '@confab/shared';
import { useVirtualizer } from '@tanstack/react-virtual';
import {
  memo,
  useCallback,
  useDeferredValue,
  useEffect,
  useImperativeHandle,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type Ref,
  type TouchEvent,
  type WheelEvent,
} from 'react';
import { cn } from '../../../lib/cn';
import { useChatPreferences, type FontSize } from '../../settings/chat-preferences';
import { SideBySideReplies } from '../multi-convo/side-by-side-replies';
import { MessageRow } from './message-row';
import { ScrollToBottomButton } from './scroll-to-bottom-button';
import { useChatColumnWidth } from '../use-chat-column-width';

/** Closer than this to the end counts as "at the bottom" (auto-scroll follows new text). */
const STICK_THRESHOLD_PX = 48;
/** Further than this shows the scroll-to-bottom button. */
const BUTTON_THRESHOLD_PX = 160;
/** How long a message scrolled to stays tinted. */
const HIGHLIGHT_MS = 2500;
/** While rows settle after a jump to a message, reaching the end does not re-stick to it. */
const FOCUS_HOLD_MS = 1000;
/** The font size preference sets --chat-font-size, which the message text (bubbles, markdown) takes. */
const FONT_SIZE_CLASSES: Record<FontSize, string> = {
  xs: '[--chat-font-size:0.75rem]',
  sm: '[--chat-font-size:0.875rem]',
  base: '[--chat-font-size:1rem]',
  lg: '[--chat-font-size:1.125rem]',
  xl: '[--chat-font-size:1.25rem]',
};

/** What the chat page can ask of the list. */
export interface MessageListHandle {
  /**
   * Scrolls the row of `messageId` to the middle of the view, stops following the end and
   * tints the row briefly. False when the visible branch does not hold the message.
   */
  scrollToMessage(messageId: string): boolean;
}

export interface MessageListProps {
  /** Changes when another conversation opens (not when /c/new becomes /c/{id}). */
  sessionKey: string;
  branch: readonly TreeNode<Message>[];
  rootCount: number;
  editingId: string | null;
  isSubmitting: boolean;
  iconURL: string | null;
  /** Bumped by the page to jump to the end (after a send). */
  scrollRequest: number;
  ref?: Ref<MessageListHandle>;
}

/**
 * The visible branch, virtualised with dynamic row measurement: only the rows in view (plus
 * a few) exist in the DOM, so a 10,000-message conversation opens and scrolls like a short one.
 * The list sticks to the bottom while it is there (streaming text pushes it along) and lets
 * go as soon as the user scrolls up. The font size, direction and width follow the Chat settings.
 */
export const MessageList = memo(function MessageList({
  sessionKey,
  branch,
  rootCount,
  editingId,
  isSubmitting,
  iconURL,
  scrollRequest,
  ref,
}: MessageListProps) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const isStuckRef = useRef(true);
  const holdUntilRef = useRef(0);
  const lastScrollRef = useRef({ top: 0, height: 0 });
  const [isAwayFromBottom, setIsAwayFromBottom] = useState(false);
  const [highlightedId, setHighlightedId] = useState<string | null>(null);
  const fontSize = useChatPreferences((s) => s.fontSize);
  const chatDirection = useChatPreferences((s) => s.chatDirection);
  const columnWidth = useChatColumnWidth();
  // Stable per branch: the virtualizer lays out all rows again (10,000 keys) whenever it changes.
  const getItemKey = useCallback((index: number) => branch[index]?.messageId ?? index, [branch]);

  const virtualizer = useVirtualizer({
    count: branch.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => 150,
    // Rows rendered beyond each edge of the view. Each is a full message (markdown, actions): a
    // jump or a dragged scrollbar mounts all of them in one frame, so few, but enough to cover a
    // wheel step (~100 px) or two before the row in view is needed.
    overscan: 3,
    paddingStart: 8,
    paddingEnd: 32,
    getItemKey,
  });

  useImperativeHandle(
    ref,
    () => ({
      scrollToMessage(messageId) {
        const index = branch.findIndex((node) => node.messageId === messageId);
        if (index < 0) return false;
        isStuckRef.current = false;
        holdUntilRef.current = performance.now() + FOCUS_HOLD_MS;
        // The virtualizer re-aims while the rows on the way get measured.
        virtualizer.scrollToIndex(index, { align: 'center' });
        setHighlightedId(messageId);
        return true;
      },
    }),
    [branch, virtualizer],
  );

  useEffect(() => {
    if (!highlightedId) return;
    const timer = setTimeout(() => setHighlightedId(null), HIGHLIGHT_MS);
    return () => clearTimeout(timer);
  }, [highlightedId]);

  const scrollToEnd = useCallback(() => {
    const el = scrollRef.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, []);

  // A conversation opens at its end, or, with the General tab's auto scroll off, at its start.
  // Read once per opening: turning the setting over does not move an open conversation.
  useLayoutEffect(() => {
    const atEnd = useChatPreferences.getState().autoScroll;
    isStuckRef.current = atEnd;
    setIsAwayFromBottom(false);
    if (atEnd) scrollToEnd();
    else if (scrollRef.current) scrollRef.current.scrollTop = 0;
  }, [sessionKey, scrollToEnd]);

  // A send jumps to the end and follows the reply.
  useLayoutEffect(() => {
    if (scrollRequest === 0) return;
    isStuckRef.current = true;
    setIsAwayFromBottom(false);
    scrollToEnd();
  }, [scrollRequest, scrollToEnd]);

  // Whenever the content grows or rows get measured, stay at the end if we were there.
  const totalSize = virtualizer.getTotalSize();
  useLayoutEffect(() => {
    const el = scrollRef.current;
    if (isStuckRef.current) scrollToEnd();
    else if (el) setIsAwayFromBottom(el.scrollHeight - el.scrollTop - el.clientHeight > BUTTON_THRESHOLD_PX);
  }, [totalSize, branch.length, scrollToEnd]);

  // Measurement settles over a few frames when a long conversation opens; keep the end in view.
  useEffect(() => {
    let frames = 0;
    let id = 0;
    const tick = () => {
      if (isStuckRef.current) scrollToEnd();
      if (++frames < 10) id = requestAnimationFrame(tick);
    };
    id = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(id);
  }, [sessionKey, scrollToEnd]);

  const onScroll = useCallback(() => {
    const el = scrollRef.current;
    if (!el) return;
    const distance = el.scrollHeight - el.scrollTop - el.clientHeight;
    // Only a move up by more than the content changed lets go. When rows grow or shrink in big
    // steps (a table, a code block), the virtualizer's corrections and the browser's clamping
    // scroll too, by at most what changed, while the end runs away: that is the reply growing, not
    // the reader leaving. A jump (the scrollbar dragged up) can land while deferred rows commit and
    // get measured, so the content need not be unchanged.
    const movedUp = lastScrollRef.current.top - el.scrollTop;
    const isReaderScroll = movedUp > 0 && movedUp > Math.abs(el.scrollHeight - lastScrollRef.current.height);
    lastScrollRef.current = { top: el.scrollTop, height: el.scrollHeight };
    if (distance <= STICK_THRESHOLD_PX) isStuckRef.current = performance.now() >= holdUntilRef.current;
    else if (distance > STICK_THRESHOLD_PX * 2 && isReaderScroll) isStuckRef.current = false;
    const isAway = distance > BUTTON_THRESHOLD_PX;
    setIsAwayFromBottom((was) => (was === isAway ? was : isAway));
  }, []);

  // Scrolling up by hand lets go of the bottom at once, before the scroll event lands.
  const releaseOnUserScroll = useCallback((e: WheelEvent | TouchEvent | KeyboardEvent) => {
    if ('deltaY' in e && e.deltaY >= 0) return;
    if ('key' in e && !['ArrowUp', 'PageUp', 'Home'].includes(e.key)) return;
    isStuckRef.current = false;
  }, []);

  const jumpToBottom = useCallback(() => {
    const el = scrollRef.current;
    if (!el) return;
    const distance = el.scrollHeight - el.scrollTop - el.clientHeight;
    isStuckRef.current = true;
    if (distance < el.clientHeight * 3) el.scrollTo({ top: el.scrollHeight, behavior: 'smooth' });
    else scrollToEnd();
  }, [scrollToEnd]);

  // The rows of a new scroll position render in a deferred, interruptible pass: a jump (a dragged
  // scrollbar, Home) mounts a screen of full messages, which in one task blocked the page for
  // 100-300 ms. Meanwhile the rows shown stay those of the last position; a branch change is not
  // deferred (its indices would point at other messages), nor are the first rows of a list that
  // shows none yet (its first frames were blank between the skeleton and the rows).
  const virtualItems = virtualizer.getVirtualItems();
  const current = useMemo(() => ({ branch, items: virtualItems }), [branch, virtualItems]);
  const deferred = useDeferredValue(current);
  const items = deferred.branch === branch && deferred.items.length > 0 ? deferred.items : current.items;
  return (
    <div className="relative min-h-0 flex-1">
      <div
        ref={scrollRef}
        onScroll={onScroll}
        onWheel={releaseOnUserScroll}
        onTouchMove={releaseOnUserScroll}
        onKeyDown={releaseOnUserScroll}
        tabIndex={-1}
        dir={chatDirection}
        className={cn(
          'scrollbar-thin h-full overflow-y-auto overscroll-contain outline-none [overflow-anchor:none]',
          FONT_SIZE_CLASSES[fontSize],
        )}
        data-testid="message-list"
      >
        <div className="relative w-full" style={{ height: totalSize }}>
          {items.map((item) => {
            const node = branch[item.index];
            if (!node) return null;
            const parent = item.index > 0 ? branch[item.index - 1] : undefined;
            const siblingCount = parent ? parent.children.length : rootCount;
            return (
              <div
                key={item.key}
                ref={virtualizer.measureElement}
                data-index={item.index}
                className="absolute top-0 left-0 w-full"
                style={{ transform: `translateY(${item.start}px)` }}
              >
                <div
                  className={cn(
                    'mx-auto w-full rounded-2xl transition-colors duration-700 ease-out',
                    columnWidth,
                    highlightedId === node.messageId && 'bg-accent/10',
                  )}
                  data-highlighted={highlightedId === node.messageId || undefined}
                >
                  {/* Every row keeps one element tree: a row that stops being the latest does not remount. */}
                  <SideBySideReplies
                    node={node}
                    parent={parent}
                    isLatest={item.index === branch.length - 1}
                    editingId={editingId}
                    isSubmitting={isSubmitting}
                    iconURL={iconURL}
                  >
                    <MessageRow
                      node={node}
                      siblingCount={siblingCount}
                      isLatest={item.index === branch.length - 1}
                      isEditing={editingId === node.messageId}
                      isSubmitting={isSubmitting}
                      iconURL={iconURL}
                    />
                  </SideBySideReplies>
                </div>
              </div>
            );
          })}
        </div>
      </div>
      <ScrollToBottomButton isVisible={isAwayFromBottom} onClick={jumpToBottom} />
    </div>
  );
});
