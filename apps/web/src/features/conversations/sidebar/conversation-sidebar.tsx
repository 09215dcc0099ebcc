import { useEffect, useMemo } from 'react';
import { BookmarkEditDialog } from '../../bookmarks/bookmark-edit-dialog';
import { BookmarkFilter } from '../../bookmarks/bookmark-filter';
import { useBookmarkFilter } from '../../bookmarks/bookmark-filter-store';
import { useCanUseBookmarks, useTagsQuery } from '../../bookmarks/use-bookmarks';
import { useStartupConfig } from '../../config/use-startup-config';
import { SearchBox } from '../../search/search-box';
import { useSearchStore } from '../../search/search-store';
import { useSearchEnabledQuery } from '../../search/use-search-enabled';
import { useRolePermissions } from '../../roles/use-role-permissions';
import { LazyExportDialog } from '../../import-export/lazy-export-dialog';
import { MountOnFirstOpen } from '../../../components/ui/mount-on-first-open';
import { LazyShareDialog } from '../../share/lazy-share-dialog';
import { useConversationDialogs } from '../conversation-dialogs-store';
import { prefetchConversationList } from '../conversation-queries';
import { DEFAULT_FILTERS, type ConversationFilters } from '../conversations-api';
import { DeleteConversationDialog } from '../delete-conversation-dialog';
import { ConversationList } from './conversation-list';
import { ConversationListSkeleton } from './conversation-list-skeleton';

/** The dialogs a row's menu opens, mounted once for the whole list. */
function ConversationDialogs() {
  const kind = useConversationDialogs((s) => s.kind);
  const conversation = useConversationDialogs((s) => s.conversation);
  const close = useConversationDialogs((s) => s.close);
  const onOpenChange = (isOpen: boolean) => (isOpen ? undefined : close());
  return (
    <>
      <DeleteConversationDialog conversation={conversation} isOpen={kind === 'delete'} onOpenChange={onOpenChange} />
      <MountOnFirstOpen isOpen={kind === 'share'}>
        <LazyShareDialog
          conversationId={conversation?.conversationId ?? null}
          title={conversation?.title}
          isOpen={kind === 'share'}
          onOpenChange={onOpenChange}
        />
      </MountOnFirstOpen>
      <BookmarkEditDialog
        conversationId={conversation?.conversationId ?? null}
        isOpen={kind === 'bookmark'}
        onOpenChange={onOpenChange}
      />
      {conversation ? (
        <MountOnFirstOpen isOpen={kind === 'export'}>
          <LazyExportDialog conversation={conversation} isOpen={kind === 'export'} onOpenChange={onOpenChange} />
        </MountOnFirstOpen>
      ) : null}
    </>
  );
}

/**
 * The sidebar's conversation area (SPEC 2): search box, bookmark filter and the grouped,
 * infinitely scrolling list of conversations.
 */
export function ConversationSidebar() {
  const { data: config, isPending: isConfigPending } = useStartupConfig();
  const searchEnabled = useSearchEnabledQuery();
  const isSearchEnabled = searchEnabled.data === true;
  const canBookmark = useCanUseBookmarks();
  const { permissions, isError: isRoleError } = useRolePermissions();
  // Asked beside the role, not once it allows bookmarks: the bookmark row shows only with one.
  const tagList = useTagsQuery(!isConfigPending && config?.interface?.bookmarks !== false);
  // The search box and the bookmark row show or not from the first frame the list does: popping
  // in later, each pushed the list down by a row (issue 35). Their answers are small and asked
  // with the list's, so the list's skeleton stands for all of them until they are in.
  const isHeadKnown =
    !searchEnabled.isPending &&
    !isConfigPending &&
    (permissions !== undefined || isRoleError) &&
    (!canBookmark || !tagList.isPending);
  const search = useSearchStore((s) => s.debouncedQuery);
  const tags = useBookmarkFilter((s) => s.tags);
  const filters = useMemo<ConversationFilters>(
    () => ({ ...DEFAULT_FILTERS, search: isSearchEnabled ? search : '', tags: canBookmark ? tags : [] }),
    [isSearchEnabled, search, canBookmark, tags],
  );
  useEffect(() => {
    if (!isHeadKnown) prefetchConversationList(filters);
  }, [isHeadKnown, filters]);

  return (
    <div className="flex h-full flex-col" data-testid="conversation-sidebar">
      {isHeadKnown ? (
        <>
          {/* pt-1: room for the search box's focus ring inside the scrolling sidebar. */}
          <div className="shrink-0 pt-1">
            {isSearchEnabled ? <SearchBox /> : null}
            {canBookmark ? <BookmarkFilter /> : null}
          </div>
          <ConversationList
            filters={filters}
            canShare={config?.sharedLinksEnabled ?? false}
            canBookmark={canBookmark}
          />
        </>
      ) : (
        <ConversationListSkeleton className="pt-1" />
      )}
      <ConversationDialogs />
    </div>
  );
}
