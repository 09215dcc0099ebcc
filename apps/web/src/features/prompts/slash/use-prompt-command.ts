import { fillPromptText, findPromptVariables, type PromptVariable } from '@confab/shared';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useAuthStore } from '../../auth/auth-store';
import { requestSend, setComposerText, useComposerStore } from '../../chat/input/composer-store';
import { findLeadingCommandQuery, replaceMentionQuery, type MentionQuery } from '../../chat/input/mention-query';
import {
  useCommandMenu,
  useCommandQuery,
  type CommandMenu,
  type ComposerCaret,
} from '../../chat/input/use-command-menu';
import { useChatPreferences } from '../../settings/chat-preferences';
import { useAllPromptGroups, usePromptPermissions } from '../prompt-queries';
import { filterPromptGroups, type PromptCommandOption } from './prompt-command-options';
import { recordPromptUse } from '../prompts-api';

/** A chosen prompt whose variables the dialog asks for. */
export interface PendingPrompt {
  groupId: string;
  name: string;
  text: string;
  variables: PromptVariable[];
  /** What `{{current_date}}` and `{{current_user}}` become, for the dialog's preview. */
  autoValues: { current_date: string; current_user: string };
  /** Where its "/query" sat in the input. */
  command: MentionQuery;
}

export interface PromptCommand extends CommandMenu<PromptCommandOption> {
  /** The prompt waiting for its variables (the dialog is open), if any. */
  pending: PendingPrompt | null;
  /** Whether the filled prompt goes out at once (the "auto-send prompts" preference). */
  willSend: boolean;
  submitVariables(values: Record<string, string>): void;
  cancelVariables(): void;
}

/**
 * The "/" command (LibreChat's PromptsCommand; SPEC 2 and 6): "/" at the start of the input lists
 * the user's own and shared prompts whose command or name matches what follows it. A choice puts
 * the production version's text in place of the "/query", with `{{current_date}}` and
 * `{{current_user}}` filled in; other variables are asked first (`pending`, shown by the
 * variables dialog). With "auto-send prompts" on, the filled prompt is sent at once. Gated by
 * PROMPTS USE, `interface.prompts` and the `slashCommand` preference.
 */
export function usePromptCommand(text: string, caret: ComposerCaret): PromptCommand {
  const { canUse } = usePromptPermissions();
  const isEnabled = useChatPreferences((s) => s.slashCommand) && canUse;
  const willSend = useChatPreferences((s) => s.autoSendPrompts);
  const user = useAuthStore((s) => s.user);
  const [pending, setPending] = useState<PendingPrompt | null>(null);

  const found = isEnabled && caret.position !== null ? findLeadingCommandQuery(text, caret.position, '/') : null;
  const { query, dismiss } = useCommandQuery(found);
  // Fetched the first time a "/" is typed, then kept (and refreshed) by react-query.
  const isOpen = query !== null;
  const groups = useAllPromptGroups(isEnabled && isOpen);
  // Each opening shows the kept list at once and refreshes it behind: a prompt shared, edited or
  // made production elsewhere (another tab, another user) since then shows up.
  const wasOpen = useRef(false);
  const { refetch, isFetched } = groups;
  useEffect(() => {
    if (isOpen && !wasOpen.current && isFetched) void refetch();
    wasOpen.current = isOpen;
  }, [isOpen, isFetched, refetch]);
  const search = query?.query ?? null;
  const options = useMemo(
    () => (search === null || !groups.data ? [] : filterPromptGroups(groups.data, search)),
    [groups.data, search],
  );

  const insert = (groupId: string, filled: string, command: MentionQuery) => {
    // Read now: the dialog may have been open for a while (its "/query" is still where it was).
    const current = useComposerStore.getState().text;
    caret.placeAfterChange(command.start + filled.length);
    setComposerText(replaceMentionQuery(current, command, filled));
    // Best effort: a failed count never holds up the prompt.
    void recordPromptUse(groupId).catch(() => undefined);
    if (willSend) requestSend();
  };

  const fill = (promptText: string, values?: Record<string, string>) =>
    fillPromptText(promptText, { values, now: new Date(), userName: user?.name || user?.username || '' });

  const menu = useCommandMenu({
    query,
    dismiss,
    options,
    isLoading: groups.isPending,
    onChoose: (option, command) => {
      const variables = findPromptVariables(option.text);
      if (variables.length === 0) {
        insert(option.group._id, fill(option.text), command);
        return;
      }
      // The list closes while the dialog asks; cancelled, the "/query" stays as typed.
      dismiss();
      setPending({
        groupId: option.group._id,
        name: option.group.name,
        text: option.text,
        variables,
        autoValues: { current_date: fill('{{current_date}}'), current_user: fill('{{current_user}}') },
        command,
      });
    },
  });

  return {
    ...menu,
    pending,
    willSend,
    submitVariables: (values) => {
      if (!pending) return;
      setPending(null);
      insert(pending.groupId, fill(pending.text, values), pending.command);
    },
    cancelVariables: () => {
      setPending(null);
      caret.placeAfterChange(pending?.command.end ?? 0);
    },
  };
}
