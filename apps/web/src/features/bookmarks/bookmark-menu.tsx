import type { Conversation } from '@confab/shared';
import { Bookmark, BookmarkCheck } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClasses } from '../../components/ui/button-variants';
import { DropdownMenu, DropdownMenuContent, DropdownMenuTrigger } from '../../components/ui/dropdown-menu';
import { Tooltip } from '../../components/ui/tooltip';
import { BookmarkEditDialog } from './bookmark-edit-dialog';
import { BookmarkMenuItems } from './bookmark-menu-items';

/** The header's bookmark control (SPEC 2): marks the open conversation with bookmarks. */
export function BookmarkMenu({ conversation }: { conversation: Pick<Conversation, 'conversationId' | 'tags'> }) {
  const { t } = useTranslation('bookmarks');
  const [isCreateOpen, setIsCreateOpen] = useState(false);
  const isBookmarked = (conversation.tags ?? []).length > 0;
  const label = isBookmarked ? t('bookmarked', { tags: conversation.tags.join(', ') }) : t('bookmarks');
  return (
    <>
      <DropdownMenu modal={false}>
        <Tooltip content={label}>
          <DropdownMenuTrigger
            className={buttonClasses(
              'ghost',
              'icon',
              'text-fg-secondary hover:text-fg data-[state=open]:bg-surface-hover',
            )}
            aria-label={label}
            data-testid="bookmark-menu-trigger"
          >
            {isBookmarked ? <BookmarkCheck className="text-accent" /> : <Bookmark />}
          </DropdownMenuTrigger>
        </Tooltip>
        <DropdownMenuContent align="end" className="w-64" data-testid="bookmark-menu">
          <BookmarkMenuItems conversation={conversation} onCreate={() => setIsCreateOpen(true)} />
        </DropdownMenuContent>
      </DropdownMenu>
      <BookmarkEditDialog
        isOpen={isCreateOpen}
        onOpenChange={setIsCreateOpen}
        conversationId={conversation.conversationId}
      />
    </>
  );
}
