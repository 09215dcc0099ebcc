import type { Conversation } from '@confab/shared';
import { Bookmark, BookmarkCheck, ChevronDown } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DropdownMenuItem } from '../../components/ui/dropdown-menu';
import { cn } from '../../lib/cn';
import { BookmarkMenuItems } from './bookmark-menu-items';

/**
 * "Bookmarks" inside a menu at a phone's edge (the header's "⋯"), where a submenu beside it
 * would fall off the screen: the item unfolds the bookmark items below itself, in the same
 * menu, so arrow keys and taps reach them as any other item. `onCreate` opens the
 * new-bookmark dialog, which lives outside the menu so that it outlasts it.
 */
export function BookmarkMenuSection({
  conversation,
  onCreate,
  testId,
}: {
  conversation: Pick<Conversation, 'conversationId' | 'tags'>;
  onCreate(): void;
  /** Of the item; the unfolded items get `${testId}-menu`. */
  testId: string;
}) {
  const { t } = useTranslation('bookmarks');
  const [isExpanded, setIsExpanded] = useState(false);
  const tags = conversation.tags ?? [];
  return (
    <>
      <DropdownMenuItem
        onSelect={(event) => {
          // Unfolds in place: the menu stays open.
          event.preventDefault();
          setIsExpanded((expanded) => !expanded);
        }}
        aria-expanded={isExpanded}
        className={cn(isExpanded && 'bg-surface-hover/60')}
        data-testid={testId}
      >
        {tags.length > 0 ? <BookmarkCheck className="!text-accent" aria-hidden /> : <Bookmark aria-hidden />}
        <span className="min-w-0 flex-1 truncate">
          {tags.length > 0 ? t('bookmarked', { tags: tags.join(', ') }) : t('bookmarks')}
        </span>
        <ChevronDown className={cn('!size-4 transition-transform', isExpanded && 'rotate-180')} aria-hidden />
      </DropdownMenuItem>
      {isExpanded ? (
        <div
          className="ms-4 border-s border-line ps-1"
          role="group"
          aria-label={t('bookmarks')}
          data-testid={`${testId}-menu`}
        >
          <BookmarkMenuItems conversation={conversation} onCreate={onCreate} />
        </div>
      ) : null}
    </>
  );
}
