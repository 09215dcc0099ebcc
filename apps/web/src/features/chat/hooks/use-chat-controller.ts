import {
  defaultSiblingIndex,
  NO_PARENT,
  replyColumnsOf,
  type Message,
  type MessageFile,
  type ModelSettings,
  type TreeNode,
} from '@confab/shared';
import { track } from '../../../lib/analytics';
import { getCachedAgentName } from '../../agents/agent-queries';
import { useCallback, useMemo, useRef, useState } from 'react';
import { queryClient } from '../../../lib/query-client';
import { dispatchAttachments, getAttachments } from '../../files/attachments-store';
import { messageFilesOf } from '../../files/message-files';
import { updateMessageText, type EndpointsConfig } from '../api/chat-api';
import { chatKeys } from '../api/chat-queries';
import { withChoice } from '../branches/branch-memory';
import { getBranchChoices, setBranchChoices } from '../branches/branch-store';
import type { ModelSelection } from '../header/model-selection';
import { setComposerText, useComposerStore } from '../input/composer-store';
import type { ChatActions } from '../messages/chat-actions-context';
import { getSubmission, isSubmitting, removeSubmission } from '../stream/chat-store';
import { upsertMessages } from '../stream/merge-submission';
import { partsOf } from '../stream/stream-reducer';
import { startSubmission, stopSubmission, type AskParams } from '../stream/run-submission';
import { addedColumnKey } from '../multi-convo/added-model-store';
import { buildMultiConvoAsks } from '../multi-convo/multi-convo-asks';
import { ownSelectionOf } from '../multi-convo/reply-selection';
import type { EphemeralAgentPayload } from '../tools/tool-selection';
import { isRefusedSend, useReturnRefusedText } from './use-return-refused-text';

interface ControllerArgs {
  conversationKey: string;
  /** The draft the input's text and files belong to (a conversation id, or `new`). */
  draftId: string;
  conversationId: string | null;
  branch: readonly TreeNode<Message>[];
  unsavedIds: ReadonlySet<string>;
  messages: readonly Message[] | undefined;
  selection: ModelSelection | null;
  endpoints: EndpointsConfig | undefined;
  settings: ModelSettings | undefined;
  /** The chat on screen is temporary: every ask says so. */
  isTemporary: boolean;
  /** The model the "+" added (MULTI_CONVO): each send also asks it, in a second column. */
  addedModel: ModelSelection | null;
  /** The composer's tools that are on (LibreChat's ephemeral agent): every ask carries them. */
  ephemeralAgent?: EphemeralAgentPayload | undefined;
}

/** The sender shown on a placeholder reply until the stored one arrives (as the server names it). */
function senderLabel(selection: ModelSelection, endpoints: EndpointsConfig | undefined): string {
  const agentName = selection.agentId ? getCachedAgentName(selection.agentId) : null;
  if (agentName) return agentName;
  return (
    endpoints?.[selection.endpoint]?.modelDisplayLabel ?? (selection.endpoint === 'openAI' ? 'AI' : selection.endpoint)
  );
}

/**
 * Everything the chat page does: send, stop, regenerate, continue, edit, switch branches.
 * The latest values are read through a ref, so the actions object handed to the rows is
 * stable and the rows stay memoised.
 */
