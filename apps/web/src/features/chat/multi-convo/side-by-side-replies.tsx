import type { Message, TreeNode } from '@confab/shared';
import { Square } from 'lucide-react';
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { IconButton } from '../../../components/ui/icon-button';
import { getBranchChoices, setBranchChoices, useBranchChoices } from '../branches/branch-store';
import { useIsCardsMode } from '../branches/cards-mode';
import { useChatActions } from '../messages/chat-actions-context';
import { MessageRow, type ColumnSiblings } from '../messages/message-row';
import { useChatStore, type ChatStoreState } from '../stream/chat-store';
import { stopSubmission } from '../stream/run-submission';
import { isActivePhase } from '../stream/submission';
import { addedColumnKey } from './added-model-store';
import { choosingInColumn, replyPairOf } from './reply-pair';

/** The reply a submission is streaming under `key`, if any (a string, so the row re-renders only when it changes). */
const liveReplyOf = (key: string) => (s: ChatStoreState) => {
  const sub = s.submissions[key];
  return sub && isActivePhase(sub.phase) ? sub.responseMessage.messageId : null;
};

export interface SideBySideRepliesProps {
  /** The message of the visible branch this row shows. */
  node: TreeNode<Message>;
  /** Its parent in the branch (undefined for a root). */
  parent: TreeNode<Message> | undefined;
  isLatest: boolean;
  editingId: string | null;
  isSubmitting: boolean;
  iconURL: string | null;
  /** The single row shown otherwise. */
  children: ReactNode;
}

/**
 * A row as it is, or, for a reply of a question sent to two models (multi-conversation), both
 * columns' replies side by side (stacked on a phone): while they stream, each with its own stop,
 * and afterwards, after a reload or opened later, each with its own actions and its own sibling
 * switch (the stored `addedConvo` says which reply is whose). Cards mode shows the fork's
 * siblings as it does any fork's.
 */
export function SideBySideReplies({
  node,
  parent,
  isLatest,
  editingId,
  isSubmitting,
  iconURL,
  children,
}: SideBySideRepliesProps) {
  const { t } = useTranslation('chat');
  const { conversationKey } = useChatActions();
  const addedKey = addedColumnKey(conversationKey);
  const choices = useBranchChoices(conversationKey);
  const parentKey = parent?.messageId ?? '';
  const isCardsMode = useIsCardsMode(parentKey);
  const firstLive = useChatStore(liveReplyOf(conversationKey));
  const addedLive = useChatStore(liveReplyOf(addedKey));
  const pair = useMemo(
    () => (parent && !node.isCreatedByUser ? replyPairOf(node, parent.children, choices, parent.messageId) : null),
    [node, parent, choices],
  );
  const siblingCount = parent?.children.length ?? 0;
  // One object per column and pair, so the memoised rows re-render only when their column changes.
  const switches = useMemo(
    () =>
      pair?.map(
        (column, index): ColumnSiblings => ({
          index: column.index,
          count: column.count,
          isFirstColumn: index === 0,
          onSelect: (position) =>
            setBranchChoices(
              conversationKey,
              choosingInColumn(getBranchChoices(conversationKey), column, position, siblingCount),
            ),
        }),
      ),
    [pair, conversationKey, siblingCount],
  );
  if (!pair || !switches || isCardsMode) return children;
  const isEitherLive = firstLive !== null || addedLive !== null;
  return (
    <div className="grid grid-cols-1 gap-x-4 md:grid-cols-2" data-testid="side-by-side-replies">
      {pair.map((column, index) => {
        const { messageId } = column.node;
        const liveKey = messageId === firstLive ? conversationKey : messageId === addedLive ? addedKey : null;
        return (
          <div
            key={messageId}
            // Stacked on a phone, a rule sets the second reply apart from the first.
            className="relative min-w-0 max-md:[&+&]:mt-2 max-md:[&+&]:border-t max-md:[&+&]:border-line"
            data-testid={`multi-convo-column-${index}`}
            data-message-id={messageId}
          >
            {liveKey ? (
              <IconButton
                label={t('multiConvo.stop')}
                onClick={() => void stopSubmission(liveKey)}
                className="absolute top-1 right-1 z-10 text-fg-secondary hover:text-fg"
                data-testid="multi-convo-stop"
              >
                <Square />
              </IconButton>
            ) : null}
            <MessageRow
              node={column.node}
              siblingCount={siblingCount}
              isLatest={isLatest}
              isEditing={editingId === messageId}
              // Neither column is asked again while the other still streams.
              isSubmitting={isSubmitting || isEitherLive}
              iconURL={iconURL}
              column={switches[index]}
            />
          </div>
        );
      })}
    </div>
  );
}
