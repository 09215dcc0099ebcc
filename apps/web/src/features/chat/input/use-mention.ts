import { useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import { useChatPreferences } from '../../settings/chat-preferences';
import type { ConversationSetup } from '../header/model-selection';
import { setComposerText } from './composer-store';
import type { MentionOption } from './mention-options';
import { findMentionQuery, removeMentionQuery } from './mention-query';
import { useMentionOptions } from './use-mention-options';

/** How a choice is applied: the chat page's own model selector handlers. */
export interface ModelChoices {
  chooseModel(endpoint: string, model: string): void;
  chooseSetup(setup: ConversationSetup): void;
}

export interface MentionState {
  isOpen: boolean;
  options: MentionOption[];
  isLoading: boolean;
  activeIndex: number;
  choose(option: MentionOption): void;
  /** Call first in the input's keydown; true when the popover took the key. */
  handleKeyDown(e: KeyboardEvent<HTMLTextAreaElement>): boolean;
  /** Keeps the caret position known (an @ command is read up to it). */
  trackCaret(area: HTMLTextAreaElement): void;
}

/**
 * The @ command of the chat input (LibreChat's Mention, gated by the `atCommand` preference):
 * open while the caret follows an "@query"; arrows move, Enter or Tab choose, Escape closes
 * until that "@" goes. A choice switches the model for the next send and removes the "@query".
 */
export function useMention(
  text: string,
  areaRef: RefObject<HTMLTextAreaElement | null>,
  choices: ModelChoices | undefined,
): MentionState {
  const isEnabled = useChatPreferences((s) => s.atCommand) && !!choices;
  const [caret, setCaret] = useState<number | null>(null);
  // The "@" (its index) the user closed with Escape: it stays closed until that "@" goes.
  const [dismissedAt, setDismissedAt] = useState<number | null>(null);
  const [activeIndex, setActiveIndex] = useState(0);
  const found = isEnabled && caret !== null ? findMentionQuery(text, caret) : null;
  const mention = found && found.start !== dismissedAt ? found : null;
  const { options, isLoading } = useMentionOptions(mention ? mention.query : null);
  const caretAfterChoice = useRef<number | null>(null);

  useEffect(() => {
    if (dismissedAt !== null && found?.start !== dismissedAt) setDismissedAt(null);
  }, [found?.start, dismissedAt]);
  useEffect(() => setActiveIndex(0), [mention?.query]);
  // After a choice the caret goes where the "@query" was.
  useLayoutEffect(() => {
    const area = areaRef.current;
    const at = caretAfterChoice.current;
    if (!area || at === null) return;
    caretAfterChoice.current = null;
    area.setSelectionRange(at, at);
    setCaret(at);
  }, [text, areaRef]);

  const choose = (option: MentionOption) => {
    if (!mention || !choices) return;
    const { choice } = option;
    if (choice.type === 'model') choices.chooseModel(choice.endpoint, choice.model);
    else choices.chooseSetup(choice.setup);
    caretAfterChoice.current = mention.start;
    setComposerText(removeMentionQuery(text, mention));
    areaRef.current?.focus();
  };

  const handleKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>): boolean => {
    if (!mention || e.nativeEvent.isComposing) return false;
    const count = options.length;
    if (e.key === 'Escape') {
      setDismissedAt(mention.start);
    } else if ((e.key === 'ArrowDown' || e.key === 'ArrowUp') && count > 0) {
      const step = e.key === 'ArrowDown' ? 1 : -1;
      setActiveIndex((i) => (i + step + count) % count);
    } else if ((e.key === 'Enter' && !e.shiftKey) || e.key === 'Tab') {
      const option = options[activeIndex];
      // With nothing to choose, Enter sends as usual.
      if (!option) return false;
      choose(option);
    } else {
      return false;
    }
    e.preventDefault();
    return true;
  };

  const trackCaret = (area: HTMLTextAreaElement) => setCaret(area.selectionEnd);
  return { isOpen: !!mention, options, isLoading, activeIndex, choose, handleKeyDown, trackCaret };
}
