import { useChatPreferences } from '../../settings/chat-preferences';
import type { ConversationSetup } from '../header/model-selection';
import { setComposerText } from './composer-store';
import type { MentionOption } from './mention-options';
import { findMentionQuery, removeMentionQuery } from './mention-query';
import { useCommandMenu, useCommandQuery, type CommandMenu, type ComposerCaret } from './use-command-menu';
import { useMentionOptions } from './use-mention-options';

/** How a choice is applied: the chat page's own model selector handlers. */
export interface ModelChoices {
  chooseModel(endpoint: string, model: string): void;
  chooseSetup(setup: ConversationSetup): void;
}

/**
 * The @ command of the chat input (LibreChat's Mention, gated by the `atCommand` preference):
 * open while the caret follows an "@query"; arrows move, Enter or Tab choose, Escape closes
 * until that "@" goes. A choice switches the model for the next send and removes the "@query".
 */
export function useMention(
  text: string,
  caret: ComposerCaret,
  choices: ModelChoices | undefined,
): CommandMenu<MentionOption> {
  const isEnabled = useChatPreferences((s) => s.atCommand) && !!choices;
  const found = isEnabled && caret.position !== null ? findMentionQuery(text, caret.position) : null;
  const { query, dismiss } = useCommandQuery(found);
  const { options, isLoading } = useMentionOptions(query ? query.query : null);
  return useCommandMenu({
    query,
    dismiss,
    options,
    isLoading,
    onChoose: ({ choice }, mention) => {
      if (!choices) return;
      if (choice.type === 'model') choices.chooseModel(choice.endpoint, choice.model);
      else choices.chooseSetup(choice.setup);
      // The caret goes where the "@query" was.
      caret.placeAfterChange(mention.start);
      setComposerText(removeMentionQuery(text, mention));
    },
  });
}
