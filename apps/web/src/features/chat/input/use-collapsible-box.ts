import { LAYOUT } from '@confab/shared';
import { useEffect, useLayoutEffect, useState, type Dispatch, type RefObject, type SetStateAction } from 'react';

/**
 * The message box's height (SPEC 2): it grows with its text (the CSS caps it), and past
 * LAYOUT.inputMultiLineThreshold lines it can collapse to one line; back under, it expands again.
 */
export function useCollapsibleBox(
  areaRef: RefObject<HTMLTextAreaElement | null>,
  text: string,
): { isMultiLine: boolean; isCollapsed: boolean; setIsCollapsed: Dispatch<SetStateAction<boolean>> } {
  const [isMultiLine, setIsMultiLine] = useState(false);
  const [isCollapsed, setIsCollapsed] = useState(false);

  useLayoutEffect(() => {
    const area = areaRef.current;
    if (!area) return;
    area.style.height = 'auto';
    const lineHeight = Number.parseFloat(getComputedStyle(area).lineHeight) || 24;
    const lines = Math.round(area.scrollHeight / lineHeight);
    setIsMultiLine(lines > LAYOUT.inputMultiLineThreshold);
    area.style.height = `${area.scrollHeight}px`;
  }, [areaRef, text, isCollapsed]);

  // Collapsing shows one whole line, the last (the scroll position kept from the tall box would
  // show parts of two). Runs after the sizing above.
  useLayoutEffect(() => {
    const area = areaRef.current;
    if (isCollapsed && area) area.scrollTop = area.scrollHeight;
  }, [areaRef, isCollapsed]);

  useEffect(() => {
    if (!isMultiLine) setIsCollapsed(false);
  }, [isMultiLine]);

  return { isMultiLine, isCollapsed, setIsCollapsed };
}