export function useChatController(args: ControllerArgs): {
  actions: ChatActions;
  send: (text: string, files?: MessageFile[]) => boolean;
  stop: () => void;
  editingId: string | null;
  scrollRequest: number;
} {
  const latest = useRef(args);
  latest.current = args;
  const [editing, setEditing] = useState<{ key: string; id: string } | null>(null);
  const [scrollRequest, setScrollRequest] = useState(0);
  const editingId = editing && editing.key === args.conversationKey ? editing.id : null;
  useReturnRefusedText(args.conversationKey);

  const baseParams = useCallback((): Omit<AskParams, 'kind' | 'text'> | null => {
    const { conversationKey, conversationId, selection, endpoints, settings, isTemporary, ephemeralAgent } =
      latest.current;
    if (!selection) return null;
    return {
      conversationKey,
      conversationId,
      selection,
      endpointConfig: endpoints?.[selection.endpoint],
      senderLabel: senderLabel(selection, endpoints),
      settings,
      isTemporary,
      ephemeralAgent,
    };
  }, []);

  const begin = useCallback((params: AskParams) => {
    const previous = getSubmission(params.conversationKey);
    // A send refused earlier left its messages on screen only; the new one replaces them.
    if (previous && !previous.streamId) removeSubmission(params.conversationKey);
    startSubmission(params);
    setScrollRequest((n) => n + 1);
  }, []);

  const send = useCallback(
    (text: string, files: MessageFile[] = []): boolean => {
      const trimmed = text.trim();
      const base = baseParams();
      if (!trimmed || !base || isSubmitting(base.conversationKey)) return false;
      if (isSubmitting(addedColumnKey(base.conversationKey))) return false;
      const { branch, unsavedIds, addedModel, endpoints } = latest.current;
      // The parent is the last stored message shown: never a placeholder id.
      const parent = [...branch].reverse().find((m) => !unsavedIds.has(m.messageId));
      const params: AskParams = {
        ...base,
        kind: 'send',
        text: trimmed,
        parentMessageId: parent?.messageId ?? NO_PARENT,
        ...(files.length ? { files } : {}),
      };
      if (!addedModel) {
        begin(params);
        return true;
      }
      const [first, second] = buildMultiConvoAsks(params, addedModel, endpoints, senderLabel(addedModel, endpoints));
      removeSubmission(second.conversationKey);
      begin(first);
      startSubmission(second);
      return true;
    },
    [baseParams, begin],
  );

  const stop = useCallback(() => {
    void stopSubmission(latest.current.conversationKey);
  }, []);

  const findStored = useCallback(
    (messageId: string) => latest.current.messages?.find((m) => m.messageId === messageId),
    [],
  );

  /**
   * What a stored reply is asked again with (regenerate, continue, edit): a reply of a question
   * sent to two models (either column, as stored) keeps its own model, and the added column's
   * stays in its column; any other follows the header.
   */
  const askedAgainAs = useCallback(
    (reply: Message, user: Message, base: Omit<AskParams, 'kind' | 'text'>): Omit<AskParams, 'kind' | 'text'> => {
      const { endpoints, messages } = latest.current;
      const siblings = messages?.filter((m) => m.parentMessageId === user.messageId) ?? [];
      const isTwoModelQuestion = !!reply.addedConvo || replyColumnsOf(siblings) !== null;
      const own = ownSelectionOf(reply, base.selection, isTwoModelQuestion);
      const column = reply.addedConvo ? { isAddedColumnReply: true } : {};
      if (!own) return { ...base, ...column };
      // Asked of its own model with that model's defaults: the header's settings belong to the
      // header's endpoint (as the added column's first ask).
      const { settings: _headerSettings, ...shared } = base;
      return {
        ...shared,
        selection: own,
        endpointConfig: endpoints?.[own.endpoint],
        senderLabel: senderLabel(own, endpoints),
        ...column,
      };
    },
    [],
  );

  const actions = useMemo<ChatActions>(() => {
    const reask = (reply: Message, kind: 'regenerate' | 'continue') => {
      const base = baseParams();
      if (!base || isSubmitting(base.conversationKey)) return;
      const user = findStored(reply.parentMessageId);
      if (user) {
        begin({ ...askedAgainAs(reply, user, base), kind, text: user.text, userMessage: user, responseMessage: reply });
        return;
      }
      // A refused send is on screen only: asking again sends its text anew (replacing it), and the
      // input gives up the copy it was handed back.
      const refused = getSubmission(base.conversationKey);
      if (kind !== 'regenerate' || !isRefusedSend(refused) || refused.responseMessage.messageId !== reply.messageId)
        return;
      const { text, parentMessageId } = refused.userMessage;
      if (useComposerStore.getState().text.trim() === text.trim()) setComposerText('');
      const files = messageFilesOf(refused.userMessage);
      // The input gives back the files it was handed with the text, as it does the text.
      const sentIds = new Set(files.map((f) => f.file_id));
      const { draftId } = latest.current;
      if (getAttachments(draftId).some((a) => sentIds.has(a.file_id)))
        dispatchAttachments(draftId, { type: 'cleared' });
      begin({
        ...base,
        kind: 'send',
        text,
        parentMessageId: parentMessageId || NO_PARENT,
        ...(files.length ? { files } : {}),
      });
    };
    return {
      get conversationKey() {
        return latest.current.conversationKey;
      },
      regenerate: (reply) => {
        track('regenerate_pressed', { chatId: latest.current.conversationId ?? null });
        reask(reply, 'regenerate');
      },
      continueReply: (reply) => reask(reply, 'continue'),
      async saveEdit(message, text, submit) {
        const { conversationId } = latest.current;
        const base = baseParams();
        if (!text.trim()) return false;
        if (submit) {
          if (!base || isSubmitting(base.conversationKey)) return false;
          if (message.isCreatedByUser) {
            // The edited message keeps the files of the one it replaces.
            const files = messageFilesOf(message);
            begin({
              ...base,
              kind: 'edit-user',
              text,
              parentMessageId: message.parentMessageId || NO_PARENT,
              ...(files.length ? { files } : {}),
            });
          } else {
            const user = findStored(message.parentMessageId);
            if (!user) return false;
            begin({
              ...askedAgainAs(message, user, base),
              kind: 'edit-reply',
              text: user.text,
              userMessage: user,
              responseMessage: message,
              editedText: text,
            });
          }
          setEditing(null);
          track('edits_submitted', {
            chatId: conversationId ?? null,
            target: message.isCreatedByUser ? 'user' : 'reply',
          });
          return true;
        }
        if (!conversationId) return false;
        try {
          const textIndex = partsOf(message).findIndex((p) => p.type === 'text');
          const hasParts = !message.isCreatedByUser && (message.content?.length ?? 0) > 0 && textIndex >= 0;
          const updated = await updateMessageText(
            conversationId,
            message.messageId,
            hasParts ? { text, index: textIndex } : { text },
          );
          queryClient.setQueryData<Message[]>(chatKeys.messages(conversationId), (list) =>
            upsertMessages(list, [updated]),
          );
          setEditing(null);
          return true;
        } catch {
          return false;
        }
      },
      selectSibling(parentKey, index, count) {
        const key = latest.current.conversationKey;
        if (index < 0 || index >= count) return;
        // A question sent to two models shows its first column's newest by default, not the newest.
        const parent = latest.current.branch.find((m) => m.messageId === parentKey);
        const defaultIndex = parent ? defaultSiblingIndex(parent.children) : count - 1;
        setBranchChoices(key, withChoice(getBranchChoices(key), parentKey, index, count, defaultIndex));
      },
      startEditing(messageId) {
        setEditing(messageId ? { key: latest.current.conversationKey, id: messageId } : null);
      },
    };
  }, [baseParams, begin, findStored, askedAgainAs]);

  return { actions, send, stop, editingId, scrollRequest };
}
