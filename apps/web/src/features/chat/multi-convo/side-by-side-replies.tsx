import type { Message, TreeNode } from '@confab/shared';
import { Square } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { IconButton } from '../../../components/ui/icon-button';
import { useChatActions } from '../messages/chat-actions-context';
import { MessageRow } from '../messages/message-row';
import { useChatStore } from '../stream/chat-store';
import { stopSubmission } from '../stream/run-submission';
import { isActivePhase } from '../stream/submission';
import { addedColumnKey, useAddedModelStore } from './added-model-store';

interface Column {
  node: TreeNode<Message>;
  /** The chat store key its stream runs under, for its own stop button. */
  key: string;
  isStreaming: boolean;
}

/**
 * The two replies of a question sent to two models (multi-conversation), in their columns while
 * either streams; null otherwise. The first column is the header model's, the second the added one's.
 */
function useSideBySideColumns(parent: TreeNode<Message> | undefined): [Column, Column] | null {
  const { conversationKey } = useChatActions();
  const addedKey = addedColumnKey(conversationKey);
  const isMulti = useAddedModelStore((s) => !!parent && s.multiUserMessageIds.has(parent.messageId));
  const first = useChatStore((s) => s.submissions[conversationKey]);
  const added = useChatStore((s) => s.submissions[addedKey]);
  if (!parent || !isMulti || parent.children.length < 2) return null;
  const isFirstLive = !!first && isActivePhase(first.phase);
  const isAddedLive = !!added && isActivePhase(added.phase);
  if (!isFirstLive && !isAddedLive) return null;
  // Message's own `children` field blurs the type of a tree node's: name it.
  const children: readonly TreeNode<Message>[] = parent.children;
  const addedReplyId = added?.responseMessage.messageId;
  const firstReplyId = first?.responseMessage.messageId;
  const left = children.find((c) => c.messageId === firstReplyId || (!firstReplyId && c.messageId !== addedReplyId));
  const right = children.find((c) => c !== left && (c.messageId === addedReplyId || !addedReplyId));
  if (!left || !right) return null;
  return [
    { node: left, key: conversationKey, isStreaming: isFirstLive && left.messageId === firstReplyId },
    { node: right, key: addedKey, isStreaming: isAddedLive && right.messageId === addedReplyId },
  ];
}

/**
 * A row as it is, or, for the latest reply (given its parent) while a multi-conversation question is answered, both replies side
 * by side (stacked on a phone), each with its own stop. Once both are done the branch shows one
 * and the sibling switch the other.
 */
export function SideBySideReplies({
  parent,
  iconURL,
  children,
}: {
  parent: TreeNode<Message> | undefined;
  iconURL: string | null;
  /** The single row shown otherwise. */
  children: ReactNode;
}) {
  const { t } = useTranslation('chat');
  const columns = useSideBySideColumns(parent);
  if (!columns || !parent) return children;
  return (
    <div className="grid grid-cols-1 gap-4 md:grid-cols-2" data-testid="side-by-side-replies">
      {columns.map((column, index) => (
        <div key={column.node.messageId} className="relative min-w-0" data-testid={`multi-convo-column-${index}`}>
          {column.isStreaming ? (
            <IconButton
              label={t('multiConvo.stop')}
              onClick={() => void stopSubmission(column.key)}
              className="absolute top-1 right-1 z-10 text-fg-secondary hover:text-fg"
              data-testid="multi-convo-stop"
            >
              <Square />
            </IconButton>
          ) : null}
          <MessageRow
            node={column.node}
            siblingCount={parent.children.length}
            isLatest
            isEditing={false}
            isSubmitting
            iconURL={iconURL}
          />
        </div>
      ))}
    </div>
  );
}
