import type { Conversation } from '@confab/shared';
import * as Menu from '@radix-ui/react-dropdown-menu';
import { Archive, Bookmark, ChevronRight, Copy, Download, Ellipsis, Pencil, Share2, Trash2 } from 'lucide-react';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../../components/ui/dropdown-menu';
import { cn } from '../../../lib/cn';
import { BookmarkMenuItems, menuItemClass } from '../../bookmarks/bookmark-menu-items';
import { useConversationDialogs } from '../conversation-dialogs-store';
import { useArchiveConversation, useDuplicateConversation } from '../use-conversation-actions';

const subContentClass =
  'z-50 min-w-[12rem] overflow-hidden rounded-2xl border border-line bg-surface-elevated p-1.5 text-fg shadow-elevated outline-none data-[state=open]:animate-pop-in';

export interface ConversationMenuProps {
  conversation: Conversation;
  canShare: boolean;
  canBookmark: boolean;
  /** Shown at full strength (active row, open menu). */
  isAlwaysVisible: boolean;
  /** Small screens have no hover: the button stays visible, quieter. */
  isTouch: boolean;
  onRename(): void;
  onOpenChange(isOpen: boolean): void;
}

/** The "…" menu of a sidebar conversation (SPEC 2, Item actions). */
export function ConversationMenu({
  conversation,
  canShare,
  canBookmark,
  isAlwaysVisible,
  isTouch,
  onRename,
  onOpenChange,
}: ConversationMenuProps) {
  const { t } = useTranslation('conversations');
  const openDialog = useConversationDialogs((s) => s.open);
  const archive = useArchiveConversation();
  const duplicate = useDuplicateConversation();
  // Items that move focus elsewhere (the rename input, a dialog) must not have it pulled
  // back to the trigger when the menu closes.
  const keepFocusAway = useRef(false);
  const away = (action: () => void) => () => {
    keepFocusAway.current = true;
    action();
  };
  const isTemporary = !!conversation.expiredAt;

  return (
    <DropdownMenu modal={false} onOpenChange={onOpenChange}>
      <DropdownMenuTrigger
        className={cn(
          'focus-ring flex size-7 items-center justify-center rounded-md text-fg-secondary transition-opacity hover:text-fg data-[state=open]:text-fg data-[state=open]:opacity-100',
          isAlwaysVisible
            ? 'opacity-100'
            : isTouch
              ? 'text-fg-tertiary opacity-70'
              : 'opacity-0 group-focus-within/row:opacity-100 group-hover/row:opacity-100 focus-visible:opacity-100',
        )}
        aria-label={t('options_for', { title: conversation.title })}
        data-testid="conversation-menu-trigger"
      >
        <Ellipsis className="size-[18px]" aria-hidden />
      </DropdownMenuTrigger>
      <DropdownMenuContent
        align="start"
        className="w-52"
        data-testid="conversation-menu"
        onCloseAutoFocus={(event) => {
          if (keepFocusAway.current) event.preventDefault();
          keepFocusAway.current = false;
        }}
      >
        {canShare && !isTemporary ? (
          <DropdownMenuItem onSelect={away(() => openDialog('share', conversation))} data-testid="conversation-share">
            <Share2 aria-hidden />
            {t('share')}
          </DropdownMenuItem>
        ) : null}
        <DropdownMenuItem onSelect={away(onRename)} data-testid="conversation-rename">
          <Pencil aria-hidden />
          {t('rename')}
        </DropdownMenuItem>
        <DropdownMenuItem
          onSelect={() => duplicate.mutate(conversation.conversationId)}
          data-testid="conversation-duplicate"
        >
          <Copy aria-hidden />
          {t('duplicate')}
        </DropdownMenuItem>
        {canBookmark && !isTemporary ? (
          <Menu.Sub>
            <Menu.SubTrigger
              className={cn(menuItemClass, 'data-[state=open]:bg-surface-hover')}
              data-testid="conversation-bookmarks"
            >
              <Bookmark aria-hidden />
              <span className="flex-1">{t('bookmarks')}</span>
              <ChevronRight className="!size-4" aria-hidden />
            </Menu.SubTrigger>
            <Menu.Portal>
              <Menu.SubContent
                sideOffset={6}
                alignOffset={-6}
                className={cn(subContentClass, 'w-60')}
                data-testid="conversation-bookmarks-menu"
              >
                <BookmarkMenuItems
                  conversation={conversation}
                  onCreate={away(() => openDialog('bookmark', conversation))}
                />
              </Menu.SubContent>
            </Menu.Portal>
          </Menu.Sub>
        ) : null}
        <DropdownMenuItem onSelect={away(() => openDialog('export', conversation))} data-testid="conversation-export">
          <Download aria-hidden />
          {t('export')}
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem
          onSelect={() => archive.mutate({ conversationId: conversation.conversationId, isArchived: true })}
          data-testid="conversation-archive"
        >
          <Archive aria-hidden />
          {t('archive')}
        </DropdownMenuItem>
        <DropdownMenuItem
          onSelect={away(() => openDialog('delete', conversation))}
          className="text-danger data-[highlighted]:bg-danger-soft [&_svg]:!text-danger"
          data-testid="conversation-delete"
        >
          <Trash2 aria-hidden />
          {t('delete')}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
