import { useCallback, useRef } from 'react';
import { getFocusReturnTarget, returnFocusTo } from './focus-return';

/**
 * Gives focus back to the control that opened a Radix dialog (or sheet) when it closes, where
 * Radix would only try its `Trigger`: pass `attach` as the content's ref and `onCloseAutoFocus`
 * to the content. See focus-return.ts for how the opener is found.
 */
export function useFocusReturn(): {
  attach(node: HTMLElement | null): void;
  onCloseAutoFocus(event: Event): void;
} {
  const targetRef = useRef<HTMLElement | null>(null);
  // Stable, so that a ref callback runs once per opening, as the content mounts.
  const attach = useCallback((node: HTMLElement | null) => {
    if (node) targetRef.current = getFocusReturnTarget(node);
  }, []);
  const onCloseAutoFocus = useCallback((event: Event) => {
    if (!event.defaultPrevented && returnFocusTo(targetRef.current)) event.preventDefault();
    targetRef.current = null;
  }, []);
  return { attach, onCloseAutoFocus };
}
