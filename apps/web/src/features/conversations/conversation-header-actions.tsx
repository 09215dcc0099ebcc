import { Download, Share2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DropdownMenuItem } from '../../components/ui/dropdown-menu';
import { IconButton } from '../../components/ui/icon-button';
import { BookmarkEditDialog } from '../bookmarks/bookmark-edit-dialog';
import { BookmarkMenu } from '../bookmarks/bookmark-menu';
import { BookmarkMenuSection } from '../bookmarks/bookmark-menu-section';
import { useCanUseBookmarks } from '../bookmarks/use-bookmarks';
import { useStartupConfig } from '../config/use-startup-config';
import { LazyExportDialog } from '../import-export/lazy-export-dialog';
import { MountOnFirstOpen } from '../../components/ui/mount-on-first-open';
import { HeaderMenuSlot } from '../layout/header-menu-slot';
import { HEADER_MENU_ORDER } from '../layout/header-menu-store';
import { HeaderSlot } from '../layout/header-slot';
import { useSmallScreen } from '../layout/use-small-screen';
import { LazyShareDialog } from '../share/lazy-share-dialog';
import { useConversation } from './conversation-queries';
import { useOpenConversationId } from './use-conversation-actions';

/**
 * The conversation's controls in the chat header (SPEC 2, Header): the bookmark menu (with
 * BOOKMARKS USE, not for temporary chats), the export dialog and the share button (when shared
 * links are on). On small screens they are items of the header's "⋯" menu; the dialogs stay
 * here, so that they outlast the menu that opened them.
 */
function ConversationHeaderActions() {
  const { t } = useTranslation(['share', 'conversations']);
  const conversationId = useOpenConversationId();
  const { data: conversation } = useConversation(conversationId);
  const { data: config } = useStartupConfig();
  const canBookmark = useCanUseBookmarks();
  const isSmall = useSmallScreen();
  const [isShareOpen, setIsShareOpen] = useState(false);
  const [isExportOpen, setIsExportOpen] = useState(false);
  const [isBookmarkCreateOpen, setIsBookmarkCreateOpen] = useState(false);
  if (!conversationId || !conversation || conversation.conversationId !== conversationId) return null;
  const isTemporary = !!conversation.expiredAt;
  const canShare = (config?.sharedLinksEnabled ?? false) && !isTemporary;
  const hasBookmarks = canBookmark && !isTemporary;

  const dialogs = (
    <>
      <MountOnFirstOpen isOpen={isExportOpen}>
        <LazyExportDialog conversation={conversation} isOpen={isExportOpen} onOpenChange={setIsExportOpen} />
      </MountOnFirstOpen>
      {canShare ? (
        <MountOnFirstOpen isOpen={isShareOpen}>
          <LazyShareDialog
            conversationId={conversationId}
            title={conversation.title}
            isOpen={isShareOpen}
            onOpenChange={setIsShareOpen}
          />
        </MountOnFirstOpen>
      ) : null}
    </>
  );

  if (isSmall) {
    return (
      <>
        {hasBookmarks ? (
          <HeaderMenuSlot order={HEADER_MENU_ORDER.bookmarks}>
            <BookmarkMenuSection
              conversation={conversation}
              onCreate={() => setIsBookmarkCreateOpen(true)}
              testId="header-menu-bookmarks"
            />
          </HeaderMenuSlot>
        ) : null}
        <HeaderMenuSlot order={HEADER_MENU_ORDER.export}>
          <DropdownMenuItem
            onSelect={() => setIsExportOpen(true)}
            aria-haspopup="dialog"
            data-testid="header-menu-export"
          >
            <Download aria-hidden />
            {t('conversations:export')}
          </DropdownMenuItem>
        </HeaderMenuSlot>
        {canShare ? (
          <HeaderMenuSlot order={HEADER_MENU_ORDER.share}>
            <DropdownMenuItem
              onSelect={() => setIsShareOpen(true)}
              aria-haspopup="dialog"
              data-testid="header-menu-share"
            >
              <Share2 aria-hidden />
              {t('conversations:share')}
            </DropdownMenuItem>
          </HeaderMenuSlot>
        ) : null}
        {hasBookmarks ? (
          <BookmarkEditDialog
            isOpen={isBookmarkCreateOpen}
            onOpenChange={setIsBookmarkCreateOpen}
            conversationId={conversation.conversationId}
          />
        ) : null}
        {dialogs}
      </>
    );
  }

  return (
    <HeaderSlot position="end">
      {hasBookmarks ? <BookmarkMenu conversation={conversation} /> : null}
      <IconButton
        label={t('conversations:export_conversation')}
        onClick={() => setIsExportOpen(true)}
        className="text-fg-secondary hover:text-fg"
        data-testid="header-export"
      >
        <Download />
      </IconButton>
      {canShare ? (
        <IconButton
          label={t('share_conversation')}
          onClick={() => setIsShareOpen(true)}
          className="text-fg-secondary hover:text-fg"
          data-testid="header-share"
        >
          <Share2 />
        </IconButton>
      ) : null}
      {dialogs}
    </HeaderSlot>
  );
}

/** What the conversation features add around the chat page on /c/{id}. */
export function ConversationRouteExtras() {
  return <ConversationHeaderActions />;
}
