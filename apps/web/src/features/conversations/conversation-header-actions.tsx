import { Download, Share2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IconButton } from '../../components/ui/icon-button';
import { BookmarkMenu } from '../bookmarks/bookmark-menu';
import { useCanUseBookmarks } from '../bookmarks/use-bookmarks';
import { useStartupConfig } from '../config/use-startup-config';
import { LazyExportDialog } from '../import-export/lazy-export-dialog';
import { MountOnFirstOpen } from '../../components/ui/mount-on-first-open';
import { HeaderSlot } from '../layout/header-slot';
import { LazyShareDialog } from '../share/lazy-share-dialog';
import { useConversation } from './conversation-queries';
import { useOpenConversationId } from './use-conversation-actions';

/**
 * The conversation's controls in the chat header (SPEC 2, Header): the bookmark menu (with
 * BOOKMARKS USE, not for temporary chats), the export dialog and the share button (when shared
 * links are on).
 */
function ConversationHeaderActions() {
  const { t } = useTranslation(['share', 'conversations']);
  const conversationId = useOpenConversationId();
  const { data: conversation } = useConversation(conversationId);
  const { data: config } = useStartupConfig();
  const canBookmark = useCanUseBookmarks();
  const [isShareOpen, setIsShareOpen] = useState(false);
  const [isExportOpen, setIsExportOpen] = useState(false);
  if (!conversationId || !conversation || conversation.conversationId !== conversationId) return null;
  const isTemporary = !!conversation.expiredAt;
  const canShare = (config?.sharedLinksEnabled ?? false) && !isTemporary;

  return (
    <HeaderSlot position="end">
      {canBookmark && !isTemporary ? <BookmarkMenu conversation={conversation} /> : null}
      <IconButton
        label={t('conversations:export_conversation')}
        onClick={() => setIsExportOpen(true)}
        className="text-fg-secondary hover:text-fg"
        data-testid="header-export"
      >
        <Download />
      </IconButton>
      <MountOnFirstOpen isOpen={isExportOpen}>
        <LazyExportDialog conversation={conversation} isOpen={isExportOpen} onOpenChange={setIsExportOpen} />
      </MountOnFirstOpen>
      {canShare ? (
        <>
          <IconButton
            label={t('share_conversation')}
            onClick={() => setIsShareOpen(true)}
            className="text-fg-secondary hover:text-fg"
            data-testid="header-share"
          >
            <Share2 />
          </IconButton>
          <MountOnFirstOpen isOpen={isShareOpen}>
            <LazyShareDialog
              conversationId={conversationId}
              title={conversation.title}
              isOpen={isShareOpen}
              onOpenChange={setIsShareOpen}
            />
          </MountOnFirstOpen>
        </>
      ) : null}
    </HeaderSlot>
  );
}

/** What the conversation features add around the chat page on /c/{id}. */
export function ConversationRouteExtras() {
  return <ConversationHeaderActions />;
}
