import { messageText, NO_PARENT, type Message, type TreeNode } from '@confab/shared';
import { Check, Copy, Pencil, RefreshCw } from 'lucide-react';
import { memo, useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../../lib/cn';
import { useIsCardsMode } from '../branches/cards-mode';
import { CardsToggle } from '../branches/cards-toggle';
import { SiblingCards } from '../branches/cards-view';
import { useCopyToClipboard } from '../hooks/use-copy-to-clipboard';
import { focusComposer } from '../input/composer-store';
import { MessageAttachments } from '../../files/message-attachments';
import { MemoryNotes } from '../../memories/memory-notes';
import { ReadAloudButton } from '../../speech/read-aloud-button';
import { messageFilesOf } from '../../files/message-files';
import { AssistantContent } from './assistant-content';
import { useChatActions } from './chat-actions-context';
import { ForkButton } from './fork-button';
import { forkableConversationId } from './fork-request';
import { MessageActionButton } from './message-action-button';
import { UserMessageAuthor } from './message-author';
import { MessageAvatar } from './message-avatar';
import { MessageEditor } from './message-editor';
import { canContinueReply } from './reply-state';
import { ReplyStateLine } from './reply-state-line';
import { SiblingSwitch } from './sibling-switch';
import { UserMessageText } from './user-message-text';
import { useLiveResponse } from './use-live-response';

/**
 * A message's actions show while it is hovered or focused; on touch screens, which cannot hover,
 * always (a tap would otherwise have to find invisible buttons). A menu opened from them (Fork)
 * takes the focus out of the row, so an expanded trigger keeps them shown too.
 */
const REVEAL_ON_HOVER =
  'transition-opacity duration-150 focus-within:opacity-100 group-hover/message:opacity-100 [@media(hover:none)]:opacity-100 has-[[aria-expanded=true]]:opacity-100';

/** A reply in one column of a question sent to two models: its "i / n" counts its column's replies only. */
export interface ColumnSiblings {
  index: number;
  count: number;
  onSelect: (index: number) => void;
  /** The fork's cards toggle shows once, in the first column. */
  isFirstColumn: boolean;
}

export interface MessageRowProps {
  node: TreeNode<Message>;
  siblingCount: number;
  isLatest: boolean;
  isEditing: boolean;
  isSubmitting: boolean;
  iconURL: string | null;
  /** Set when the reply is shown in a column beside another model's (multi-conversation). */
  column?: ColumnSiblings | undefined;
}

/** One message of the visible branch: a user bubble, or a full-width reply with its actions. */
export const MessageRow = memo(function MessageRow({
  node,
  siblingCount,
  isLatest,
  isEditing,
  isSubmitting,
  iconURL,
  column,
}: MessageRowProps) {
  const { t } = useTranslation('chat');
  const actions = useChatActions();
  const live = useLiveResponse(actions.conversationKey, node.messageId);
  const message = live?.message ?? node;
  const isStreaming = live?.isStreaming ?? false;
  const { isCopied, copy } = useCopyToClipboard();
  const files = useMemo(() => messageFilesOf(message), [message]);
  const parentKey = node.parentMessageId && node.parentMessageId !== NO_PARENT ? node.parentMessageId : NO_PARENT;
  const isCardsMode = useIsCardsMode(parentKey);
  const selectSibling = useCallback(
    (index: number) => actions.selectSibling(parentKey, index, siblingCount),
    [actions, parentKey, siblingCount],
  );
  // The editor's buttons leave with it: focus goes back to the chat input, not to the page's start.
  const stopEditing = useCallback(() => {
    actions.startEditing(null);
    focusComposer();
  }, [actions]);
  const saveEdit = useCallback(
    async (text: string, submit: boolean) => {
      const saved = await actions.saveEdit(node, text, submit);
      if (saved) focusComposer();
      return saved;
    },
    [actions, node],
  );

  const siblingSwitch = column ? (
    <SiblingSwitch index={column.index} count={column.count} onSelect={column.onSelect} />
  ) : (
    <SiblingSwitch index={node.siblingIndex} count={siblingCount} onSelect={selectSibling} />
  );
  const copyButton = (
    <MessageActionButton
      label={isCopied ? t('message.copied') : t('message.copy')}
      onClick={() => copy(messageText(message))}
      testId="copy-message"
    >
      {isCopied ? <Check /> : <Copy />}
    </MessageActionButton>
  );
  // A chat not created on the server yet has nothing to fork.
  const forkConversationId = isSubmitting ? null : forkableConversationId(actions.conversationKey);
  const forkButton = forkConversationId ? (
    <ForkButton conversationId={forkConversationId} messageId={node.messageId} />
  ) : null;
  const editButton = isSubmitting ? null : (
    <MessageActionButton
      label={t('message.edit')}
      onClick={() => actions.startEditing(node.messageId)}
      testId="edit-message"
    >
      <Pencil />
    </MessageActionButton>
  );

  if (message.isCreatedByUser) {
    return (
      <div
        className="group/message flex flex-col items-end px-4 pt-6 sm:px-6"
        data-testid="message"
        data-role="user"
        data-message-id={node.messageId}
      >
        <UserMessageAuthor />
        {isEditing ? (
          <MessageEditor
            initialText={message.text}
            onSave={saveEdit}
            onCancel={stopEditing}
            canSubmit={!isSubmitting}
          />
        ) : (
          <>
            {files.length ? <MessageAttachments files={files} className="mb-2 sm:max-w-[75%]" /> : null}
            <div
              className="max-w-[85%] rounded-3xl bg-surface-tertiary px-5 py-2.5 text-[length:var(--chat-font-size,1rem)] leading-relaxed text-fg sm:max-w-[75%]"
              data-testid="message-text"
            >
              <UserMessageText text={message.text} />
            </div>
            <div
              className={cn(
                'mt-1 flex items-center gap-0.5',
                REVEAL_ON_HOVER,
                siblingCount > 1 ? 'opacity-100' : 'opacity-0',
              )}
            >
              {siblingSwitch}
              {copyButton}
              {editButton}
              {forkButton}
            </div>
          </>
        )}
      </div>
    );
  }

  const canContinue = canContinueReply(message, isLatest, isSubmitting);
  const row = (
    <div
      className="group/message flex gap-4 px-4 pt-1 pb-1 sm:px-6"
      data-testid="message"
      data-role="assistant"
      data-message-id={node.messageId}
      data-streaming={isStreaming || undefined}
    >
      <MessageAvatar endpoint={message.endpoint} iconURL={iconURL} className="max-sm:hidden" />
      <div className="min-w-0 flex-1">
        <div
          className="mb-1 flex h-8 items-center gap-2 text-sm font-semibold text-fg select-none"
          data-testid="message-sender"
        >
          <MessageAvatar endpoint={message.endpoint} iconURL={iconURL} className="size-6 sm:hidden" />
          <span className="truncate">{message.sender || t('message.assistant')}</span>
          {/* Two models side by side often share a sender (the endpoint's label): the model tells them apart. */}
          {column && message.model && message.model !== message.sender ? (
            <span className="truncate font-normal text-fg-secondary" data-testid="message-model">
              {message.model}
            </span>
          ) : null}
        </div>
        {isEditing ? (
          <MessageEditor
            initialText={messageText(message)}
            onSave={saveEdit}
            onCancel={stopEditing}
            canSubmit={!isSubmitting}
          />
        ) : (
          <AssistantContent message={message} isStreaming={isStreaming} canRunCode />
        )}
        {/* Issue 41: what the memory step saved while this reply was written, with Undo. */}
        {isEditing ? null : <MemoryNotes attachments={message.attachments} />}
        {isStreaming || isEditing ? null : (
          <ReplyStateLine message={message} canContinue={canContinue} onContinue={() => actions.continueReply(node)} />
        )}
        {isStreaming || isEditing ? (
          <div className="h-9" />
        ) : (
          <div
            className={cn(
              // Pulled back so the first icon lines up with the text (40 px buttons on touch screens).
              'mt-1.5 -ms-1.5 flex items-center gap-0.5 pointer-coarse:-ms-2.5',
              REVEAL_ON_HOVER,
              isLatest || siblingCount > 1 ? 'opacity-100' : 'opacity-0',
            )}
            data-testid="message-actions"
          >
            {siblingSwitch}
            {!column || column.isFirstColumn ? <CardsToggle parentKey={parentKey} siblingCount={siblingCount} /> : null}
            {message.error ? null : <ReadAloudButton messageId={node.messageId} text={messageText(message)} />}
            {copyButton}
            {message.error ? null : editButton}
            {message.error ? null : forkButton}
            {isSubmitting ? null : (
              <MessageActionButton
                label={t('message.regenerate')}
                onClick={() => actions.regenerate(node)}
                testId="regenerate"
              >
                <RefreshCw />
              </MessageActionButton>
            )}
          </div>
        )}
      </div>
    </div>
  );
  // Cards mode (SPEC 4): the fork's replies side by side, this one marked as shown.
  return isCardsMode && !isEditing && !isStreaming && !column ? (
    <SiblingCards node={node} parentKey={parentKey} siblingCount={siblingCount} iconURL={iconURL} fallback={row} />
  ) : (
    row
  );
});
