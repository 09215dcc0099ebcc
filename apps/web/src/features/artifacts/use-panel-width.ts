import { useCallback, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { readStorage, writeStorage } from '../../lib/storage';

const WIDTH_KEY = 'confab:artifact-panel-width';
const MIN_WIDTH = 360;
/** What the conversation keeps beside the panel at least. */
const MIN_CHAT_WIDTH = 380;
const KEY_STEP = 32;

function clampWidth(width: number, containerWidth: number): number {
  const max = Math.max(MIN_WIDTH, containerWidth - MIN_CHAT_WIDTH);
  return Math.round(Math.min(max, Math.max(MIN_WIDTH, width)));
}

/**
 * The docked panel's width: dragged by its edge (or moved with the arrow keys on it), kept for
 * the next visit, never so wide that the conversation beside it is squeezed out.
 */
export function usePanelWidth() {
  const [width, setWidth] = useState(() =>
    readStorage<number>(WIDTH_KEY, Math.round((globalThis.innerWidth || 1280) * 0.42)),
  );
  const [isResizing, setIsResizing] = useState(false);
  const panelRef = useRef<HTMLElement | null>(null);
  const drag = useRef<{ startX: number; startWidth: number; direction: 1 | -1 } | null>(null);

  const containerWidth = () => panelRef.current?.parentElement?.clientWidth ?? globalThis.innerWidth;
  // The panel's edge faces the chat: left in a left-to-right page, right in a right-to-left one.
  const directionOf = (node: Element) => (getComputedStyle(node).direction === 'rtl' ? -1 : 1);

  const commit = useCallback((next: number) => {
    const clamped = clampWidth(next, containerWidth());
    setWidth(clamped);
    writeStorage(WIDTH_KEY, clamped);
  }, []);

  const onPointerDown = (event: PointerEvent<HTMLElement>) => {
    if (event.button !== 0) return;
    event.preventDefault();
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = { startX: event.clientX, startWidth: width, direction: directionOf(event.currentTarget) };
    setIsResizing(true);
  };
  const onPointerMove = (event: PointerEvent<HTMLElement>) => {
    const current = drag.current;
    if (!current) return;
    const next = current.startWidth + (current.startX - event.clientX) * current.direction;
    setWidth(clampWidth(next, containerWidth()));
  };
  const onPointerUp = (event: PointerEvent<HTMLElement>) => {
    if (!drag.current) return;
    drag.current = null;
    event.currentTarget.releasePointerCapture(event.pointerId);
    setIsResizing(false);
    commit(width);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const direction = directionOf(event.currentTarget);
    if (event.key === 'ArrowLeft') commit(width + KEY_STEP * direction);
    else if (event.key === 'ArrowRight') commit(width - KEY_STEP * direction);
    else return;
    event.preventDefault();
  };

  // The width as shown: the window may have narrowed since it was chosen.
  const shownWidth = panelRef.current ? clampWidth(width, containerWidth()) : width;
  return {
    panelRef,
    width: shownWidth,
    isResizing,
    handleProps: {
      onPointerDown,
      onPointerMove,
      onPointerUp,
      onPointerCancel: onPointerUp,
      onKeyDown,
      'aria-valuenow': shownWidth,
      'aria-valuemin': MIN_WIDTH,
    },
  };
}
