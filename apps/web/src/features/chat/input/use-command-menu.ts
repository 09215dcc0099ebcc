import { useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import type { MentionQuery } from './mention-query';

/** The caret of the chat input as the commands read it, and a way to place it after a choice. */
export interface ComposerCaret {
  /** Where the caret is (null until the input reports it). */
  position: number | null;
  /** Call on every change and selection of the input. */
  track(area: HTMLTextAreaElement): void;
  /** Puts the caret at `at` once the text a choice wrote is in the input, and focuses it. */
  placeAfterChange(at: number): void;
}

/**
 * The caret of the chat input. Call it before `useCollapsibleBox`: its layout effect (the caret
 * after a choice) must run before the box is sized.
 */
export function useComposerCaret(text: string, areaRef: RefObject<HTMLTextAreaElement | null>): ComposerCaret {
  const [position, setPosition] = useState<number | null>(null);
  const pending = useRef<number | null>(null);
  useLayoutEffect(() => {
    const area = areaRef.current;
    const at = pending.current;
    if (!area || at === null) return;
    pending.current = null;
    area.focus();
    area.setSelectionRange(at, at);
    setPosition(at);
  }, [text, areaRef]);
  return {
    position,
    track: (area) => setPosition(area.selectionEnd),
    placeAfterChange: (at) => {
      pending.current = at;
      areaRef.current?.focus();
    },
  };
}

/**
 * A typed command with Escape in mind: the command the user closed with Escape stays closed
 * until its character goes (or another command starts elsewhere).
 */
export function useCommandQuery(found: MentionQuery | null): { query: MentionQuery | null; dismiss(): void } {
  // The command character (its index) the user closed with Escape.
  const [dismissedAt, setDismissedAt] = useState<number | null>(null);
  useEffect(() => {
    if (dismissedAt !== null && found?.start !== dismissedAt) setDismissedAt(null);
  }, [found?.start, dismissedAt]);
  const query = found && found.start !== dismissedAt ? found : null;
  return { query, dismiss: () => setDismissedAt(query ? query.start : null) };
}

/** An open command's list as the input and its popover drive it. */
export interface CommandMenu<T> {
  isOpen: boolean;
  options: T[];
  isLoading: boolean;
  activeIndex: number;
  choose(option: T): void;
  /** Call first in the input's keydown; true when the list took the key. */
  handleKeyDown(e: KeyboardEvent<HTMLTextAreaElement>): boolean;
}

/**
 * The list of a chat input command ("@", "/", "+"), open while `query` is: arrows move (and
 * wrap), Enter or Tab choose, Escape closes it (`dismiss`). With nothing to choose, Enter does
 * what it always does (sends).
 */
export function useCommandMenu<T>({
  query,
  dismiss,
  options,
  isLoading,
  onChoose,
}: {
  query: MentionQuery | null;
  dismiss(): void;
  options: T[];
  isLoading: boolean;
  onChoose(option: T, query: MentionQuery): void;
}): CommandMenu<T> {
  const [activeIndex, setActiveIndex] = useState(0);
  useEffect(() => setActiveIndex(0), [query?.query]);

  const choose = (option: T) => {
    if (query) onChoose(option, query);
  };

  const handleKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>): boolean => {
    if (!query || e.nativeEvent.isComposing) return false;
    const count = options.length;
    if (e.key === 'Escape') {
      dismiss();
    } else if ((e.key === 'ArrowDown' || e.key === 'ArrowUp') && count > 0) {
      const step = e.key === 'ArrowDown' ? 1 : -1;
      setActiveIndex((i) => (i + step + count) % count);
    } else if ((e.key === 'Enter' && !e.shiftKey) || e.key === 'Tab') {
      const option = options[Math.min(activeIndex, count - 1)];
      if (!option) return false;
      choose(option);
    } else {
      return false;
    }
    e.preventDefault();
    return true;
  };

  return {
    isOpen: !!query,
    options,
    isLoading,
    activeIndex: Math.min(activeIndex, Math.max(options.length - 1, 0)),
    choose,
    handleKeyDown,
  };
}
