import type { Conversation } from '@confab/shared';
import { memo, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { cn } from '../../../lib/cn';
import { useNavVisible } from '../../layout/use-nav-visible';
import { useRenameConversation } from '../use-conversation-actions';
import { ConversationMenu } from './conversation-menu';
import { RenameInput } from './rename-input';

export interface ConversationRowProps {
  conversation: Conversation;
  isActive: boolean;
  isSmall: boolean;
  canShare: boolean;
  canBookmark: boolean;
}

/** One conversation in the sidebar: its title as a link, inline rename, and the "…" menu. */
export const ConversationRow = memo(function ConversationRow({
  conversation,
  isActive,
  isSmall,
  canShare,
  canBookmark,
}: ConversationRowProps) {
  const { t } = useTranslation('conversations');
  const [isRenaming, setIsRenaming] = useState(false);
  const [isMenuOpen, setIsMenuOpen] = useState(false);
  const { rename } = useRenameConversation();
  const title = conversation.title || t('untitled');
  const linkRef = useRef<HTMLAnchorElement>(null);
  // Enter or Escape in the editor gives focus back to the row; a click elsewhere keeps it there.
  const shouldRefocus = useRef(false);
  const endRename = () => {
    shouldRefocus.current = document.activeElement instanceof HTMLInputElement;
    setIsRenaming(false);
  };
  useEffect(() => {
    if (isRenaming || !shouldRefocus.current) return;
    shouldRefocus.current = false;
    linkRef.current?.focus();
  }, [isRenaming]);

  if (isRenaming) {
    return (
      <div className="h-full py-px" data-testid="conversation-row" data-conversation-id={conversation.conversationId}>
        <RenameInput
          initialValue={conversation.title}
          onCancel={endRename}
          onSave={(value) => {
            endRename();
            rename(conversation, value);
          }}
        />
      </div>
    );
  }

  const isHighlighted = isActive || isMenuOpen;
  return (
    <div
      className={cn(
        'group/row relative flex h-full items-center rounded-lg transition-colors',
        isActive ? 'bg-surface-active' : isMenuOpen ? 'bg-surface-hover' : 'hover:bg-surface-hover',
      )}
      data-testid="conversation-row"
      data-conversation-id={conversation.conversationId}
      data-active={isActive || undefined}
    >
      <Link
        ref={linkRef}
        to={`/c/${conversation.conversationId}`}
        onClick={() => isSmall && useNavVisible.getState().setNavVisible(false)}
        onDoubleClick={(event) => {
          // SPEC 2: double-click renames, except on small screens (touch double-taps zoom).
          if (isSmall) return;
          event.preventDefault();
          setIsRenaming(true);
        }}
        aria-current={isActive ? 'page' : undefined}
        title={title}
        className={cn(
          'focus-ring flex h-full min-w-0 flex-1 items-center rounded-lg pl-2.5 text-sm',
          isHighlighted ? 'text-fg' : 'text-fg/90',
        )}
        data-testid="conversation-link"
      >
        <span
          className={cn(
            'block min-w-0 flex-1 overflow-hidden whitespace-nowrap',
            // The title fades out before the menu button (its 28 px sit 4 px from the row's end)
            // instead of ending in "…" or running under the "⋯"; without the button, at the edge.
            isHighlighted || isSmall
              ? '[mask-image:linear-gradient(to_right,#000_calc(100%-3.75rem),transparent_calc(100%-2.25rem))]'
              : '[mask-image:linear-gradient(to_right,#000_calc(100%-1.5rem),transparent)] group-focus-within/row:[mask-image:linear-gradient(to_right,#000_calc(100%-3.75rem),transparent_calc(100%-2.25rem))] group-hover/row:[mask-image:linear-gradient(to_right,#000_calc(100%-3.75rem),transparent_calc(100%-2.25rem))]',
          )}
          data-testid="conversation-title"
        >
          {title}
        </span>
      </Link>
      <div className="absolute inset-y-0 right-1 flex items-center">
        <ConversationMenu
          conversation={conversation}
          canShare={canShare}
          canBookmark={canBookmark}
          isAlwaysVisible={isHighlighted}
          isTouch={isSmall}
          onRename={() => setIsRenaming(true)}
          onOpenChange={setIsMenuOpen}
        />
      </div>
    </div>
  );
});
