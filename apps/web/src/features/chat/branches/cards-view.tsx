import { buildMessageTree, type Message, type TreeNode } from '@confab/shared';
import { useMemo, type MouseEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../../lib/cn';
import { useMessagesQuery } from '../api/chat-queries';
import { AssistantContent } from '../messages/assistant-content';
import { useChatActions } from '../messages/chat-actions-context';
import { forkableConversationId } from '../messages/fork-request';
import { MessageAvatar } from '../messages/message-avatar';
import { pickCardPair } from './cards-mode';
import { CardsToggle } from './cards-toggle';

export interface SiblingCardsProps {
  /** The reply the branch shows now. */
  node: TreeNode<Message>;
  parentKey: string;
  siblingCount: number;
  iconURL: string | null;
  /** Rendered instead while the stored siblings do not match the branch (a reply still streams). */
  fallback: ReactNode;
}

/**
 * Cards mode (SPEC 4, sibling navigation): two sibling replies side by side, the shown one
 * marked; clicking the other makes it the latest, the branch then runs through it. Read from the
 * stored messages, so a reply still streaming shows as the usual row until it is saved.
 */
export function SiblingCards({ node, parentKey, siblingCount, iconURL, fallback }: SiblingCardsProps) {
  const { t } = useTranslation('chat');
  const actions = useChatActions();
  const stored = useMessagesQuery(forkableConversationId(actions.conversationKey)).data;
  const siblings = useMemo(
    () => buildMessageTree((stored ?? []).filter((m) => m.parentMessageId === parentKey)),
    [stored, parentKey],
  );
  const pair = pickCardPair(node.siblingIndex, siblingCount);
  if (!pair || siblings.length !== siblingCount || siblings[node.siblingIndex]?.messageId !== node.messageId) {
    return <>{fallback}</>;
  }

  const select = (index: number) => actions.selectSibling(parentKey, index, siblingCount);
  return (
    <div
      className="grid grid-cols-1 gap-3 px-4 pt-1 pb-2 sm:grid-cols-2 sm:px-6"
      role="group"
      aria-label={t('message.cards_label', { index: pair[0] + 1, other: pair[1] + 1, count: siblingCount })}
      data-testid="sibling-cards"
    >
      {pair.map((index) => {
        const sibling = siblings[index];
        if (!sibling) return null;
        const isShown = index === node.siblingIndex;
        // A click on a link or button inside the reply does its own thing.
        const onCardClick = (e: MouseEvent) => {
          if (!isShown && !(e.target as HTMLElement).closest('a, button')) select(index);
        };
        return (
          <article
            key={sibling.messageId}
            onClick={onCardClick}
            aria-current={isShown || undefined}
            className={cn(
              'min-w-0 rounded-2xl border p-3 transition-colors',
              isShown ? 'border-accent ring-1 ring-accent' : 'cursor-pointer border-line hover:bg-surface-hover',
            )}
            data-testid="sibling-card"
            data-message-id={sibling.messageId}
            data-shown={isShown || undefined}
          >
            <div className="mb-1 flex items-center gap-2 text-sm font-semibold text-fg">
              <MessageAvatar endpoint={sibling.endpoint} iconURL={iconURL} className="size-6" />
              <span className="min-w-0 flex-1 truncate">{sibling.sender || t('message.assistant')}</span>
              <button
                type="button"
                onClick={() => select(index)}
                disabled={isShown}
                aria-label={t('message.cards_choose', { index: index + 1, count: siblingCount })}
                className="focus-ring rounded-md px-1.5 text-xs font-medium text-fg-secondary tabular-nums hover:bg-surface-hover disabled:cursor-default disabled:hover:bg-transparent"
                data-testid="sibling-card-choose"
              >
                {t('message.sibling_position', { index: index + 1, count: siblingCount })}
              </button>
            </div>
            <div className="scrollbar-thin max-h-96 overflow-y-auto">
              <AssistantContent message={sibling} isStreaming={false} />
            </div>
          </article>
        );
      })}
      <div className="-ms-1.5 flex items-center sm:col-span-2">
        <CardsToggle parentKey={parentKey} siblingCount={siblingCount} />
      </div>
    </div>
  );
}
