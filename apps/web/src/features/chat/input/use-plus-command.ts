import type { ModelSelection } from '../header/model-selection';
import { useChatPreferences } from '../../settings/chat-preferences';
import { setComposerText } from './composer-store';
import type { MentionOption } from './mention-options';
import { findLeadingCommandQuery, removeMentionQuery } from './mention-query';
import { useCommandMenu, useCommandQuery, type CommandMenu, type ComposerCaret } from './use-command-menu';
import { useMentionOptions } from './use-mention-options';

/**
 * The "+" command (LibreChat's, gated by the `plusCommand` preference and, through
 * `onAddModel`, MULTI_CONVO USE): "+" at the start of the input lists the same models, endpoints,
 * specs and presets as the @ command; a choice adds that model to the next send beside the
 * header's, as the header's "+" button does, and removes the "+query".
 */
export function usePlusCommand(
  text: string,
  caret: ComposerCaret,
  onAddModel: ((selection: ModelSelection) => void) | undefined,
): CommandMenu<MentionOption> {
  const isEnabled = useChatPreferences((s) => s.plusCommand) && !!onAddModel;
  const found = isEnabled && caret.position !== null ? findLeadingCommandQuery(text, caret.position, '+') : null;
  const { query, dismiss } = useCommandQuery(found);
  const { options, isLoading } = useMentionOptions(query ? query.query : null);
  return useCommandMenu({
    query,
    dismiss,
    options,
    isLoading,
    onChoose: ({ choice }, command) => {
      onAddModel?.(
        choice.type === 'model' ? { endpoint: choice.endpoint, model: choice.model } : choice.setup.selection,
      );
      caret.placeAfterChange(command.start);
      setComposerText(removeMentionQuery(text, command));
    },
  });
}
